import { useState } from 'react';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/**
 * Runs one decision (approve, reject, confirm) and tells the admin how it went. A 409 means the
 * item moved on (another admin, or an overlap): the server's translated message is shown and the
 * list is reloaded so it shows the item as it is now. Field errors are rethrown for the form.
 */
export function useDecision(reload: () => Promise<void>) {
  const { t } = useTranslation();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function decide(id: string, action: () => Promise<unknown>, done: string) {
    setBusyId(id);
    try {
      await action();
      toast({ title: done });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'VALIDATION_ERROR') throw error;
      toast({
        variant: 'destructive',
        title: t('admin.decision.failed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
    } finally {
      setBusyId(null);
      await reload();
    }
  }
  return { busyId, decide };
}
