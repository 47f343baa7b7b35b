// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFieldError } from '#web/lib/field-error.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { PhoneCodeButton, PhoneCodeFields, usePhoneCode } from './phone-code-fields.tsx';

/**
 * The number and its SMS code, as the phone change and the password reset use them: the number
 * checked by the Saudi mobile rule, then read-only once the code went to it, the "sent" line,
 * the code (digits only, Arabic-Indic ones too), and the button that waits for six digits.
 */
afterEach(cleanup);

/** A form as the two screens build theirs: send the code, then confirm with it. */
function Form({ confirmed }: { confirmed: (phone: string, code: string) => void }) {
  const fieldError = useFieldError();
  const flow = usePhoneCode();
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!flow.codeSentTo) {
      const { phone, error: rule } = flow.checkPhone();
      setError(fieldError(rule));
      if (phone) flow.codeSent(phone);
      return;
    }
    confirmed(flow.codeSentTo, flow.code);
    flow.clear();
  };
  return (
    <form noValidate onSubmit={submit}>
      <PhoneCodeFields flow={flow} label="phone" sent="sent to you" error={error}>
        <p>after the code</p>
      </PhoneCodeFields>
      <PhoneCodeButton flow={flow} busy={false} confirm="confirm" />
    </form>
  );
}

describe.each([
  ['ar', 'رمز التحقق (6 أرقام)', 'أرسل الرمز', 'أدخل رقم جوال سعودي، مثل 5XXXXXXXX.'],
  [
    'en',
    'Verification code (6 digits)',
    'Send the code',
    'Enter a Saudi mobile number, e.g. 5XXXXXXXX.',
  ],
] as const)('the phone and its code (%s)', (locale, codeLabel, send, phoneRule) => {
  beforeEach(async () => {
    await setLocale(locale);
    await loadTextSections(['auth']);
  });

  it('checks the number, sends, waits for six digits, confirms with the number the code went to', async () => {
    const done: [string, string][] = [];
    render(<Form confirmed={(phone, code) => done.push([phone, code])} />);
    const phone = screen.getByLabelText('phone');
    expect(screen.queryByLabelText(codeLabel)).toBeNull();

    fireEvent.change(phone, { target: { value: '0412' } });
    fireEvent.click(screen.getByRole('button', { name: send, hidden: true }));
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe(phoneRule);
    expect(screen.queryByLabelText(codeLabel)).toBeNull();

    fireEvent.change(phone, { target: { value: '0551234567' } });
    fireEvent.click(screen.getByRole('button', { name: send, hidden: true }));
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('sent to you');
    expect(phone.hasAttribute('readonly')).toBe(true);
    expect(screen.getByText('after the code')).toBeTruthy();

    const code = screen.getByLabelText(codeLabel);
    const confirm = screen.getByRole('button', { name: 'confirm', hidden: true });
    // pasted from the SMS in Arabic-Indic digits
    fireEvent.paste(code, { clipboardData: { getData: () => '١٢٣٤٥' } });
    expect((code as HTMLInputElement).value).toBe('12345');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(code, { target: { value: '12345٦' } });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(confirm);
    expect(done).toEqual([['+966551234567', '123456']]);
    // cleared for the next change: an empty number, no code
    expect((screen.getByLabelText('phone') as HTMLInputElement).value).toBe('');
    expect(screen.queryByLabelText(codeLabel)).toBeNull();
  });
});
