/**
 * The `zatca.report` job (jobs/job-kinds.ts): sends one issued document to ZATCA and keeps the
 * answer with it — reported, cleared, with warnings, rejected with ZATCA's messages, or a
 * malformed answer kept as received and flagged. A 5xx, a timeout or no connection throws, so
 * the job is retried with backoff; on its last attempt the document is marked `failed` first.
 * A failed call never touches the booking: the document is already issued.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices } from '#server/db/schema.ts';
import type { InvoiceParty } from './ubl.ts';
import type { InvoiceSigners } from './signers.ts';
import { submitToZatca, ZatcaUnavailableError } from './zatca-api.ts';

export async function reportInvoice(
  db: Db,
  signers: InvoiceSigners,
  invoiceId: string,
  attempt: { attempts: number; maxAttempts: number },
  timeoutMs?: number,
): Promise<void> {
  const [doc] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!doc || doc.reportStatus !== 'queued' || !doc.xml || !doc.invoiceHash) return;
  const seller = doc.seller as InvoiceParty;
  const credentials = signers.reportingFor(seller.vatNumber);
  if (!credentials) {
    await db
      .update(invoices)
      .set({
        reportStatus: 'not_reported',
        reportNote: 'no ZATCA CSID is configured for this seller',
      })
      .where(eq(invoices.id, doc.id));
    return;
  }
  try {
    const answer = await submitToZatca(
      credentials,
      {
        mode: doc.standard ? 'clearance' : 'reporting',
        invoiceHash: doc.invoiceHash,
        uuid: doc.uuid,
        xml: doc.xml,
      },
      timeoutMs,
    );
    await db
      .update(invoices)
      .set({
        reportStatus: answer.status,
        reportNote: answer.note,
        zatcaHttpStatus: answer.httpStatus,
        zatcaResponse: answer.raw.slice(0, 200_000),
        reportedAt: new Date(),
      })
      .where(eq(invoices.id, doc.id));
  } catch (error) {
    if (error instanceof ZatcaUnavailableError && attempt.attempts >= attempt.maxAttempts) {
      await db
        .update(invoices)
        .set({
          reportStatus: 'failed',
          reportNote: `${error.message} (gave up after ${attempt.attempts} attempts)`,
          zatcaHttpStatus: error.httpStatus,
          zatcaResponse: error.raw?.slice(0, 200_000) ?? null,
        })
        .where(eq(invoices.id, doc.id));
    }
    throw error;
  }
}
