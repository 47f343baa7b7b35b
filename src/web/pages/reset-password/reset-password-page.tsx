import { BadgeCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { passwordField } from '#shared/schemas/account.ts';
import { emailField } from '#shared/schemas/fields.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import {
  requestPasswordReset,
  resetPasswordWithCode,
  resetPasswordWithToken,
  sendResetCode,
} from '#web/features/account/api/auth-requests.ts';
import {
  PhoneCodeButton,
  PhoneCodeFields,
  usePhoneCode,
} from '#web/features/account/components/phone-code-fields.tsx';
import {
  NewPasswordInputs,
  useNewPassword,
} from '#web/features/account/components/new-password-fields.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;
const checkPassword = (value: string) => firstIssue(passwordField().safeParse(value));

/**
 * Forgot the password (issue 38): a link by email or a code by SMS, then a new password. With
 * `?token=` (the email's link) it asks for the new password straight away.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageMeta(t('auth.reset.title'), t('auth.reset.intro'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);
  return (
    <>
      <PageHeader title={t('auth.reset.title')} intro={done ? undefined : t('auth.reset.intro')} />
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:px-6">
        <div className="rounded-3xl border border-sand-200 bg-white p-6 shadow-card sm:p-8">
          {done ? (
            <div className="flex flex-col gap-4" role="status">
              <p className="flex items-center gap-2 font-semibold text-brand-700">
                <BadgeCheck aria-hidden className="size-5" />
                {t('auth.reset.done')}
              </p>
              <Link to={paths.auth} className={buttonVariants({ size: 'lg' })}>
                {t('auth.signIn.title')}
              </Link>
            </div>
          ) : token ? (
            <TokenForm token={token} onDone={() => setDone(true)} />
          ) : (
            <AskForm onDone={() => setDone(true)} />
          )}
        </div>
      </div>
    </>
  );
}

function Problem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

function useSubmit() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setProblem(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      console.error('Password reset failed', error);
      setProblem(error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

function TokenForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const { busy, problem, run } = useSubmit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = newPassword.problems(checkPassword);
    setErrors(found);
    if (Object.keys(found).length) return;
    void run(async () => {
      await resetPasswordWithToken(token, newPassword.password);
      onDone();
    });
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={t('auth.reset.title')}
    >
      <NewPasswordInputs state={newPassword} errors={errors} />
      <Problem message={problem} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('auth.working') : t('auth.reset.save')}
      </Button>
    </form>
  );
}

function AskForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const [email, setEmail] = useState('');
  const [linkSent, setLinkSent] = useState(false);
  const flow = usePhoneCode();
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { busy, problem, run } = useSubmit();

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    const rule = firstIssue(emailField().safeParse(email));
    setErrors({ email: rule });
    if (rule) return;
    void run(async () => {
      await requestPasswordReset(email.trim());
      setLinkSent(true);
    });
  };

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const { codeSentTo, code } = flow;
    if (!codeSentTo) {
      const { phone, error } = flow.checkPhone();
      setErrors({ phone: error });
      if (!phone) return;
      void run(async () => {
        await sendResetCode({ phone });
        flow.codeSent(phone);
      });
      return;
    }
    const found = newPassword.problems(checkPassword);
    setErrors(found);
    if (Object.keys(found).length) return;
    void run(async () => {
      await resetPasswordWithCode({ phone: codeSentTo, code, newPassword: newPassword.password });
      onDone();
    });
  };

  const tab = (value: 'email' | 'phone', label: string) => (
    <button
      type="button"
      aria-pressed={method === value}
      onClick={() => setMethod(value)}
      className={
        method === value
          ? 'flex-1 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-brand-700 shadow-card'
          : 'flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-muted hover:text-ink'
      }
    >
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-4">
      <div
        className="flex gap-1 rounded-xl bg-sand-100 p-1"
        role="group"
        aria-label={t('auth.reset.method')}
      >
        {tab('email', t('auth.reset.byEmail'))}
        {tab('phone', t('auth.reset.byPhone'))}
      </div>
      {method === 'email' ? (
        linkSent ? (
          <p
            role="status"
            className="rounded-xl bg-brand-50 p-3 text-sm font-semibold text-brand-700"
          >
            {t('auth.reset.linkSent')}
          </p>
        ) : (
          <form
            noValidate
            onSubmit={submitEmail}
            className="flex flex-col gap-4"
            aria-label={t('auth.reset.byEmail')}
          >
            <Field label={t('auth.fields.email')} error={fieldError(errors.email)}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  dir="ltr"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </Field>
            <Problem message={problem} />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? t('auth.working') : t('auth.reset.sendLink')}
            </Button>
          </form>
        )
      ) : (
        <form
          noValidate
          onSubmit={submitPhone}
          className="flex flex-col gap-4"
          aria-label={t('auth.reset.byPhone')}
        >
          <PhoneCodeFields
            flow={flow}
            label={t('auth.fields.phone')}
            sent={t('auth.reset.codeSent')}
            error={fieldError(errors.phone)}
          >
            <NewPasswordInputs state={newPassword} errors={errors} />
          </PhoneCodeFields>
          <Problem message={problem} />
          <PhoneCodeButton flow={flow} busy={busy} confirm={t('auth.reset.save')} size="lg" />
        </form>
      )}
    </div>
  );
}
