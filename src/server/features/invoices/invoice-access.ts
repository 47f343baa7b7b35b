/**
 * Who may read which document, and the lists of documents (issue 33; decision 067). A booking's
 * documents are the renter's and the host's of the booked space; a fee invoice is the host's it
 * is addressed to (`buyer.key`); admins read all. Anyone else gets the same 404 as for an id that
 * does not exist, so nobody learns which ids are documents.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLES } from '#shared/domain/roles.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import {
  decodeInvoicesCursor,
  encodeInvoicesCursor,
  INVOICES_PAGE_SIZE,
  PROBLEM_REPORT_STATUSES,
  RETRYABLE_REPORT_STATUSES,
  type AdminInvoices,
  type AdminInvoicesQuery,
  type HostInvoices,
  type HostInvoicesQuery,
  type ZatcaMessageView,
} from '#shared/schemas/invoices.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, invoices, spaces } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/http/app-error.ts';
import { ZATCA_REPORT_JOB, type ZatcaReportJob } from '#server/jobs/job-kinds.ts';
import { enqueueJob } from '#server/jobs/queue.ts';
import { hasRole } from '#server/users/roles.ts';
import type { InvoiceRow } from './issue-documents.ts';
import type { InvoiceParty } from './ubl.ts';

/** The document `id` when `userId` may read it (its renter, its host, an admin), else a 404. */
export async function findReadableInvoice(
  db: Db,
  userId: string,
  id: string,
): Promise<{
  invoice: InvoiceRow;
  originalNumber: string | null;
  bookingReference: string | null;
}> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({
      invoice: invoices,
      renterId: bookings.renterId,
      hostId: spaces.hostId,
      bookingReference: bookings.reference,
    })
    .from(invoices)
    .leftJoin(bookings, eq(bookings.id, invoices.bookingId))
    .leftJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(invoices.id, id));
  if (!row) throw notFound();
  const { invoice } = row;
  const isFee = invoice.kind === 'fee_invoice';
  const buyerKey = (invoice.buyer as { key?: unknown } | null)?.key;
  const allowed = isFee ? buyerKey === userId : row.renterId === userId || row.hostId === userId;
  if (!allowed && !(await hasRole(db, userId, ADMIN_ROLES))) throw notFound();
  let originalNumber: string | null = null;
  if (invoice.originalInvoiceId) {
    const [original] = await db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, invoice.originalInvoiceId));
    originalNumber = original?.number ?? null;
  }
  return { invoice, originalNumber, bookingReference: row.bookingReference ?? null };
}

function keysetAfter(cursorText: string | undefined): SQL | undefined {
  if (cursorText === undefined) return undefined;
  const cursor = decodeInvoicesCursor(cursorText);
  if (!cursor) throw new AppError('INVALID_CURSOR');
  return sql`(${invoices.issuedAt}, ${invoices.id}) < (${cursor.issuedAt}::timestamptz, ${cursor.id}::uuid)`;
}

function nextCursor<T extends { issuedAtText: string; invoice: { id: string } }>(
  rows: T[],
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, INVOICES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    page,
    nextCursor:
      rows.length > INVOICES_PAGE_SIZE && last
        ? encodeInvoicesCursor({ issuedAt: last.issuedAtText, id: last.invoice.id })
        : null,
  };
}

/**
 * GET /api/host/invoices: the documents issued on `hostId`'s behalf (of bookings of the spaces
 * they host) and HourSpace's fee invoices addressed to them, newest first, one keyset page.
 */
export async function listHostInvoices(
  db: Db,
  hostId: string,
  query: HostInvoicesQuery,
): Promise<HostInvoices> {
  const after = keysetAfter(query.cursor);
  const mine = or(
    and(sql`${invoices.kind} <> 'fee_invoice'`, eq(spaces.hostId, hostId)),
    and(eq(invoices.kind, 'fee_invoice'), sql`${invoices.buyer}->>'key' = ${hostId}`),
  )!;
  const rows = await db
    .select({
      invoice: invoices,
      issuedAtText: sql<string>`${invoices.issuedAt}::text`,
      bookingReference: bookings.reference,
    })
    .from(invoices)
    .leftJoin(bookings, eq(bookings.id, invoices.bookingId))
    .leftJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(after ? and(mine, after) : mine)
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(INVOICES_PAGE_SIZE + 1);
  const { page, nextCursor: next } = nextCursor(rows);
  return {
    items: page.map(({ invoice, bookingReference }) => ({
      id: invoice.id,
      kind: invoice.kind,
      number: invoice.number,
      issuedAt: invoice.issuedAt.toISOString(),
      totalHalalas: invoice.totalHalalas,
      vatHalalas: invoice.vatHalalas,
      bookingReference: bookingReference ?? null,
      reportStatus: invoice.reportStatus,
    })),
    nextCursor: next,
  };
}

