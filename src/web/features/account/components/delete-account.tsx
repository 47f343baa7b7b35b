import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '#shared/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/lib/session/auth-context.tsx';
import { requestAccountDeletion } from '../api/auth-requests.ts';

/**
 * "Delete my account" (decision 071): what happens, a confirmation, then either the reason it
 * cannot be done yet or the day of the erasure (every session ends: back to the home page).
 */
export function DeleteAccount() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { sessionEnded } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { erasesAt } = await requestAccountDeletion();
      toast({
        title: t('account.deletion.scheduled', {
          date: formatDateTime(new Date(erasesAt), i18n.language),
        }),
      });
      // Every session is already gone on the server: home first (the account page, seeing nobody
      // signed in, would send them to sign in), and nothing signed-in is asked meanwhile.
      await sessionEnded(async () => {
        await navigate(paths.home);
      });
    } catch (failure) {
      console.error('Account deletion refused', failure);
      setProblem(failure instanceof ApiRequestError ? failure.message : t('errors:INTERNAL_ERROR'));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="delete-account"
      className="rounded-3xl border border-red-200 bg-white p-6"
    >
      <h2 id="delete-account" className="mb-2 text-xl font-bold text-ink">
        {t('account.deletion.title')}
      </h2>
      <p className="mb-4 text-muted">{t('account.deletion.text')}</p>
      {problem && (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      {confirming ? (
        <div className="flex flex-col gap-3">
          <p className="font-semibold text-ink">{t('account.deletion.sure')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              className="bg-red-700 hover:bg-red-600"
              disabled={busy}
              onClick={() => void remove()}
            >
              {busy ? t('auth.working') : t('account.deletion.confirm')}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
              {t('account.deletion.keep')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          {t('account.deletion.start')}
        </Button>
      )}
    </section>
  );
}
