import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime, formatPrice } from '#shared/format.ts';
import { BookingReference } from '#web/components/booking-reference.tsx';
import { DocumentLinks } from '#web/components/document-links.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { useKeysetPages } from '#web/lib/use-keyset-pages.ts';
import type { AdminInvoice, DocumentReportStatus } from '#shared/schemas/invoices.ts';
import {
  getAdminInvoices,
  type InvoiceFilter,
  isRetryable,
  retryInvoiceReport,
} from '../api/admin-invoices.ts';

const FILTERS: readonly InvoiceFilter[] = ['all', 'problem'];

const TONE: Record<DocumentReportStatus, string> = {
  not_required: 'bg-sand-100 text-ink',
  not_reported: 'bg-sand-100 text-ink',
  queued: 'bg-sand-100 text-brand-900',
  reported: 'bg-brand-50 text-brand-700',
  cleared: 'bg-brand-50 text-brand-700',
  reported_with_warnings: 'bg-gold-400/25 text-brand-900',
  cleared_with_warnings: 'bg-gold-400/25 text-brand-900',
  rejected: 'bg-red-50 text-red-800',
  malformed_answer: 'bg-red-50 text-red-800',
  failed: 'bg-red-50 text-red-800',
};

const MESSAGE_TONE = { error: 'text-red-800', warning: 'text-brand-900', info: 'text-muted' };

function InvoiceCard({
  invoice,
  onRetried,
  onStale,
}: {
  invoice: AdminInvoice;
  onRetried: (invoice: AdminInvoice) => void;
  onStale: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [busy, setBusy] = useState(false);
  const kind = t(`invoices.kind.${invoice.kind}`);

  const retry = async () => {
    setBusy(true);
    try {
      const { reportStatus } = await retryInvoiceReport(invoice.id);
      onRetried({ ...invoice, reportStatus });
      toast({ title: t('invoices.admin.retried', { number: invoice.number }) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('invoices.admin.retryFailed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
      // A 409: another admin retried it, or the job answered meanwhile; show where it stands now.
      if (error instanceof ApiRequestError && error.status === 409) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <li
      data-testid="admin-invoice"
      aria-label={`${kind} ${invoice.number}`}
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-bold text-ink">
          {kind}{' '}
          <bdi dir="ltr" className="font-mono text-sm whitespace-nowrap">
            {invoice.number}
          </bdi>
        </p>
        <span
          data-testid="report-status"
          className={cn('rounded-full px-3 py-1 text-xs font-bold', TONE[invoice.reportStatus])}
        >
          {t(`invoices.status.${invoice.reportStatus}`)}
        </span>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-muted">{t('invoices.admin.issuer')}:</dt>
          <dd className="font-semibold text-ink">
            <bdi>{invoice.issuerName}</bdi>
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-muted">{t('invoices.admin.vatNumber')}:</dt>
          <dd className="text-ink">
            {invoice.issuerVatNumber ? (
              <bdi dir="ltr" className="font-mono">
                {invoice.issuerVatNumber}
              </bdi>
            ) : (
              t('invoices.admin.noVatNumber')
            )}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-muted">{t('invoices.admin.issuedAt')}:</dt>
          <dd className="text-ink">{formatDateTime(new Date(invoice.issuedAt), locale)}</dd>
        </div>
        {invoice.reportedAt && (
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">{t('invoices.admin.reportedAt')}:</dt>
            <dd className="text-ink">{formatDateTime(new Date(invoice.reportedAt), locale)}</dd>
          </div>
        )}
      </dl>
      <p className="text-sm font-semibold text-ink">
        {invoice.vatHalalas > 0
          ? t('invoices.amounts', {
              total: formatPrice(invoice.totalHalalas, locale),
              vat: formatPrice(invoice.vatHalalas, locale),
            })
          : t('invoices.amountsNoVat', { total: formatPrice(invoice.totalHalalas, locale) })}
      </p>
      {invoice.bookingReference && <BookingReference reference={invoice.bookingReference} />}
      {invoice.reportNote && (
        <p className="text-sm text-muted">
          {t('invoices.admin.note')}: <bdi>{invoice.reportNote}</bdi>
        </p>
      )}
      {invoice.messages.length > 0 && (
        <div className="flex flex-col gap-1 rounded-xl bg-sand-50 p-3 text-sm">
          <p className="font-semibold text-ink">{t('invoices.admin.messages')}</p>
          <ul className="flex flex-col gap-1" data-testid="zatca-messages">
            {invoice.messages.map((m, index) => (
              <li key={`${m.code}-${index}`} className={cn('flex flex-col', MESSAGE_TONE[m.type])}>
                <span>
                  <span className="font-semibold">{t(`invoices.admin.messageType.${m.type}`)}</span>{' '}
                  <bdi dir="ltr" className="font-mono text-xs">
                    {m.code}
                  </bdi>
                </span>
                <span>
                  <bdi>{m.message}</bdi>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DocumentLinks
          id={invoice.id}
          name={`${kind} ${invoice.number}`}
          view={t('invoices.view')}
          pdf={t('invoices.pdf')}
          newTab={t('invoices.newTab')}
        />
        {isRetryable(invoice.reportStatus) && (
          <Button size="sm" onClick={retry} disabled={busy}>
            <RotateCcw aria-hidden className="rtl:-scale-x-100" />
            {t(busy ? 'invoices.admin.retrying' : 'invoices.admin.retry')}
            <span className="sr-only"> {invoice.number}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The desk's e-invoices (issue 33, decision 064): every document issued, newest first, with where
 * its report to ZATCA stands in words, ZATCA's warnings and errors with their codes, and "retry
 * report" for one whose report failed or whose answer could not be read.
 */
export function AdminInvoices() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<InvoiceFilter>('all');
  const { state, more, loadMore, replace, reload } = useKeysetPages(filter, (cursor, signal) =>
    getAdminInvoices(filter, cursor, signal),
  );
  return (
    <div className="flex flex-col gap-4" data-testid="admin-invoices">
      <p className="text-sm text-muted">{t('invoices.admin.intro')}</p>
      <div role="group" aria-label={t('invoices.admin.filter')} className="flex flex-wrap gap-2">
        {FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className={cn(
              'inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              filter === value
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-sand-200 bg-white text-ink hover:border-brand-500',
            )}
          >
            {t(`invoices.admin.filter.${value}`)}
          </button>
        ))}
      </div>
      {state.status === 'loading' && (
        <p role="status" className="text-muted">
          {t('invoices.admin.loading')}
        </p>
      )}
      {state.status === 'error' && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-red-50 p-4">
          <p className="font-semibold text-red-800">{t('invoices.admin.error')}</p>
          <Button variant="outline" size="sm" onClick={reload}>
            {t('invoices.retryLoad')}
          </Button>
        </div>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-muted">
          {t(filter === 'problem' ? 'invoices.admin.emptyProblems' : 'invoices.admin.empty')}
        </p>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <>
          <ul className="flex flex-col gap-3">
            {state.items.map((invoice) => (
              <InvoiceCard
                key={invoice.id}
                invoice={invoice}
                onRetried={replace}
                onStale={reload}
              />
            ))}
          </ul>
          {state.nextCursor && (
            <div className="flex flex-col items-center gap-2">
              <Button variant="outline" onClick={loadMore} disabled={more === 'loading'}>
                {t(more === 'loading' ? 'invoices.moreLoading' : 'invoices.more')}
              </Button>
              {more === 'error' && (
                <p role="alert" className="text-sm text-red-800">
                  {t('invoices.moreFailed')}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
