import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  REVIEW_REASON_MAX,
  rejectSpaceSchema,
  type RejectSpaceInput,
} from '#shared/schemas/admin.ts';
import { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Textarea } from '#web/components/ui/field.tsx';
import { NativeDialog } from '#web/components/ui/native-dialog.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { formatNumber } from '#shared/format.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/** The optional note of a booking rejection: the same length rule as the server's. */
const optionalReasonSchema = z.object({
  reason: rejectSpaceSchema.shape.reason.or(z.literal('')),
});

/**
 * Asks for the reason of a rejection (required for a listing, optional for a booking request),
 * checked by the same schema as the server's, then calls `onReject`. Server field errors land on
 * the field; other failures are the caller's to show.
 *
 * A native modal <dialog> (focus trapped, Escape closes, the page behind inert) rather than Radix
 * Dialog: Radix's scroll lock injects a <style> element, which our CSP (style-src 'self') refuses.
 */
export function RejectDialog({
  open,
  onOpenChange,
  title,
  description,
  reasonLabel,
  required,
  onReject,
  submitLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  reasonLabel: string;
  required: boolean;
  /** The submit button's text; "Reject" unless told (an admin's cancellation says so). */
  submitLabel?: string;
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

  const titleId = useId();
  const descriptionId = useId();
  const close = () => {
    form.reset();
    onOpenChange(false);
  };

  return (
    <NativeDialog
      open={open}
      onClose={close}
      labelledBy={titleId}
      describedBy={descriptionId}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-3xl bg-white p-6 text-ink shadow-card backdrop:bg-ink/50 sm:p-8"
    >
      <>
        <h2 id={titleId} className="text-xl font-bold text-ink">
          {title}
        </h2>
        <p id={descriptionId} className="mt-2 text-muted">
          {description}
        </p>
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
            <Button type="button" variant="outline" onClick={close}>
              {t('admin.reject.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting} className="bg-red-700 hover:bg-red-800">
              {submitLabel ?? t('admin.reject.submit')}
            </Button>
          </div>
        </form>
      </>
    </NativeDialog>
  );
}
