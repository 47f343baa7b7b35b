import { useId } from 'react';
import { Field, Input } from '#web/components/ui/field.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { PasswordChecklist } from './password-checklist.tsx';

/** A new password and its confirmation, with the policy ticked as it is typed. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
}: {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: { password?: string; confirmation?: string };
}) {
  const { t } = useTranslation();
  const checklistId = useId();
  return (
    <>
      <Field label={t('auth.reset.newPassword')} error={errors.password}>
        {(control) => (
          <Input
            {...control}
            aria-describedby={[control['aria-describedby'], checklistId].filter(Boolean).join(' ')}
            type="password"
            dir="ltr"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => onPassword(event.target.value)}
          />
        )}
      </Field>
      <PasswordChecklist password={password} id={checklistId} />
      <Field label={t('auth.fields.passwordConfirmation')} error={errors.confirmation}>
        {(control) => (
          <Input
            {...control}
            type="password"
            dir="ltr"
            name="new-password-confirmation"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => onConfirmation(event.target.value)}
          />
        )}
      </Field>
    </>
  );
}

/** The browser's check of a new password and its confirmation: field rule keys, or none. */
export function newPasswordProblems(
  password: string,
  confirmation: string,
  check: (password: string) => string | undefined,
): { password?: string; confirmation?: string } {
  const problems: { password?: string; confirmation?: string } = {};
  const rule = check(password);
  if (rule) problems.password = rule;
  if (!confirmation) problems.confirmation = 'fields.required';
  else if (confirmation !== password) problems.confirmation = 'fields.passwordsMismatch';
  return problems;
}
