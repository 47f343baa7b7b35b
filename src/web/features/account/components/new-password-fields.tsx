import { useId, useState } from 'react';
import { Field, Input } from '#web/components/ui/field.tsx';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { PasswordChecklist } from './password-checklist.tsx';

type InputProps = React.ComponentProps<'input'>;

/** Props that make a controlled input of a string state. */
export const controlledInput = (value: string, set: (value: string) => void): InputProps => ({
  value,
  onChange: (event) => set(event.target.value),
});

/**
 * A new password and its confirmation, with the policy ticked as it is typed — the one field
 * pair of sign-up, reset and change. `passwordInput` / `confirmationInput` are the inputs' own
 * props (react-hook-form's `register`, or `controlledInput`); `password` feeds the checklist.
 */
export function NewPasswordFields({
  password,
  passwordLabel,
  passwordInput,
  confirmationInput,
  errors,
}: {
  password: string;
  /** defaults to "New password" */
  passwordLabel?: string;
  passwordInput: InputProps;
  confirmationInput: InputProps;
  errors: { password?: string; confirmation?: string };
}) {
  const { t } = useTranslation();
  const checklistId = useId();
  return (
    <>
      <Field label={passwordLabel ?? t('auth.reset.newPassword')} error={errors.password}>
        {(control) => (
          <Input
            {...control}
            aria-describedby={[control['aria-describedby'], checklistId].filter(Boolean).join(' ')}
            type="password"
            dir="ltr"
            name="new-password"
            autoComplete="new-password"
            {...passwordInput}
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
            {...confirmationInput}
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

/** A new password and its confirmation kept in a form's state (the reset forms, the change). */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    setPassword,
    confirmation,
    setConfirmation,
    /** `newPasswordProblems` of what is typed now. */
    problems: (check: (password: string) => string | undefined) =>
      newPasswordProblems(password, confirmation, check),
    clear: () => {
      setPassword('');
      setConfirmation('');
    },
  };
}

/** `NewPasswordFields` of a `useNewPassword` state, its errors' rule keys put into words. */
export function NewPasswordInputs({
  state,
  errors,
}: {
  state: ReturnType<typeof useNewPassword>;
  errors: { password?: string; confirmation?: string };
}) {
  const fieldError = useFieldError();
  return (
    <NewPasswordFields
      password={state.password}
      passwordInput={controlledInput(state.password, state.setPassword)}
      confirmationInput={controlledInput(state.confirmation, state.setConfirmation)}
      errors={{
        password: fieldError(errors.password),
        confirmation: fieldError(errors.confirmation),
      }}
    />
  );
}
