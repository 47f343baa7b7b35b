import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Locale } from '#shared/constants.ts';
import { formatDateTime } from '#shared/format.ts';
import type { AccountSession } from '#shared/schemas/sessions.ts';
import { passwordField } from '#shared/schemas/account.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError, isAbort } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/lib/session/auth-context.tsx';
import {
  changePassword,
  endAllSessions,
  endSession,
  listSessions,
  requestDataExport,
} from '../api/auth-requests.ts';
import { ChangeEmail } from './change-email.tsx';
import { ChangePhone } from './change-phone.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { NewPasswordInputs, useNewPassword } from './new-password-fields.tsx';

const checkPassword = (value: string) => {
  const result = passwordField().safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

/** A browser's name and system from its user agent, in a few words (or the raw text). */
function deviceName(userAgent: string | null, unknown: string): string {
  if (!userAgent) return unknown;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return browser && system ? `${browser} · ${system}` : userAgent.slice(0, 60);
}

/** The account page's security: change the password, and the signed-in devices (issue 38). */
export function AccountSecurity() {
  const { user, refresh } = useAuth();
  return (
    <div className="mt-10 flex flex-col gap-10">
      <ChangePassword />
      {user && <ChangeEmail current={user.email} />}
      {user && <ChangePhone current={user.phone ?? null} onChanged={() => void refresh()} />}
      <Sessions />
      <YourData />
      <DeleteAccount />
    </div>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string | undefined> = newPassword.problems(checkPassword);
    if (!current) found.current = 'fields.required';
    setErrors(found);
    setProblem(null);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await changePassword({
        currentPassword: current,
        newPassword: newPassword.password,
        revokeOtherSessions: signOutOthers,
      });
      setCurrent('');
      newPassword.clear();
      toast({ title: t('account.security.changed') });
    } catch (error) {
      console.error('Password change failed', error);
      if (error instanceof ApiRequestError && error.fields) {
        setErrors({ current: error.fields.currentPassword, password: error.fields.newPassword });
      }
      setProblem(error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="change-password"
      className="rounded-3xl border border-sand-200 bg-white p-6"
    >
      <h2 id="change-password" className="mb-4 text-xl font-bold text-ink">
        {t('account.security.passwordTitle')}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Field label={t('account.security.currentPassword')} error={fieldError(errors.current)}>
          {(control) => (
            <Input
              {...control}
              type="password"
              dir="ltr"
              name="current-password"
              autoComplete="current-password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
            />
          )}
        </Field>
        <NewPasswordInputs state={newPassword} errors={errors} />
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={signOutOthers}
            onChange={(event) => setSignOutOthers(event.target.checked)}
          />
          {t('account.security.signOutOthers')}
        </label>
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {problem}
          </p>
        )}
        <Button type="submit" className="self-start" disabled={busy}>
          {busy ? t('auth.working') : t('account.security.changePassword')}
        </Button>
      </form>
    </section>
  );
}

function Sessions() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const navigate = useNavigate();
  const { sessionEnded } = useAuth();
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [failed, setFailed] = useState(false);

  const [version, setVersion] = useState(0);
  useEffect(() => {
    // Aborted when the page goes, or the session ends (the auth context): no answer then meets a
    // 401.
    const abort = new AbortController();
    listSessions(abort.signal).then(
      (answer) => {
        if (abort.signal.aborted) return;
        setSessions(answer.sessions);
        setFailed(false);
      },
      (error: unknown) => {
        if (abort.signal.aborted || isAbort(error)) return;
        console.error('Could not load the sessions', error);
        setFailed(true);
      },
    );
    return () => abort.abort();
  }, [version]);

  const end = async (id: string) => {
    try {
      await endSession(id);
      toast({ title: t('account.security.signedOutOne') });
    } catch (error) {
      console.error('Could not end the session', error);
    }
    setVersion((v) => v + 1);
  };
  const endAll = async () => {
    try {
      await endAllSessions();
    } catch (error) {
      console.error('Could not sign out everywhere', error);
    }
    // This session ended with the others: to the sign-in, asking nothing signed-in on the way.
    await sessionEnded(async () => {
      await navigate(paths.auth, { replace: true });
    });
  };

  return (
    <section aria-labelledby="sessions" className="rounded-3xl border border-sand-200 bg-white p-6">
      <h2 id="sessions" className="mb-4 text-xl font-bold text-ink">
        {t('account.security.sessionsTitle')}
      </h2>
      {failed && (
        <p role="alert" className="text-sm text-red-800">
          {t('errors:INTERNAL_ERROR')}
        </p>
      )}
      {sessions && (
        <ul className="flex flex-col divide-y divide-sand-200">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
              <MonitorSmartphone aria-hidden className="size-5 text-brand-700" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold text-ink" dir="auto">
                  {deviceName(session.userAgent, t('account.security.unknownDevice'))}
                  {session.current && (
                    <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
                      {t('account.security.thisDevice')}
                    </span>
                  )}
                </span>
                <span className="text-sm text-muted">
                  {t('account.security.lastActive', {
                    when: formatDateTime(new Date(session.lastActiveAt), locale),
                  })}
                  {session.ipAddress && (
                    <>
                      {' · '}
                      <bdi>{session.ipAddress}</bdi>
                    </>
                  )}
                </span>
              </div>
              {!session.current && (
                <Button variant="outline" size="sm" onClick={() => void end(session.id)}>
                  {t('account.security.signOutThis')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" className="mt-4" onClick={() => void endAll()}>
        <LogOut aria-hidden className="size-4" />
        {t('account.security.signOutEverywhere')}
      </Button>
    </section>
  );
}

/** "Download my data" (PDPL's right of access): prepared by the server and emailed as a link. */
function YourData() {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'asked'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const ask = async () => {
    setState('busy');
    setProblem(null);
    try {
      await requestDataExport();
      setState('asked');
    } catch (error) {
      console.error('Could not ask for the data export', error);
      setProblem(error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'));
      setState('idle');
    }
  };
  return (
    <section
      aria-labelledby="your-data"
      className="rounded-3xl border border-sand-200 bg-white p-6"
    >
      <h2 id="your-data" className="mb-2 text-xl font-bold text-ink">
        {t('account.data.title')}
      </h2>
      <p className="mb-4 text-muted">{t('account.data.text')}</p>
      {state === 'asked' ? (
        <p
          role="status"
          className="rounded-xl bg-brand-50 p-3 text-sm font-semibold text-brand-700"
        >
          {t('account.data.asked')}
        </p>
      ) : (
        <Button variant="outline" disabled={state === 'busy'} onClick={() => void ask()}>
          {state === 'busy' ? t('auth.working') : t('account.data.download')}
        </Button>
      )}
      {problem && (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </section>
  );
}
