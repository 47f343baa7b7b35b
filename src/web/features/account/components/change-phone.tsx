import { useState, type FormEvent } from 'react';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import { saudiMobileField } from '#shared/schemas/account.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { PhoneInput, usePhoneHint } from '#web/components/ui/phone-input.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { changePhone, sendPhoneChangeCode } from '../api/auth-requests.ts';
import { CodeInput } from './code-input.tsx';

/** Change the phone (decision 071): a code by SMS to the new number confirms it. */
export function ChangePhone({
  current,
  onChanged,
}: {
  current: string | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const phoneHint = usePhoneHint();
  const [phone, setPhone] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setProblem(null);
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      console.error('Phone change failed', failure);
      if (failure instanceof ApiRequestError && failure.fields.phone)
        setError(failure.fields.phone);
      setProblem(failure instanceof ApiRequestError ? failure.message : t('errors:INTERNAL_ERROR'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!codeSentTo) {
      const parsed = saudiMobileField().safeParse(phone);
      setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
      if (!parsed.success) return;
      void run(async () => {
        await sendPhoneChangeCode(parsed.data);
        setCodeSentTo(parsed.data);
      });
      return;
    }
    void run(async () => {
      await changePhone({ phone: codeSentTo, code });
      setDone(true);
      setCodeSentTo(null);
      setCode('');
      setPhone('');
      onChanged();
    });
  };
  return (
    <section
      aria-labelledby="change-phone"
      className="rounded-3xl border border-sand-200 bg-white p-6"
    >
      <h2 id="change-phone" className="mb-2 text-xl font-bold text-ink">
        {t('account.contact.phoneTitle')}
      </h2>
      {current && (
        <p className="mb-4 text-muted">
          {t('account.contact.phoneNow')} <bdi dir="ltr">{localSaudiMobile(current)}</bdi>
        </p>
      )}
      {done && (
        <p
          role="status"
          className="mb-4 rounded-xl bg-brand-50 p-3 text-sm font-semibold text-brand-700"
        >
          {t('account.contact.phoneChanged')}
        </p>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('account.contact.newPhone')} hint={phoneHint} error={fieldError(error)}>
          {(control) => (
            <PhoneInput
              {...control}
              readOnly={Boolean(codeSentTo)}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          )}
        </Field>
        {codeSentTo && (
          <>
            <p role="status" className="text-sm text-muted">
              {t('account.contact.codeSent')}
            </p>
            <CodeInput value={code} onChange={setCode} label={t('auth.code.label')} />
          </>
        )}
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {problem}
          </p>
        )}
        <Button
          type="submit"
          variant="outline"
          className="self-start"
          disabled={busy || (Boolean(codeSentTo) && code.length !== 6)}
        >
          {busy
            ? t('auth.working')
            : codeSentTo
              ? t('account.contact.savePhone')
              : t('auth.signIn.sendCode')}
        </Button>
      </form>
    </section>
  );
}
