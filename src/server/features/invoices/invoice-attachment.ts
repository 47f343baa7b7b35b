import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { invoices } from '#server/db/schema.ts';
import type { MailAttachment } from '#server/adapters/mail/mailer.ts';
import type { BusinessIdentity } from '#server/business-identity.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/**
 * The PDF of a paid booking's document (its tax invoice, or the receipt of a host who is not
 * VAT-registered) as an email attachment: the "paid" email carries it (issue 33). Resolved when
 * the email is sent, not when it is queued: the document is issued in the same transaction as
 * the payment, after the notice is queued, and the queue keeps no PDF bytes. None yet (its issue
 * failed, decision 067): null, and the email goes without it — My bookings still lists it later.
 */
export async function paidDocumentAttachment(
  q: Queryable,
  bookingId: string,
  business: BusinessIdentity,
): Promise<MailAttachment | null> {
  const [row] = await q
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.bookingId, bookingId), inArray(invoices.kind, ['tax_invoice', 'receipt'])),
    )
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  if (!row) return null;
  const pdf = await renderInvoicePdf(row, { business });
  return {
    filename: `${row.number}.pdf`,
    content: pdf.toString('base64'),
    encoding: 'base64',
    contentType: 'application/pdf',
  };
}
