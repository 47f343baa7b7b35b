import { apiFetch } from '#web/lib/api-client.ts';
import type { KeysetPage } from '#web/lib/use-keyset-pages.ts';

/** Where a document's report to ZATCA stands (migration 0024, decision 064). */
export const REPORT_STATUSES = [
  'not_required',
  'not_reported',
  'queued',
  'reported',
  'reported_with_warnings',
  'cleared',
  'cleared_with_warnings',
  'rejected',
  'malformed_answer',
  'failed',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What POST /api/admin/invoices/:id/report re-queues; anything else answers 409. */
export const RETRYABLE: readonly ReportStatus[] = ['failed', 'malformed_answer'];

export interface AdminInvoice {
  id: string;
  kind: 'tax_invoice' | 'receipt' | 'credit_note' | 'fee_invoice';
  number: string;
  issuerName: string;
  issuerVatNumber: string | null;
  issuedAt: string;
  totalHalalas: number;
  vatHalalas: number;
  bookingReference: string | null;
  reportStatus: ReportStatus;
  reportNote: string | null;
  reportedAt: string | null;
  /** ZATCA's validation messages, as it answered them */
  messages: { type: 'warning' | 'error' | 'info'; code: string; message: string }[];
}

/** The desk's filter: every document, or those needing a look (rejected, failed, warnings…). */
export type InvoiceFilter = 'all' | 'problem';

/** GET /api/admin/invoices — newest first, keyset pages; `problem` narrows to the troubled ones. */
export const getAdminInvoices = (
  filter: InvoiceFilter,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams();
  if (filter === 'problem') query.set('status', 'problem');
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return apiFetch<KeysetPage<AdminInvoice>>(
    search ? `/api/admin/invoices?${search}` : '/api/admin/invoices',
    { signal },
  );
};

/** POST /api/admin/invoices/:id/report — reports a failed or malformed one again (202). */
export const retryInvoiceReport = (id: string) =>
  apiFetch<{ reportStatus: ReportStatus }>(`/api/admin/invoices/${encodeURIComponent(id)}/report`, {
    method: 'POST',
  });
