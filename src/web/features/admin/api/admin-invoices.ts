import type {
  AdminInvoices,
  DocumentReportStatus,
  RETRYABLE_REPORT_STATUSES,
} from '#shared/schemas/invoices.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/**
 * What POST /api/admin/invoices/:id/report re-queues (the server's RETRYABLE_REPORT_STATUSES;
 * anything else answers 409). Written out here: that module's zod is not for this chunk.
 */
export const RETRYABLE = [
  'failed',
  'malformed_answer',
] as const satisfies typeof RETRYABLE_REPORT_STATUSES;
export const isRetryable = (status: DocumentReportStatus) =>
  (RETRYABLE as readonly DocumentReportStatus[]).includes(status);

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
  return apiFetch<AdminInvoices>(search ? `/api/admin/invoices?${search}` : '/api/admin/invoices', {
    signal,
  });
};

/** POST /api/admin/invoices/:id/report — reports a failed or malformed one again (202). */
export const retryInvoiceReport = (id: string) =>
  apiFetch<{ reportStatus: DocumentReportStatus }>(
    `/api/admin/invoices/${encodeURIComponent(id)}/report`,
    { method: 'POST' },
  );
