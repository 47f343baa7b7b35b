import { Banknote, Download } from 'lucide-react';
import { useState } from 'react';
import { formatCount } from '#shared/format-count.ts';
import { formatPrice } from '#shared/format.ts';
import type { PayoutSummary } from '#shared/schemas/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { getPayoutDue, getPayouts, payoutCsvUrl, runPayout } from '../api/money-api.ts';
import { useLoaded } from './use-loaded.ts';

/** An instant as the reader's date and time in Riyadh. */
const when = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }).format(new Date(iso));

/**
 * The admins' payouts (issue 32, decision 055): what is owed to hosts on bookings that ended at
 * least 48 hours ago, a button that pays it (one transaction on the server; a second admin's run
 * finds nothing left), and each payout's file for the bank's bulk transfer.
 */
export function AdminPayouts() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const due = useLoaded(getPayoutDue);
  const made = useLoaded(getPayouts);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [latest, setLatest] = useState<PayoutSummary | null>(null);

  const pay = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { payout } = await runPayout();
      setLatest(payout);
      setMessage({
        kind: 'ok',
        text: t('money.payouts.done', { total: formatPrice(payout.totalHalalas, locale) }),
      });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: error instanceof ApiRequestError ? error.message : t('money.payouts.failed'),
      });
    } finally {
      setBusy(false);
      due.reload();
      made.reload();
    }
  };

  const payable = due.data?.hosts.filter((h) => h.ibanMasked) ?? [];
  return (
    <div className="flex flex-col gap-6" data-testid="admin-payouts">
      <p className="text-sm text-muted">{t('money.payouts.intro')}</p>
      <section
        aria-labelledby="payouts-due-title"
        className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-5"
      >
        <h3 id="payouts-due-title" className="flex items-center gap-2 text-lg font-bold text-ink">
          <Banknote aria-hidden className="size-5 text-brand-700" />
          {t('money.payouts.due')}
        </h3>
        {due.loading && (
          <p role="status" className="text-muted">
            {t('money.payouts.loading')}
          </p>
        )}
        {due.error && (
          <p role="alert" className="text-red-800">
            {t('money.payouts.failed')}
          </p>
        )}
        {due.data && due.data.hosts.length === 0 && (
          <p className="text-muted">{t('money.payouts.nothingDue')}</p>
        )}
        {due.data && due.data.hosts.length > 0 && (
          <ul className="flex flex-col divide-y divide-sand-200">
            {due.data.hosts.map((host) => (
              <li
                key={host.hostId}
                data-testid="payout-due-host"
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span className="flex flex-col">
                  <bdi className="font-semibold text-ink">{host.hostName}</bdi>
                  <span className="text-xs text-muted">
                    {host.ibanMasked ? (
                      <span dir="ltr">{host.ibanMasked}</span>
                    ) : (
                      t('money.payouts.noIban')
                    )}
                    {' · '}
                    {formatCount(host.bookings, 'bookings', locale)}
                  </span>
                </span>
                <span className="font-bold text-brand-700">
                  {formatPrice(host.amountHalalas, locale)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {due.data && (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-sand-200 pt-3">
            <p className="font-bold text-ink">
              {t('money.payouts.total', { total: formatPrice(due.data.totalHalalas, locale) })}
            </p>
            <Button onClick={pay} disabled={busy || payable.length === 0}>
              {busy ? t('money.payouts.running') : t('money.payouts.run')}
            </Button>
          </div>
        )}
        {message && (
          <p
            role={message.kind === 'ok' ? 'status' : 'alert'}
            className={
              message.kind === 'ok' ? 'font-semibold text-brand-700' : 'font-semibold text-red-800'
            }
          >
            {message.text}{' '}
            {latest && message.kind === 'ok' && (
              <a className="underline" href={payoutCsvUrl(latest.id)} download>
                {t('money.payouts.download')}
              </a>
            )}
          </p>
        )}
      </section>
      <section aria-labelledby="payouts-made-title" className="flex flex-col gap-3">
        <h3 id="payouts-made-title" className="text-lg font-bold text-ink">
          {t('money.payouts.made')}
        </h3>
        {made.data && made.data.items.length === 0 && (
          <p className="text-muted">{t('money.payouts.none')}</p>
        )}
        <ul className="flex flex-col gap-2">
          {made.data?.items.map((payout) => (
            <li
              key={payout.id}
              data-testid="payout-made"
              className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-sand-200 bg-white p-4"
            >
              <span className="flex flex-col text-sm">
                <span className="font-semibold text-ink">{when(payout.createdAt, locale)}</span>
                <span className="text-muted">
                  {formatCount(payout.transfers, 'transfers', locale)}
                  {payout.createdByName && (
                    <>
                      {' · '}
                      <bdi>{payout.createdByName}</bdi>
                    </>
                  )}
                </span>
              </span>
              <span className="flex items-center gap-3">
                <span className="font-bold text-brand-700">
                  {formatPrice(payout.totalHalalas, locale)}
                </span>
                <a
                  href={payoutCsvUrl(payout.id)}
                  download
                  className="inline-flex h-11 items-center gap-1.5 rounded-xl border border-sand-200 px-3 text-sm font-semibold text-ink hover:border-brand-500"
                >
                  <Download aria-hidden className="size-4" />
                  {t('money.payouts.csv')}
                </a>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
