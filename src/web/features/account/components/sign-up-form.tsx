import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { signUpFormSchema, type SignUpFormInput } from '#shared/schemas/account.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { sendPhoneCode, signUp, verifyPhoneCode } from '../api/auth-requests.ts';
import { CodeInput } from './code-input.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PhoneInput, usePhoneHint } from '#web/components/ui/phone-input.tsx';

type Step =
  | { name: 'details' }
  | { name: 'code'; values: SignUpFormInput & { phone: string } }
  | { name: 'done'; email: string };

/**
 * Sign-up as docs/product-spec.md §4 orders it: the details, then the phone code (verified first),
 * then the account is created and the activation email sent.
 */
export function SignUpForm() {
  const { t, i18n } = useTranslation();
  const phoneHint = usePhoneHint();
  const fieldError = useFieldError();
  const [step, setStep] = useState<Step>({ name: 'details' });
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<SignUpFormInput>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      fullName: '',
      email: '',
      phone: '',
      password: '',
      passwordConfirmation: '',
      whatsappOptIn: false,
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const showServerError = (error: unknown) => {
    if (error instanceof ApiRequestError) {
      for (const [field, message] of Object.entries(error.fields)) {
        if (field in form.getValues()) form.setError(field as keyof SignUpFormInput, { message });
      }
      setProblem(error.message);
    } else {
      setProblem(t('errors:INTERNAL_ERROR'));
    }
  };

  const requestCode = form.handleSubmit(async (values) => {
    setProblem(null);
    setBusy(true);
    try {
      await sendPhoneCode({ phone: values.phone, purpose: 'signup' });
      setCode('');
      setStep({ name: 'code', values: { ...values, phone: values.phone } });
    } catch (error) {
      showServerError(error);
    } finally {
      setBusy(false);
    }
  });

  if (step.name === 'done') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <MailCheck aria-hidden className="size-12 text-brand-700" />
        <p className="text-lg font-bold text-ink">{t('auth.signUp.success')}</p>
        <p className="text-muted">{t('auth.signUp.checkInbox', { email: step.email })}</p>
      </div>
    );
  }

  if (step.name === 'code') {
    const { values } = step;
    const createAccount = async () => {
      setProblem(null);
      setBusy(true);
      try {
        const { phoneProof } = await verifyPhoneCode({ phone: values.phone, code });
        await signUp({
          fullName: values.fullName,
          email: values.email,
          phone: values.phone,
          password: values.password,
          phoneProof,
          locale: i18n.language,
          whatsappOptIn: values.whatsappOptIn === true,
        });
        setStep({ name: 'done', email: values.email });
      } catch (error) {
        setProblem(error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'));
      } finally {
        setBusy(false);
      }
    };
    return (
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void createAccount();
        }}
      >
        <p className="flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('auth.code.sentTo', { phone: `+966 ${values.phone.replace(/^(\+966|966|0)/, '')}` })}
        </p>
        <CodeInput value={code} onChange={setCode} label={t('auth.code.label')} />
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <Button type="submit" size="lg" disabled={busy || code.length !== 6}>
          {busy ? t('auth.working') : t('auth.signUp.create')}
        </Button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button
            type="button"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            onClick={() => setStep({ name: 'details' })}
          >
            {t('auth.code.changeDetails')}
          </button>
          <button
            type="button"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            onClick={async () => {
              setProblem(null);
              try {
                await sendPhoneCode({ phone: values.phone, purpose: 'signup' });
              } catch (error) {
                setProblem(
                  error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
                );
              }
            }}
          >
            {t('auth.code.resend')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={requestCode}
      className="flex flex-col gap-4"
      aria-label={t('auth.signUp.title')}
    >
      <Field label={t('auth.fields.fullName')} error={fieldError(errors.fullName?.message)}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('fullName')} />}
      </Field>
      <Field label={t('auth.fields.email')} error={fieldError(errors.email?.message)}>
        {(control) => (
          <Input
            {...control}
            type="email"
            dir="ltr"
            autoComplete="email"
            inputMode="email"
            {...form.register('email')}
          />
        )}
      </Field>
      <Field
        label={t('auth.fields.phone')}
        hint={phoneHint}
        error={fieldError(errors.phone?.message)}
      >
        {(control) => <PhoneInput {...control} {...form.register('phone')} />}
      </Field>
      <NewPasswordFields
        password={password}
        passwordLabel={t('auth.fields.password')}
        passwordInput={form.register('password')}
        confirmationInput={form.register('passwordConfirmation')}
        errors={{
          password: fieldError(errors.password?.message),
          confirmation: fieldError(errors.passwordConfirmation?.message),
        }}
      />
      <label className="flex cursor-pointer items-start gap-3 text-sm text-ink">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
          {...form.register('whatsappOptIn')}
        />
        {t('auth.signUp.whatsappOptIn')}
      </label>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('auth.working') : t('auth.signUp.sendCode')}
      </Button>
    </form>
  );
}
