import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import {
  REVIEW_REASON_MAX,
  rejectSpaceSchema,
  type RejectSpaceInput,
} from '#shared/schemas/admin.ts';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useFieldError } from '../../../lib/field-error.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The optional note of a booking rejection: the same length rule as the server's. */
const optionalReasonSchema = z.object({
  reason: rejectSpaceSchema.shape.reason.or(z.literal('')),
});

/**
 * Asks for the reason of a rejection (required for a listing, optional for a booking request),
 * checked by the same schema as the server's, then calls `onReject`. Server field errors land on
 * the field; other failures are the caller's to show.
 */
export function RejectDialog({
  open,
  onOpenChange,
  title,
  description,
  reasonLabel,
  required,
  onReject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  reasonLabel: string;
  required: boolean;
  onReject: (reason: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<RejectSpaceInput>({
    resolver: zodResolver(required ? rejectSpaceSchema : optionalReasonSchema),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onReject(reason.trim());
      form.reset();
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.reason)
        form.setError('reason', { message: error.fields.reason }, { shouldFocus: true });
    }
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          dir={i18n.dir()}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[90vh] max-w-lg -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-card sm:p-8"
        >
          <Dialog.Title className="text-xl font-bold text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">{description}</Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-5">
            <Field
              label={reasonLabel}
              hint={t('admin.reject.hint', { max: formatNumber(REVIEW_REASON_MAX, i18n.language) })}
              error={fieldError(errors.reason?.message)}
            >
              {(control) => (
                <Textarea
                  {...control}
                  rows={4}
                  maxLength={REVIEW_REASON_MAX + 100}
                  aria-required={required}
                  {...form.register('reason')}
                />
              )}
            </Field>
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  {t('admin.reject.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={isSubmitting} className="bg-red-700 hover:bg-red-800">
                {t('admin.reject.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
