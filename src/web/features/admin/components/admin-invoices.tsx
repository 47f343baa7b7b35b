import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '#shared/format.ts';
import { DocumentList } from '#web/components/document-list.tsx';
import { DocumentRow } from '#web/components/document-row.tsx';
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

/**
 * Why a report stands where it does, in the reader's language, for the statuses whose note is our
 * own diagnosis (not ZATCA's messages, listed apart).
 */
const REASONED = ['not_reported', 'failed', 'malformed_answer'] as const;
const hasReason = (status: DocumentReportStatus): status is (typeof REASONED)[number] =>
  (REASONED as readonly string[]).includes(status);

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
  // The note is the server's record, in English: for a rejection or warnings it repeats ZATCA's
  // messages (shown below in its own words), and for "not reported" the translated reason says
  // all of it. Otherwise it is the technical detail, shown as what it is.
  const detail =
    invoice.reportNote && invoice.reportStatus !== 'not_reported' && invoice.messages.length === 0
      ? invoice.reportNote
      : null;

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
    <DocumentRow
      testId="admin-invoice"
      document={invoice}
      kind={kind}
      status={
        <span
          data-testid="report-status"
          className={cn('rounded-full px-3 py-1 text-xs font-bold', TONE[invoice.reportStatus])}
        >
          {t(`invoices.status.${invoice.reportStatus}`)}
        </span>
      }
      actions={
        isRetryable(invoice.reportStatus) && (
          <Button size="sm" onClick={retry} disabled={busy}>
            <RotateCcw aria-hidden className="rtl:-scale-x-100" />
            {t(busy ? 'invoices.admin.retrying' : 'invoices.admin.retry')}
            <span className="sr-only"> {invoice.number}</span>
          </Button>
        )
      }
    >
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
        {invoice.reportedAt && (
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-muted">{t('invoices.admin.reportedAt')}:</dt>
            <dd className="text-ink">{formatDateTime(new Date(invoice.reportedAt), locale)}</dd>
          </div>
        )}
      </dl>
      {hasReason(invoice.reportStatus) && (
        <p className="text-sm text-ink" data-testid="report-reason">
          {t(`invoices.admin.reason.${invoice.reportStatus}`)}
        </p>
      )}
      {detail && (
        <p className="flex flex-col gap-0.5 text-sm text-muted" data-testid="report-detail">
          <span>{t('invoices.admin.detail')}</span>
          <bdi dir="ltr" lang="en" className="font-mono text-xs break-words">
            {detail}
          </bdi>
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
                  <bdi dir="auto">{m.message}</bdi>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </DocumentRow>
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
  const pages = useKeysetPages(filter, (cursor, signal) =>
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
      <DocumentList
        pages={pages}
        loading={t('invoices.admin.loading')}
        failed={t('invoices.admin.error')}
        empty={t(filter === 'problem' ? 'invoices.admin.emptyProblems' : 'invoices.admin.empty')}
      >
        {(items) =>
          items.map((invoice) => (
            <InvoiceCard
              key={invoice.id}
              invoice={invoice}
              onRetried={pages.replace}
              onStale={pages.reload}
            />
          ))
        }
      </DocumentList>
    </div>
  );
}
