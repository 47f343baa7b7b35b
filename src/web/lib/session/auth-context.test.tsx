// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '#shared/schemas/me.ts';
import { apiFetch } from '../api-client.ts';
import { setLocale } from '../i18n.ts';
import { AuthProvider, useAuth, USER_STORAGE_KEY } from './auth-context.tsx';
import { isSignedInPath } from './signed-in-paths.ts';

/**
 * While a page ends the session (signing out, or after the account's deletion), no request to a
 * signed-in path starts and those in flight are aborted: each would meet a 401, which the browser
 * reports as a failed request. Requests of the public pages go on; the next session asks again.
 */

const ME: MeResponse = {
  user: {
    id: 'u1',
    email: 'renter@example.sa',
    emailVerified: true,
    fullName: 'نورة',
    name: 'نورة',
    phone: null,
    phoneVerified: false,
    locale: 'ar',
    whatsappOptInAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
  },
  roles: ['user'],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const aborted = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError');

/** The paths fetch was asked for (a request whose signal was already aborted never starts). */
const asked: string[] = [];
/** Answers of /api/me/unread that wait until the test gives them (or their signal aborts). */
const waiting: Array<() => void> = [];

const api = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const signal = init?.signal ?? undefined;
  // fetch's contract: an aborted signal rejects at once, before anything is sent
  if (signal?.aborted) return Promise.reject(aborted(signal));
  const { pathname } = new URL(String(input), 'http://localhost');
  asked.push(`${init?.method ?? 'GET'} ${pathname}`);
  if (pathname === '/api/auth/get-session') return Promise.resolve(json({ user: { id: 'u1' } }));
  if (pathname === '/api/me') return Promise.resolve(json(ME));
  if (pathname === '/api/auth/sign-out') return Promise.resolve(json({ success: true }));
  if (pathname === '/api/spaces') return Promise.resolve(json({ items: [] }));
  return new Promise<Response>((resolve, reject) => {
    waiting.push(() => resolve(json({ messages: 2 })));
    signal?.addEventListener('abort', () => reject(aborted(signal)));
  });
});

/** The context as the page last rendered it. */
const seen: { auth: ReturnType<typeof useAuth> | null } = { auth: null };
function Probe() {
  const auth = useAuth();
  useLayoutEffect(() => {
    seen.auth = auth;
  });
  return (
    <p data-testid="state">
      {auth.user ? 'signed-in' : 'nobody'} {auth.sessionEnding ? 'ending' : 'steady'}
    </p>
  );
}
const auth = () => seen.auth!;
const state = () => screen.getByTestId('state').textContent;

async function signedIn() {
  window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(ME.user));
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  await vi.waitFor(() => expect(asked).toContain('GET /api/me'));
  await vi.waitFor(() => expect(auth().loading).toBe(false));
  expect(state()).toBe('signed-in steady');
  asked.length = 0;
}

/** Starts ending the session with a `leave` that lasts until `finish` lets it end. */
function endingWith(end: (leave: () => Promise<void>) => Promise<void>) {
  let leaveDone = () => {};
  const left = new Promise<void>((resolve) => (leaveDone = resolve));
  let ending: Promise<void> = Promise.resolve();
  act(() => {
    ending = end(() => left);
  });
  const finish = () =>
    act(async () => {
      leaveDone();
      await ending;
    });
  return { finish };
}

/** Signed in, with the unread count asked and not yet answered; `asked` empty again. */
async function signedInAsking() {
  await signedIn();
  const inFlight = outcome(apiFetch('/api/me/unread'));
  await vi.waitFor(() => expect(asked).toEqual(['GET /api/me/unread']));
  asked.length = 0;
  // in an object: an async function would wait for the answer it returns
  return { inFlight };
}

/** What a request came to: its answer, or the name of its error. */
const outcome = (request: Promise<unknown>) =>
  request.then(
    (answer) => ({ answer }),
    (error: Error) => ({ error: error.name }),
  );

describe('the auth context while the session ends', () => {
  beforeEach(async () => {
    vi.stubGlobal('fetch', api);
    asked.length = 0;
    waiting.length = 0;
    window.localStorage.clear();
    await setLocale('ar');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('signing out aborts the signed-in requests in flight, starts none, lets public ones through, then asks again', async () => {
    const { inFlight } = await signedInAsking();

    // The page moves home now (`leave`): what it asks while the session is ending.
    const { finish } = endingWith((leave) => auth().signOut(leave));
    const during = {
      state: state(),
      inFlight: await inFlight,
      sessions: await outcome(apiFetch('/api/me/sessions')),
      hostBookings: await outcome(apiFetch('/api/host/bookings?status=pending')),
      spaces: await outcome(apiFetch('/api/spaces')),
      copy: window.localStorage.getItem(USER_STORAGE_KEY) !== null,
    };
    await finish();

    expect(during).toEqual({
      state: 'signed-in ending',
      inFlight: { error: 'AbortError' },
      sessions: { error: 'AbortError' },
      hostBookings: { error: 'AbortError' },
      spaces: { answer: { items: [] } },
      // the copy (which other tabs listen to) goes only once the page has left
      copy: true,
    });
    // none of the refused ones reached the network; the sign-out did, after the page had left
    expect(asked).toEqual(['GET /api/spaces', 'POST /api/auth/sign-out']);
    expect(state()).toBe('nobody steady');
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();

    // The next session's requests start again.
    asked.length = 0;
    const next = outcome(apiFetch('/api/me/unread'));
    await vi.waitFor(() => expect(asked).toEqual(['GET /api/me/unread']));
    waiting.at(-1)!();
    expect(await next).toEqual({ answer: { messages: 2 } });
  });

  it('a session the server ended (the account deleted) ends here without a sign-out request', async () => {
    const { inFlight } = await signedInAsking();
    const { finish } = endingWith((leave) => auth().sessionEnded(leave));
    const during = [state(), await inFlight, await outcome(apiFetch('/api/me'))];
    await finish();
    expect(during).toEqual(['signed-in ending', { error: 'AbortError' }, { error: 'AbortError' }]);
    expect(asked).toEqual([]);
    expect(state()).toBe('nobody steady');
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('the answer to a signed-in request that came before the end is kept', async () => {
    await signedIn();
    const answered = outcome(apiFetch('/api/me/unread'));
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    waiting[0]!();
    expect(await answered).toEqual({ answer: { messages: 2 } });
  });
});

describe('isSignedInPath', () => {
  it('holds the signed-in namespaces, with or without a query, and nothing public', () => {
    for (const path of [
      '/api/me',
      '/api/me/unread',
      '/api/me/sessions?x=1',
      '/api/host/bookings',
      '/api/admin/invoices',
      '/api/conversations/c1/messages',
      '/api/messages/m1/report',
      '/api/invoices/d1',
    ])
      expect(isSignedInPath(path), path).toBe(true);
    for (const path of [
      '/api/spaces',
      '/api/config',
      '/api/auth/sign-out',
      '/api/auth/get-session',
      '/api/media',
      '/api/mess',
      '/api/meetings',
    ])
      expect(isSignedInPath(path), path).toBe(false);
  });
});
