/**
 * E-invoicing wired to the money (issue 33, decision 067): the `PaymentDocuments` the payment
 * flow calls in its own transactions (features/bookings/payments/documents-port.ts).
 *
 * - A booking marked paid → its document, issued from the stored rows: a simplified tax invoice
 *   on the host's behalf when the booking was made with VAT (`bookings.vat_halalas`, decision
 *   035) and the space has a VAT number, else a receipt. The amount is the payment's (the
 *   booking's stored total); the seller is the host as they are now, kept in the document.
 * - A refund recorded → a credit note on that document for the refunded amount, idempotent by
 *   the refund's id. A payment that paid for nothing (a late or second payment, refunded in
 *   full) had no document, so its refund has none either.
 *
 * Issuing runs in a savepoint: an issue the invoice rules refuse (`InvoiceError`, which the
 * inputs below are built never to cause) is logged and leaves the payment as it is — money taken
 * is never rolled back for want of a document. Reporting to ZATCA is a queued job.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { displayName } from '#shared/domain/display-name.ts';
import { detailsApplyTo } from '#shared/domain/seller-details.ts';
import type { Logger } from '#server/adapters/logger.ts';
import type { Queryable } from '#server/db/client.ts';
import { bookings, invoices, spaces, users, type RefundReason } from '#server/db/schema.ts';
import {
  InvoiceError,
  issueBookingInvoice,
  issueCreditNote,
  type Bilingual,
} from './issue-documents.ts';
import { findSellerDetails, sellerPartyOf } from './seller-details.ts';
import type { InvoiceSigners } from './signers.ts';

const REFUND_REASON: Record<RefundReason, Bilingual> = {
  cancelled: { ar: 'استرداد: ألغى المستأجر الحجز', en: 'Refund: the renter cancelled the booking' },
  revoked: {
    ar: 'استرداد: أُلغي الحجز من المضيف أو المنصة',
    en: 'Refund: the booking was cancelled by the host or HourSpace',
  },
  late_payment: {
    ar: 'استرداد: وصل الدفع بعد انتهاء مهلته',
    en: 'Refund: the payment arrived after its deadline',
  },
  second_payment: {
    ar: 'استرداد: دفعة ثانية للحجز نفسه',
    en: 'Refund: a second payment for the same booking',
  },
};

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
};

/** A booking's length in minutes; an end at or before the start is the next day's (decision 030). */
export function bookedMinutes(startTime: string, endTime: string): number {
  const length = minutesOf(endTime) - minutesOf(startTime);
  return length > 0 ? length : length + 24 * 60;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export interface PaymentDocumentsDeps {
  /** the signers, made once on first use (signers.ts reads or makes the local test identity) */
  signers: () => Promise<InvoiceSigners>;
  logger?: Logger;
}

async function inSavepoint(
  tx: Queryable,
  logger: Logger | undefined,
  what: object,
  work: (tx: Parameters<Parameters<Queryable['transaction']>[0]>[0]) => Promise<unknown>,
) {
  try {
    await tx.transaction(work);
  } catch (error) {
    if (!(error instanceof InvoiceError)) throw error;
    logger?.error(
      { ...what, code: error.code, reason: error.message },
      'e-invoice: the document was refused; the payment stands without it',
    );
  }
}

export function createPaymentDocuments(deps: PaymentDocumentsDeps) {
  return {
    async issueForPayment(
      tx: Queryable,
      input: { bookingId: string; paymentId: string; amountHalalas: number; paidAt: Date },
    ): Promise<void> {
      const signers = await deps.signers();
      const [row] = await tx
        .select({ booking: bookings, space: spaces, host: users })
        .from(bookings)
        .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
        .innerJoin(users, eq(users.id, spaces.hostId))
        .where(eq(bookings.id, input.bookingId));
      if (!row) return;
      const { booking, space, host } = row;
      const [renter] = await tx
        .select({ fullName: users.fullName, name: users.name })
        .from(users)
        .where(eq(users.id, booking.renterId));
      // VAT only when the booking was priced with it (its stored VAT part) and the host still
      // has a VAT number to put on the invoice; otherwise a receipt without VAT.
      const vatNumber = booking.vatHalalas !== null ? space.vatNumber : null;
      const hostName = clip(displayName(host).trim(), 200) || 'HourSpace host';
      // The seller is the host's invoicing details when they speak for this VAT number
      // (decision 074). Without them the invoice is still issued — the renter's right to a
      // document comes first — with the host's name and no address, and the Hosting area asks
      // the host for their details (GET /api/host/invoicing-details counts such documents).
      const details = vatNumber ? await findSellerDetails(tx, host.id) : null;
      const seller =
        details && detailsApplyTo(details, vatNumber)
          ? { hostUserId: host.id, ...sellerPartyOf(details) }
          : { hostUserId: host.id, name: hostName, vatNumber, address: null };
      const spaceAr = space.nameAr ?? space.nameEn ?? '';
      const spaceEn = space.nameEn ?? space.nameAr ?? '';
      const when = `${booking.date} ${booking.startTime.slice(0, 5)}–${booking.endTime.slice(0, 5)}`;
      await inSavepoint(tx, deps.logger, { paymentId: input.paymentId }, (sp) =>
        issueBookingInvoice(sp, signers, {
          bookingId: booking.id,
          seller,
          buyerName: renter ? displayName(renter) : null,
          lines: [
            {
              description: {
                ar: clip(`حجز ${spaceAr} (${booking.reference}) ${when}`, 400),
                en: clip(`Booking of ${spaceEn} (${booking.reference}) ${when}`, 400),
              },
              minutes: bookedMinutes(booking.startTime, booking.endTime),
              totalHalalas: input.amountHalalas,
            },
          ],
          paidAt: input.paidAt,
          paymentRef: input.paymentId,
          supplyDate: booking.date,
        }),
      );
    },

    async issueForRefund(
      tx: Queryable,
      input: {
        paymentId: string;
        refundId: string;
        amountHalalas: number;
        refundedAt: Date;
        reason: RefundReason;
      },
    ): Promise<void> {
      const [original] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.paymentRef, input.paymentId),
            inArray(invoices.kind, ['tax_invoice', 'receipt']),
          ),
        );
      // A payment that paid for nothing (late, or a second one) had no document to credit.
      if (!original) return;
      const signers = await deps.signers();
      await inSavepoint(tx, deps.logger, { refundId: input.refundId }, (sp) =>
        issueCreditNote(sp, signers, {
          invoiceId: original.id,
          refundRef: input.refundId,
          amountHalalas: input.amountHalalas,
          refundedAt: input.refundedAt,
          reason: REFUND_REASON[input.reason],
        }),
      );
    },
  };
}
