import { z } from 'zod';
import {
  decodeCursor,
  encodeCursor,
  isCursorId,
  isCursorTimestamp,
} from '../domain/space-search.ts';
import { fieldRule } from '../message-codes.ts';

/**
 * E-invoices as people read them (issue 33, decisions 064, 065, 067): the documents of a renter's
 * booking, the host's documents (issued on their behalf, and HourSpace's fee invoices to them),
 * and the admin's view of what ZATCA answered. The document itself is `GET /api/invoices/:id`
 * (printable HTML) and `GET /api/invoices/:id/pdf`.
 */

export const DOCUMENT_KINDS = ['tax_invoice', 'receipt', 'credit_note', 'fee_invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Where a document's report to ZATCA stands (the `invoices.report_status` values, migration 0024). */
export const DOCUMENT_REPORT_STATUSES = [
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
export type DocumentReportStatus = (typeof DOCUMENT_REPORT_STATUSES)[number];

/** The statuses an admin looks at first: `?status=problem`. */
export const PROBLEM_REPORT_STATUSES = [
  'rejected',
  'failed',
  'malformed_answer',
  'reported_with_warnings',
  'cleared_with_warnings',
] as const satisfies readonly DocumentReportStatus[];

/** The statuses an admin may send again (`POST /api/admin/invoices/:id/report`). */
export const RETRYABLE_REPORT_STATUSES = [
  'failed',
  'malformed_answer',
] as const satisfies readonly DocumentReportStatus[];

/** Items per page of the host's and the admin's document lists. */
export const INVOICES_PAGE_SIZE = 20;

/** A booking's document as "My bookings" lists it (oldest first). */
export const bookingDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(['tax_invoice', 'receipt', 'credit_note']),
  number: z.string(),
  issuedAt: z.string(),
  totalHalalas: z.number().int(),
});
export type BookingDocument = z.infer<typeof bookingDocumentSchema>;

export const hostInvoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  issuedAt: z.string(),
  totalHalalas: z.number().int(),
  vatHalalas: z.number().int(),
  bookingReference: z.string().nullable(),
  reportStatus: z.enum(DOCUMENT_REPORT_STATUSES),
});
export type HostInvoice = z.infer<typeof hostInvoiceSchema>;
export const hostInvoicesSchema = z.object({
  items: z.array(hostInvoiceSchema),
  nextCursor: z.string().nullable(),
});
export type HostInvoices = z.infer<typeof hostInvoicesSchema>;

/** One of ZATCA's validation messages, as kept with the document. */
export const zatcaMessageSchema = z.object({
  type: z.enum(['warning', 'error', 'info']),
  code: z.string(),
  message: z.string(),
});
export type ZatcaMessageView = z.infer<typeof zatcaMessageSchema>;

export const adminInvoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  issuerName: z.string(),
  issuerVatNumber: z.string().nullable(),
  issuedAt: z.string(),
  totalHalalas: z.number().int(),
  vatHalalas: z.number().int(),
  bookingReference: z.string().nullable(),
  reportStatus: z.enum(DOCUMENT_REPORT_STATUSES),
  reportNote: z.string().nullable(),
  reportedAt: z.string().nullable(),
  messages: z.array(zatcaMessageSchema),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;
export const adminInvoicesSchema = z.object({
  items: z.array(adminInvoiceSchema),
  nextCursor: z.string().nullable(),
});
export type AdminInvoices = z.infer<typeof adminInvoicesSchema>;

export const invoiceRetrySchema = z.object({ reportStatus: z.literal('queued') });

/** `:id` of a document: any text; one that is not a document the caller may see is a 404. */
export const invoiceParamsSchema = z.object({
  id: z.string({ error: fieldRule('invalid') }).max(100, { error: fieldRule('invalid') }),
});

/** A URL gives strings (or arrays for repeated keys); an empty value means "not set". */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** decoded by the service: one it did not issue is a 400 INVALID_CURSOR */
const cursorField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: fieldRule('invalid') })
    .max(600, { error: fieldRule('invalid') })
    .optional(),
);

export const hostInvoicesQuerySchema = z.object({ cursor: cursorField });
export type HostInvoicesQuery = z.output<typeof hostInvoicesQuerySchema>;

export const adminInvoicesQuerySchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum([...DOCUMENT_REPORT_STATUSES, 'problem'], { error: fieldRule('notOneOf') }).optional(),
  ),
  cursor: cursorField,
});
export type AdminInvoicesQuery = z.output<typeof adminInvoicesQuerySchema>;

/** The keyset position of a newest-first list of documents: the last item's issue time and id. */
export interface InvoicesCursor {
  /** `issued_at` as PostgreSQL writes it (microseconds and offset) */
  issuedAt: string;
  id: string;
}

const INVOICES_CURSOR_SORT = 'issued';

export function encodeInvoicesCursor(cursor: InvoicesCursor): string {
  return encodeCursor({ sort: INVOICES_CURSOR_SORT, keys: [cursor.issuedAt], id: cursor.id });
}

/** The cursor, or null when the text is not one this server made. */
export function decodeInvoicesCursor(text: string): InvoicesCursor | null {
  const cursor = decodeCursor(text);
  if (!cursor || cursor.sort !== INVOICES_CURSOR_SORT || cursor.keys.length !== 1) return null;
  const [issuedAt] = cursor.keys;
  if (!isCursorTimestamp(issuedAt) || !isCursorId(cursor.id)) return null;
  return { issuedAt, id: cursor.id };
}
