import { useState, type FormEvent } from 'react';
import { emailField } from '#shared/schemas/fields.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { requestEmailChange } from '../api/auth-requests.ts';

/** Change the email (decision 071): a link to the new address confirms it; the old one is told. */
export function ChangeEmail({ current }: { current: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailField().safeParse(email);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    setProblem(null);
    if (!parsed.success) return;
    setBusy(true);
    try {
      await requestEmailChange(parsed.data);
      setSentTo(parsed.data);
    } catch (failure) {
      console.error('Email change failed', failure);
      if (failure instanceof ApiRequestError && failure.fields.newEmail)
        setError(failure.fields.newEmail);
      setProblem(failure instanceof ApiRequestError ? failure.message : t('errors:INTERNAL_ERROR'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="change-email"
      className="rounded-3xl border border-sand-200 bg-white p-6"
    >
      <h2 id="change-email" className="mb-2 text-xl font-bold text-ink">
        {t('account.contact.emailTitle')}
      </h2>
      <p className="mb-4 text-muted">
        {t('account.contact.emailNow')} <bdi dir="ltr">{current}</bdi>
      </p>
      {sentTo ? (
        <p
          role="status"
          className="rounded-xl bg-brand-50 p-3 text-sm font-semibold text-brand-700"
        >
          {t('account.contact.emailSent', { email: sentTo })}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <Field label={t('account.contact.newEmail')} error={fieldError(error)}>
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
          {problem && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
              {problem}
            </p>
          )}
          <Button type="submit" variant="outline" className="self-start" disabled={busy}>
            {busy ? t('auth.working') : t('account.contact.sendLink')}
          </Button>
        </form>
      )}
    </section>
  );
}
