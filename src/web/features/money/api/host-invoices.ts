import { apiFetch } from '#web/lib/api-client.ts';
import type { KeysetPage } from '#web/lib/use-keyset-pages.ts';

/** Where a document's report to ZATCA stands (migration 0024, decision 064). */
export type ReportStatus =
  | 'not_required'
  | 'not_reported'
  | 'queued'
  | 'reported'
  | 'reported_with_warnings'
  | 'cleared'
  | 'cleared_with_warnings'
  | 'rejected'
  | 'malformed_answer'
  | 'failed';

/** A document issued on the host's behalf, or HourSpace's fee invoice to them (decision 065). */
export interface HostInvoice {
  id: string;
  kind: 'tax_invoice' | 'receipt' | 'credit_note' | 'fee_invoice';
  number: string;
  issuedAt: string;
  totalHalalas: number;
  vatHalalas: number;
  bookingReference: string | null;
  reportStatus: ReportStatus;
}

/** GET /api/host/invoices — newest first, twenty a page; `cursor` reads the next page. */
export const getHostInvoices = (cursor: string | null, signal?: AbortSignal) =>
  apiFetch<KeysetPage<HostInvoice>>(
    cursor ? `/api/host/invoices?cursor=${encodeURIComponent(cursor)}` : '/api/host/invoices',
    { signal },
  );
