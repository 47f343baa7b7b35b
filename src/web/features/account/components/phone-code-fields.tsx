import { useState, type ReactNode } from 'react';
import { saudiMobileField } from '#shared/schemas/account.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { PhoneInput, usePhoneHint } from '#web/components/ui/phone-input.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { CodeInput } from './code-input.tsx';

/**
 * A number, then the 6-digit code sent to it by SMS (a new phone, decision 071; a password reset,
 * issue 38): the number typed, the number the code went to (the field is read-only from then on),
 * and the code.
 */
export function usePhoneCode() {
  const [phone, setPhone] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  return {
    phone,
    setPhone,
    codeSentTo,
    code,
    setCode,
    codeSent: setCodeSentTo,
    /** The number as the server takes it (+966…), or the rule it breaks. */
    checkPhone: ():
      { phone: string; error?: undefined } | { phone?: undefined; error?: string } => {
      const parsed = saudiMobileField().safeParse(phone);
      return parsed.success ? { phone: parsed.data } : { error: parsed.error.issues[0]?.message };
    },
    /** Back to an empty number, no code sent. */
    clear: () => {
      setPhone('');
      setCodeSentTo(null);
      setCode('');
    },
  };
}

type PhoneCode = ReturnType<typeof usePhoneCode>;

/** The number's field; once a code is sent, `sent` ("we sent a code…"), the code, and `children`. */
export function PhoneCodeFields({
  flow,
  label,
  sent,
  error,
  children,
}: {
  flow: PhoneCode;
  label: string;
  sent: string;
  /** The number's error, already in the reader's language. */
  error: string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const phoneHint = usePhoneHint();
  return (
    <>
      <Field label={label} hint={phoneHint} error={error}>
        {(control) => (
          <PhoneInput
            {...control}
            readOnly={Boolean(flow.codeSentTo)}
            value={flow.phone}
            onChange={(event) => flow.setPhone(event.target.value)}
          />
        )}
      </Field>
      {flow.codeSentTo && (
        <>
          <p role="status" className="text-sm text-muted">
            {sent}
          </p>
          <CodeInput value={flow.code} onChange={flow.setCode} label={t('auth.code.label')} />
          {children}
        </>
      )}
    </>
  );
}

/** "Send the code", then `confirm` — which waits for all six digits. */
export function PhoneCodeButton({
  flow,
  busy,
  confirm,
  ...props
}: { flow: PhoneCode; busy: boolean; confirm: string } & Omit<
  React.ComponentProps<typeof Button>,
  'type' | 'disabled' | 'children'
>) {
  const { t } = useTranslation();
  return (
    <Button
      type="submit"
      {...props}
      disabled={busy || (Boolean(flow.codeSentTo) && flow.code.length !== 6)}
    >
      {busy ? t('auth.working') : flow.codeSentTo ? confirm : t('auth.signIn.sendCode')}
    </Button>
  );
}
