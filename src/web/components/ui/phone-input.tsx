import type { ComponentProps } from 'react';
import { SAUDI_MOBILE_FORMS } from '#shared/domain/phone.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { Input } from './input.tsx';

/**
 * A Saudi mobile number: sign-up, phone sign-in, the listing's and the booking's contact phone.
 * Digits read left to right in both languages; the placeholder is the local form of the hint.
 */
export function PhoneInput(props: ComponentProps<'input'>) {
  return (
    <Input
      type="tel"
      dir="ltr"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={SAUDI_MOBILE_FORMS.local}
      {...props}
    />
  );
}

/** The one hint under every phone field: the forms the rule takes (src/shared/domain/phone.ts). */
export function usePhoneHint(): string {
  const { t } = useTranslation();
  return t('phoneField.hint', SAUDI_MOBILE_FORMS);
}
