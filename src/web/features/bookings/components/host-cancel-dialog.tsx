import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { HostCancelInput } from '#shared/schemas/decisions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, Textarea } from '#web/components/ui/field.tsx';
import { NativeDialog } from '#web/components/ui/native-dialog.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useFieldError } from '#web/lib/field-error.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { hostDecide } from '../api/host-decisions.ts';

/** The longest reason the server keeps (`hostCancelSchema`). */
const REASON_MAX = 500;

/**
 * A host cancels a confirmed booking on their space (one dialog for the list) (issue 35, decision 058): a reason the renter
 * reads, checked by the server's own schema; the renter is refunded in full whatever the policy,
 * and the cancellation counts on the host's record. A native modal dialog (focus trapped, Escape
 * closes): Radix's scroll lock injects a <style> element our CSP refuses.
 */
export function HostCancelDialog({
  booking,
  onClose,
  onCancelled,
}: {
  /** the booking being cancelled; null: the dialog is closed */
  booking: { id: string; reference: string } | null;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const rules = useMemo(
    () =>
      lazyZodResolver<HostCancelInput, HostCancelInput>(
        async () => (await import('#shared/schemas/decisions.ts')).hostCancelSchema,
      ),
    [],
  );
  const form = useForm<HostCancelInput>({
    resolver: rules.resolve,
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const titleId = useId();
  const descriptionId = useId();
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async ({ reason }) => {
    if (!booking) return;
    try {
      await hostDecide(booking.id, 'cancel', reason);
      toast({ title: t('account.hosting.cancel.done') });
      close();
      onCancelled();
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.reason) {
        form.setError('reason', { message: error.fields.reason }, { shouldFocus: true });
        return;
      }
      toast({
        variant: 'destructive',
        title: t('account.hosting.cancel.failed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
      close();
      onCancelled();
    }
  });

  return (
    <NativeDialog
      open={booking !== null}
      onClose={close}
      labelledBy={titleId}
      describedBy={descriptionId}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-3xl bg-white p-6 text-ink shadow-card backdrop:bg-ink/50 sm:p-8"
    >
      <div onFocusCapture={rules.preload}>
        <h2 id={titleId} className="text-xl font-bold text-ink">
          {t('account.hosting.cancel.title', { reference: booking?.reference ?? '' })}
        </h2>
        <p id={descriptionId} className="mt-2 text-muted">
          {t('account.hosting.cancel.text')}
        </p>
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-5">
          <Field
            label={t('account.hosting.cancel.reason')}
            hint={t('account.hosting.cancel.reasonHint')}
            error={fieldError(errors.reason?.message)}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                maxLength={REASON_MAX + 100}
                aria-required
                {...form.register('reason')}
              />
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="outline" onClick={close}>
              {t('account.hosting.cancel.keep')}
            </Button>
            <Button type="submit" disabled={isSubmitting} className="bg-red-700 hover:bg-red-800">
              {t('account.hosting.cancel.submit')}
            </Button>
          </div>
        </form>
      </div>
    </NativeDialog>
  );
}
