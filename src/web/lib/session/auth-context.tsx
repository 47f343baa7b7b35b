import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { isAdminRole } from '#shared/domain/roles.ts';
import type { MeResponse, MeUser } from '#shared/schemas/me.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { translate } from '../i18n.ts';
import { getMe } from './get-me.ts';
import { ApiRequestError, followSession } from '../api-client.ts';
import { signOutRequest } from './sign-out.ts';

/** localStorage key of the copy of the user (docs/product-spec.md §3, Session). */
export const USER_STORAGE_KEY = 'user';

interface AuthState {
  /** The signed-in user; from the local copy until the server answers. */
  user: MeUser | null;
  roles: string[];
  /** True until the server has answered at least once. */
  loading: boolean;
  /** Roles come from the server only: false while they are unknown. */
  rolesLoaded: boolean;
  isAdmin: boolean;
  /** Ask the server again (after a sign-in, or when another tab changed the user). */
  refresh: () => Promise<void>;
  /**
   * True while this page ends the session: no signed-in request starts, and those in flight are
   * aborted (src/web/lib/session/signed-in-paths.ts), for each would meet a 401.
   */
  sessionEnding: boolean;
  /**
   * Signs out. `leave` runs first, the session already ending: it moves off a page that needs the
   * session (the header goes home), which would otherwise send the reader to sign in again.
   */
  signOut: (leave?: () => Promise<void>) => Promise<void>;
  /**
   * The server has ended every session itself (an account's deletion, decision 071): `leave`
   * runs while the session is ending, then nobody is signed in — nothing more is asked.
   */
  sessionEnded: (leave?: () => Promise<void>) => Promise<void>;
}

const stay = async () => {};

const AuthContext = createContext<AuthState | null>(null);

function readCopy(): MeUser | null {
  try {
    const raw = window.localStorage.getItem(USER_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as MeUser) : null;
  } catch {
    return null;
  }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function writeCopy(user: MeUser | null) {
  try {
    if (user) window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    /* storage unavailable: the session still works, only the instant greeting is lost */
  }
}

/**
 * The session as docs/product-spec.md §4 describes it: start loading, paint the greeting from the
 * local copy at once, then ask the server — which decides (docs/architecture.md: an expired session
 * clears the copy). A change of the copy in another tab reloads the user. Roles reload with every
 * change of user and are empty with no user.
 */
export function AuthProvider({
  children,
  session,
}: {
  children: ReactNode;
  /**
   * The server's answer a pre-rendered page was drawn with (decision 038): the first render draws
   * the same header, and the local copy follows it. undefined: start from the local copy.
   */
  session?: MeResponse | null;
}) {
  const known = session !== undefined;
  const [user, setUser] = useState<MeUser | null>(() =>
    known ? (session?.user ?? null) : readCopy(),
  );
  const [roles, setRoles] = useState<string[]>(() => session?.roles ?? []);
  const [loading, setLoading] = useState(!known);
  const [rolesLoaded, setRolesLoaded] = useState(known);
  const request = useRef<AbortController | null>(null);
  // One controller a session: aborted when it starts to end, a new one once nobody is signed in.
  const lifetime = useRef(new AbortController());
  const [sessionEnding, setSessionEnding] = useState(false);
  useEffect(() => followSession(() => lifetime.current.signal), []);
  const [fromServer] = useState(() => (known ? { user: session?.user ?? null } : null));
  useEffect(() => {
    if (fromServer) writeCopy(fromServer.user);
  }, [fromServer]);

  const refresh = useCallback(async () => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      const me = await getMe(controller.signal);
      if (controller.signal.aborted) return;
      // Most answers repeat what the page already shows (the pre-rendered session, decision 038):
      // then the state stays the same objects and nothing that reads the session renders again.
      const nextUser = me?.user ?? null;
      const nextRoles = me?.roles ?? [];
      setUser((current) => (sameJson(current, nextUser) ? current : nextUser));
      setRoles((current) => (sameJson(current, nextRoles) ? current : nextRoles));
      setRolesLoaded(true);
      writeCopy(me?.user ?? null);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      // The server could not be reached: keep the local copy (docs/product-spec.md §4); roles stay
      // unknown.
      console.error('Could not load the session', error);
    } finally {
      if (!controller.signal.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- refresh() sets state only after the server answers
    void refresh();
    const onStorage = (event: StorageEvent) => {
      if (event.key !== USER_STORAGE_KEY && event.key !== null) return;
      if (event.key === USER_STORAGE_KEY && event.newValue === null) {
        // Signed out in another tab: that tab is ending the session on the server right now, so
        // asking the server could race it. The copy's removal is the answer: no user, no roles.
        request.current?.abort();
        setUser(null);
        setRoles([]);
        return;
      }
      void refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      request.current?.abort();
    };
  }, [refresh]);

  /** Ends the session on this page: `leave`, then `end`, while no signed-in request runs. */
  const endSession = useCallback(async (leave: () => Promise<void>, end: () => Promise<void>) => {
    request.current?.abort();
    lifetime.current.abort();
    setSessionEnding(true);
    try {
      await leave();
      // The copy goes first: other tabs hear of the sign-out now (the storage event above).
      writeCopy(null);
      await end();
    } finally {
      // In a transition, as the router's own change of page is: the two are drawn together, so
      // the page that needed the session never sees it gone (it would send the reader to sign
      // in). Known now even if the first answer was still on its way (aborted above).
      startTransition(() => {
        setUser(null);
        setRoles([]);
        setRolesLoaded(true);
        setLoading(false);
        setSessionEnding(false);
      });
      lifetime.current = new AbortController();
    }
  }, []);

  const signOut = useCallback(
    (leave: () => Promise<void> = stay) =>
      endSession(leave, async () => {
        try {
          await signOutRequest();
        } catch (error) {
          console.error('Sign-out failed', error);
          toast({
            variant: 'destructive',
            title: translate('auth.signOutFailed'),
            // The server's own message (in the page's language), e.g. which address to open.
            description:
              error instanceof ApiRequestError ? error.message : translate('errors:INTERNAL_ERROR'),
          });
        }
      }),
    [endSession],
  );

  const sessionEnded = useCallback(
    (leave: () => Promise<void> = stay) => endSession(leave, stay),
    [endSession],
  );

  const value = useMemo<AuthState>(
    () => ({
      user,
      roles,
      loading,
      rolesLoaded,
      isAdmin: rolesLoaded && isAdminRole(roles),
      refresh,
      sessionEnding,
      signOut,
      sessionEnded,
    }),
    [user, roles, loading, rolesLoaded, refresh, sessionEnding, signOut, sessionEnded],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
