import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { confirmEmailChange } from '#web/features/account/api/auth-requests.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/lib/session/auth-context.tsx';

/**
 * The link of an email change (decision 071): a button confirms it — never the page load, so a
 * mail scanner that opens links changes nothing.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  usePageMeta(t('account.contact.confirmTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { refresh } = useAuth();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { email } = await confirmEmailChange(token);
      setChangedTo(email);
      await refresh();
    } catch (failure) {
      console.error('Email change confirmation failed', failure);
      setProblem(failure instanceof ApiRequestError ? failure.message : t('errors:INTERNAL_ERROR'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageHeader title={t('account.contact.confirmTitle')} />
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-4 rounded-3xl border border-sand-200 bg-white p-6 shadow-card sm:p-8">
          {changedTo ? (
            <>
              <p role="status" className="flex items-center gap-2 font-semibold text-brand-700">
                <BadgeCheck aria-hidden className="size-5" />
                {t('account.contact.confirmed', { email: changedTo })}
              </p>
              <Link to={paths.account} className={buttonVariants({ size: 'lg' })}>
                {t('account.title')}
              </Link>
            </>
          ) : (
            <>
              <p className="text-muted">{t('account.contact.confirmText')}</p>
              {problem && (
                <p
                  role="alert"
                  className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800"
                >
                  {problem}
                </p>
              )}
              <Button size="lg" disabled={busy || !token} onClick={() => void confirm()}>
                {busy ? t('auth.working') : t('account.contact.confirm')}
              </Button>
            </>
          )}
        </div>
      </div>
    </>
  );
}
