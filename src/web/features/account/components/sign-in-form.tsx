import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '#web/lib/paths.ts';
import { z } from 'zod';
import {
  saudiMobileField,
  signInEmailSchema,
  type SignInEmailInput,
} from '#shared/schemas/account.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import {
  resendActivation,
  sendPhoneCode,
  signInWithEmail,
  signInWithPhone,
} from '../api/auth-requests.ts';
import { CodeInput } from './code-input.tsx';
import { PhoneInput, usePhoneHint } from '#web/components/ui/phone-input.tsx';

const phoneSchema = z.object({ phone: saudiMobileField() });

/** Sign-in by email and password, or by a code sent to the phone. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { t } = useTranslation();
  const phoneHint = usePhoneHint();
  const fieldError = useFieldError();
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const [problem, setProblem] = useState<{ message: string; unverifiedEmail?: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const emailForm = useForm<SignInEmailInput>({
    resolver: zodResolver(signInEmailSchema),
    defaultValues: { email: '', password: '' },
  });
  const phoneForm = useForm<z.input<typeof phoneSchema>, unknown, z.output<typeof phoneSchema>>({
    resolver: zodResolver(phoneSchema),
    defaultValues: { phone: '' },
  });

  const succeed = async () => {
    toast({ title: t('auth.signIn.success') });
    await onSignedIn();
  };
  const failed = (error: unknown, email?: string) => {
    console.error('Sign-in failed', error);
    if (error instanceof ApiRequestError) {
      setProblem({
        message: error.message,
        unverifiedEmail: error.code === 'EMAIL_NOT_VERIFIED' ? email : undefined,
      });
    } else {
      setProblem({ message: t('errors:INTERNAL_ERROR') });
    }
  };

  const submitEmail = emailForm.handleSubmit(async (values) => {
    setProblem(null);
    setBusy(true);
    try {
      await signInWithEmail(values);
      await succeed();
    } catch (error) {
      failed(error, values.email);
    } finally {
      setBusy(false);
    }
  });

  const submitPhone = phoneForm.handleSubmit(async ({ phone }) => {
    setProblem(null);
    setBusy(true);
    try {
      if (!codeSentTo) {
        await sendPhoneCode({ phone, purpose: 'signin' });
        setCodeSentTo(phone);
      } else {
        await signInWithPhone({ phone: codeSentTo, code });
        await succeed();
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  });

  const tab = (value: 'email' | 'phone', label: string) => (
    <button
      type="button"
      aria-pressed={method === value}
      onClick={() => {
        setMethod(value);
        setProblem(null);
      }}
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
        aria-label={t('auth.signIn.method')}
      >
        {tab('email', t('auth.signIn.byEmail'))}
        {tab('phone', t('auth.signIn.byPhone'))}
      </div>
      {method === 'email' ? (
        <form
          noValidate
          onSubmit={submitEmail}
          className="flex flex-col gap-4"
          aria-label={t('auth.signIn.title')}
        >
          <Field
            label={t('auth.fields.email')}
            error={fieldError(emailForm.formState.errors.email?.message)}
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                dir="ltr"
                autoComplete="email"
                inputMode="email"
                {...emailForm.register('email')}
              />
            )}
          </Field>
          <Field
            label={t('auth.fields.password')}
            error={fieldError(emailForm.formState.errors.password?.message)}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                dir="ltr"
                autoComplete="current-password"
                {...emailForm.register('password')}
              />
            )}
          </Field>
          <Link
            to={paths.resetPassword}
            className="self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {t('auth.forgot')}
          </Link>
          {problem && <Problem problem={problem} />}
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? t('auth.working') : t('auth.signIn.submit')}
          </Button>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={submitPhone}
          className="flex flex-col gap-4"
          aria-label={t('auth.signIn.byPhone')}
        >
          <Field
            label={t('auth.fields.phone')}
            hint={phoneHint}
            error={fieldError(phoneForm.formState.errors.phone?.message)}
          >
            {(control) => (
              <PhoneInput
                {...control}
                readOnly={Boolean(codeSentTo)}
                {...phoneForm.register('phone')}
              />
            )}
          </Field>
          {codeSentTo && <CodeInput value={code} onChange={setCode} label={t('auth.code.label')} />}
          {problem && <Problem problem={problem} />}
          <Button
            type="submit"
            size="lg"
            disabled={busy || (Boolean(codeSentTo) && code.length !== 6)}
          >
            {busy
              ? t('auth.working')
              : codeSentTo
                ? t('auth.signIn.submit')
                : t('auth.signIn.sendCode')}
          </Button>
        </form>
      )}
    </div>
  );
}

function Problem({ problem }: { problem: { message: string; unverifiedEmail?: string } }) {
  const { t } = useTranslation();
  const [resent, setResent] = useState(false);
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800"
    >
      <p>{problem.message}</p>
      {problem.unverifiedEmail &&
        (resent ? (
          <p className="text-brand-700">{t('auth.signIn.activationResent')}</p>
        ) : (
          <button
            type="button"
            className="self-start font-semibold text-brand-700 underline underline-offset-4"
            onClick={async () => {
              try {
                await resendActivation(problem.unverifiedEmail!);
                setResent(true);
              } catch (error) {
                console.error('Could not resend the activation email', error);
              }
            }}
          >
            {t('auth.signIn.resendActivation')}
          </button>
        ))}
    </div>
  );
}
