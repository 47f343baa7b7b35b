import { useState, type FormEvent } from 'react';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { changePhone, sendPhoneChangeCode } from '../api/auth-requests.ts';
import { PhoneCodeButton, PhoneCodeFields, usePhoneCode } from './phone-code-fields.tsx';

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
  const flow = usePhoneCode();
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
    const { codeSentTo, code } = flow;
    if (!codeSentTo) {
      const { phone, error: rule } = flow.checkPhone();
      setError(rule);
      if (!phone) return;
      void run(async () => {
        await sendPhoneChangeCode(phone);
        flow.codeSent(phone);
      });
      return;
    }
    void run(async () => {
      await changePhone({ phone: codeSentTo, code });
      setDone(true);
      flow.clear();
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
        <PhoneCodeFields
          flow={flow}
          label={t('account.contact.newPhone')}
          sent={t('account.contact.codeSent')}
          error={fieldError(error)}
        />
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {problem}
          </p>
        )}
        <PhoneCodeButton
          flow={flow}
          busy={busy}
          confirm={t('account.contact.savePhone')}
          variant="outline"
          className="self-start"
        />
      </form>
    </section>
  );
}