/**
 * ZATCA's validation messages from the answer kept with a document (zatca-api.ts keeps it as
 * received). Anything not in ZATCA's shape gives no messages: the report note says why.
 */
export function zatcaMessages(raw: string | null): ZatcaMessageView[] {
  if (!raw) return [];
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return [];
  }
  const results =
    typeof body === 'object' && body !== null
      ? (body as { validationResults?: unknown }).validationResults
      : undefined;
  if (typeof results !== 'object' || results === null) return [];
  const out: ZatcaMessageView[] = [];
  const lists = [
    ['info', 'infoMessages'],
    ['warning', 'warningMessages'],
    ['error', 'errorMessages'],
  ] as const;
  for (const [type, key] of lists) {
    const list = (results as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    for (const m of list.slice(0, 100)) {
      if (typeof m !== 'object' || m === null) continue;
      const { code, message } = m as { code?: unknown; message?: unknown };
      out.push({
        type,
        code: typeof code === 'string' ? code.slice(0, 200) : '',
        message: typeof message === 'string' ? message.slice(0, 2000) : '',
      });
    }
  }
  return out;
}

/** GET /api/admin/invoices: every document, newest first, by report status (or the problems). */
export async function listAdminInvoices(db: Db, query: AdminInvoicesQuery): Promise<AdminInvoices> {
  const where: SQL[] = [];
  const after = keysetAfter(query.cursor);
  if (after) where.push(after);
  if (query.status === 'problem')
    where.push(inArray(invoices.reportStatus, PROBLEM_REPORT_STATUSES));
  else if (query.status) where.push(eq(invoices.reportStatus, query.status));
  const rows = await db
    .select({
      invoice: invoices,
      issuedAtText: sql<string>`${invoices.issuedAt}::text`,
      bookingReference: bookings.reference,
    })
    .from(invoices)
    .leftJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(INVOICES_PAGE_SIZE + 1);
  const { page, nextCursor: next } = nextCursor(rows);
  return {
    items: page.map(({ invoice, bookingReference }) => {
      const seller = invoice.seller as InvoiceParty;
      return {
        id: invoice.id,
        kind: invoice.kind,
        number: invoice.number,
        issuerName: seller.name,
        issuerVatNumber: seller.vatNumber,
        issuedAt: invoice.issuedAt.toISOString(),
        totalHalalas: invoice.totalHalalas,
        vatHalalas: invoice.vatHalalas,
        bookingReference: bookingReference ?? null,
        reportStatus: invoice.reportStatus,
        reportNote: invoice.reportNote,
        reportedAt: invoice.reportedAt?.toISOString() ?? null,
        messages: zatcaMessages(invoice.zatcaResponse),
      };
    }),
    nextCursor: next,
  };
}

/**
 * POST /api/admin/invoices/:id/report: sends a document whose report failed (or whose answer
 * was malformed) to ZATCA again, through the durable queue. The status moves to `queued` in
 * the same statement that checks it, so two admins pressing at once queue it once.
 */
export async function retryInvoiceReport(db: Db, id: string): Promise<{ reportStatus: 'queued' }> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(invoices)
      .set({ reportStatus: 'queued', reportNote: null })
      .where(and(eq(invoices.id, id), inArray(invoices.reportStatus, RETRYABLE_REPORT_STATUSES)))
      .returning({ id: invoices.id });
    if (!moved) {
      const [current] = await tx
        .select({ reportStatus: invoices.reportStatus })
        .from(invoices)
        .where(eq(invoices.id, id));
      if (!current) throw notFound();
      throw new AppError('INVOICE_NOT_RETRYABLE', undefined, {
        reportStatus: current.reportStatus,
      });
    }
    await enqueueJob(tx, {
      kind: ZATCA_REPORT_JOB,
      payload: { invoiceId: id } satisfies ZatcaReportJob,
      // A new job (the first one's key is spent); the status change above is what makes it once.
      dedupeKey: `zatca-report:${id}:retry:${randomUUID()}`,
      maxAttempts: 12,
    });
    return { reportStatus: 'queued' as const };
  });
}
