import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '#web/lib/i18n.ts';
import {
  CONTACT_MESSAGE_MAX,
  contactMessageSchema,
  type ContactMessage,
  type ContactMessageInput,
} from '#shared/schemas/contact.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Input, Textarea } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { formatNumber } from '#shared/format.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';

const fields = ['name', 'email', 'message'] as const;

/** Name, email and message, each required, checked by the same schema as the server's. */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: '', email: '', message: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await sendContactMessage(values);
      form.reset();
      toast({ title: t('contact.form.success'), description: t('contact.form.successText') });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'VALIDATION_ERROR') {
        for (const field of fields) {
          const message = error.fields[field];
          if (message) form.setError(field, { message }, { shouldFocus: true });
        }
      }
      const message = error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR');
      toast({ variant: 'destructive', title: t('contact.form.failed'), description: message });
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-label={t('contact.email.title')}
    >
      <Field label={t('contact.form.name')} error={fieldError(errors.name?.message)}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label={t('contact.form.email')} error={fieldError(errors.email?.message)}>
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
        label={t('contact.form.message')}
        hint={t('contact.form.messageHint', {
          max: formatNumber(CONTACT_MESSAGE_MAX, i18n.language),
        })}
        error={fieldError(errors.message?.message)}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            maxLength={CONTACT_MESSAGE_MAX + 200}
            {...form.register('message')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="self-start">
        <Send aria-hidden className="rtl:-scale-x-100" />
        {isSubmitting ? t('contact.form.sending') : t('contact.form.submit')}
      </Button>
    </form>
  );
}
