/**
 * Issuing documents (issue 33; decision 064): what the payment flow calls, with plain inputs.
 * - `issueBookingInvoice`: a paid booking → a simplified tax invoice issued on the host's behalf
 *   (third-party billing) when the host is VAT-registered, else a receipt without VAT
 *   (decision 035).
 * - `issueCreditNote`: a refund → a credit note referencing that invoice (never more than it).
 * - `issueFeeInvoice`: HourSpace's fee for a month → its own tax invoice to the host (standard,
 *   cleared, when the host has a VAT number; simplified otherwise).
 * Each runs in the caller's transaction and locks its issuer's row: the number, the invoice
 * counter and the previous hash move on together, without gaps. Each is idempotent by its
 * source (payment, refund, host and month): a second call returns the first document.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { vatPartHalalas } from '#shared/domain/vat.ts';
import type { BusinessIdentity } from '#server/business-identity.ts';
import type { Tx } from '#server/db/client.ts';
import { invoiceIssuers, invoices, type InvoiceKind } from '#server/db/schema.ts';
import { enqueueJob } from '#server/jobs/queue.ts';
import { ZATCA_REPORT_JOB, type ZatcaReportJob } from '#server/jobs/job-kinds.ts';
import { FIRST_PREVIOUS_HASH, signDocument } from './signing.ts';
import type { InvoiceSigners } from './signers.ts';
import {
  hoursText,
  riyadhDateTime,
  type InvoiceParty,
  type NationalAddress,
  type UblLine,
} from './ubl.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

export type InvoiceErrorCode =
  'INVOICE_BAD_INPUT' | 'INVOICE_NOT_FOUND' | 'CREDIT_EXCEEDS_INVOICE' | 'INVOICE_NOT_CREDITABLE';

/** A refused issue: nothing was written (the caller's transaction decides what else to undo). */
export class InvoiceError extends Error {
  constructor(
    readonly code: InvoiceErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'InvoiceError';
  }
}

export interface Bilingual {
  ar: string;
  en: string;
}

/** The host as seller: their registered name, VAT number (null: not registered) and address. */
export interface HostSeller {
  hostUserId: string;
  name: string;
  /** the registered name in English, when the host gave one (printed, not in the XML) */
  nameEn?: string | null;
  vatNumber: string | null;
  crNumber?: string | null;
  address: NationalAddress | null;
}

export interface BookingInvoiceLine {
  description: Bilingual;
  minutes: number;
  /** what the renter paid for this line, VAT included (decision 035) */
  totalHalalas: number;
}

const THIRD_PARTY_NOTE: Bilingual = {
  ar: 'فاتورة صادرة من منصة مساحة بالساعة نيابةً عن البائع',
  en: 'Invoice issued by the HourSpace platform on behalf of the seller',
};

const PREFIX: Record<InvoiceKind, string> = {
  tax_invoice: 'INV',
  credit_note: 'CRN',
  receipt: 'RCT',
  fee_invoice: 'FEE',
};

function bad(message: string): never {
  throw new InvoiceError('INVOICE_BAD_INPUT', message);
}

const isHalalas = (n: number) => Number.isSafeInteger(n) && n > 0;
const SAUDI_VAT = /^3\d{13}3$/;

function checkAddress(a: NationalAddress | null) {
  if (!a) return;
  if (!/^\d{4}$/.test(a.buildingNumber)) bad('building number must be 4 digits');
  if (!/^\d{5}$/.test(a.postalCode)) bad('postal code must be 5 digits');
  if (a.additionalNumber && !/^\d{4}$/.test(a.additionalNumber))
    bad('additional number must be 4 digits');
  for (const part of [a.street, a.district, a.city])
    if (!part.trim()) bad('address parts are required');
}

function checkParty(p: InvoiceParty, role: string) {
  if (!p.name.trim() || p.name.length > 200) bad(`${role} name is required (≤ 200 characters)`);
  if (p.nameEn && p.nameEn.length > 200) bad(`${role} English name is ≤ 200 characters`);
  if (p.vatNumber !== null && !SAUDI_VAT.test(p.vatNumber))
    bad(`${role} VAT number must be 15 digits, first and last 3`);
  if (p.crNumber && !/^\d{10}$/.test(p.crNumber)) bad(`${role} CR number must be 10 digits`);
  checkAddress(p.address);
}

/** Locks the issuer's row (made at its first document) and returns where its chain stands. */
async function lockIssuer(tx: Tx, key: string) {
  await tx
    .insert(invoiceIssuers)
    .values({ key, lastHash: FIRST_PREVIOUS_HASH })
    .onConflictDoNothing({ target: invoiceIssuers.key });
  const [row] = await tx
    .select()
    .from(invoiceIssuers)
    .where(eq(invoiceIssuers.key, key))
    .for('update');
  return row!;
}

interface NewDocument {
  issuerKey: string;
  kind: InvoiceKind;
  /** null: unsigned (an unregistered host's documents) */
  ubl: null | {
    typeCode: '388' | '381';
    standard: boolean;
    thirdParty: boolean;
    paymentMeansCode: '1' | '10' | '30' | '48';
    billingReference?: { number: string; reason: string };
    notes: Bilingual[];
  };
  seller: InvoiceParty;
  buyer: InvoiceParty | null;
  lines: (UblLine & { description: Bilingual; minutes: number | null })[];
  issuedAt: Date;
  supplyDate: string | null;
  bookingId: string | null;
  originalInvoiceId?: string;
  paymentRef?: string;
  refundRef?: string;
  feeMonth?: string;
}

/** Writes one document under its issuer's lock: number, counter and hash, signed, queued. */
async function issue(tx: Tx, signers: InvoiceSigners, d: NewDocument): Promise<InvoiceRow> {
  const issuer = await lockIssuer(tx, d.issuerKey);
  const seq = issuer.lastNumber + 1;
  const number = `${PREFIX[d.kind]}-${String(seq).padStart(6, '0')}`;
  const uuid = randomUUID();
  const netHalalas = d.lines.reduce((s, l) => s + l.netHalalas, 0);
  const vatHalalas = d.lines.reduce((s, l) => s + l.vatHalalas, 0);
  let chain: {
    icv: number;
    previousHash: string;
    invoiceHash: string;
    xml: string;
    qr: string;
  } | null = null;
  let reportStatus: InvoiceRow['reportStatus'] = 'not_required';
  let reportNote: string | null = null;
  if (d.ubl) {
    const icv = issuer.lastIcv + 1;
    const signed = signDocument(
      {
        ...d.ubl,
        number,
        uuid,
        issuedAt: d.issuedAt,
        icv,
        previousHash: issuer.lastHash,
        seller: d.seller,
        buyer: d.buyer,
        supplyDate: d.supplyDate,
        lines: d.lines.map((l) => ({ ...l, name: `${l.description.ar} / ${l.description.en}` })),
      },
      signers.identityFor(d.seller.vatNumber),
    );
    chain = {
      icv,
      previousHash: issuer.lastHash,
      invoiceHash: signed.hash,
      xml: signed.xml,
      qr: signed.qr,
    };
    if (signers.reportingFor(d.seller.vatNumber)) {
      reportStatus = 'queued';
    } else {
      reportStatus = 'not_reported';
      reportNote = 'no ZATCA CSID is configured for this seller: signed with the local test key';
    }
  }
  const [row] = await tx
    .insert(invoices)
    .values({
      issuerKey: d.issuerKey,
      kind: d.kind,
      seq,
      number,
      uuid,
      standard: d.ubl?.standard ?? false,
      bookingId: d.bookingId,
      originalInvoiceId: d.originalInvoiceId ?? null,
      paymentRef: d.paymentRef ?? null,
      refundRef: d.refundRef ?? null,
      feeMonth: d.feeMonth ?? null,
      seller: d.seller,
      buyer: d.buyer,
      lines: d.lines,
      netHalalas,
      vatHalalas,
      totalHalalas: netHalalas + vatHalalas,
      issuedAt: d.issuedAt,
      supplyDate: d.supplyDate,
      icv: chain?.icv ?? null,
      previousHash: chain?.previousHash ?? null,
      invoiceHash: chain?.invoiceHash ?? null,
      xml: chain?.xml ?? null,
      qr: chain?.qr ?? null,
      reportStatus,
      reportNote,
    })
    .returning();
  await tx
    .update(invoiceIssuers)
    .set({
      lastNumber: seq,
      ...(chain ? { lastIcv: chain.icv, lastHash: chain.invoiceHash } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(invoiceIssuers.key, d.issuerKey));
  if (reportStatus === 'queued') {
    await enqueueJob(tx, {
      kind: ZATCA_REPORT_JOB,
      payload: { invoiceId: row!.id } satisfies ZatcaReportJob,
      dedupeKey: `zatca-report:${row!.id}`,
      // ZATCA's answer within 24 h: retries back off (job-runner) for about that long.
      maxAttempts: 12,
    });
  }
  return row!;
}

function sellerParty(seller: HostSeller): InvoiceParty {
  return {
    name: seller.name.trim(),
    ...(seller.nameEn?.trim() ? { nameEn: seller.nameEn.trim() } : {}),
    vatNumber: seller.vatNumber,
    crNumber: seller.crNumber ?? null,
    address: seller.address,
  };
}

/**
 * The document for a paid booking: a simplified tax invoice on the host's behalf, or a receipt
 * when the host is not VAT-registered. Idempotent by `paymentRef`.
 */
export async function issueBookingInvoice(
  tx: Tx,
  signers: InvoiceSigners,
  input: {
    bookingId: string;
    seller: HostSeller;
    /** the renter's name as the buyer (simplified invoices need no more) */
    buyerName: string | null;
    lines: BookingInvoiceLine[];
    paidAt: Date;
    paymentRef: string;
    /** the booking's date (Riyadh), the date of supply */
    supplyDate: string;
  },
): Promise<{ invoice: InvoiceRow; created: boolean }> {
  if (!input.paymentRef.trim()) bad('a payment reference is required');
  if (input.lines.length === 0 || input.lines.length > 50) bad('1–50 lines');
  for (const l of input.lines) {
    if (!isHalalas(l.totalHalalas)) bad('a line total must be whole halalas above zero');
    if (!Number.isSafeInteger(l.minutes) || l.minutes <= 0) bad('a line needs its minutes');
    if (!l.description.ar.trim() || !l.description.en.trim())
      bad('a line needs its description in Arabic and English');
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.supplyDate)) bad('supply date must be YYYY-MM-DD');
  const seller = sellerParty(input.seller);
  checkParty(seller, 'seller');
  const existing = await findBy(tx, eq(invoices.paymentRef, input.paymentRef));
  if (existing) return { invoice: existing, created: false };

  const registered = seller.vatNumber !== null;
  const lines = input.lines.map((l) => {
    const vat = registered ? vatPartHalalas(l.totalHalalas) : 0;
    return {
      description: l.description,
      minutes: l.minutes,
      name: '',
      hours: hoursText(l.minutes),
      netHalalas: l.totalHalalas - vat,
      vatHalalas: vat,
    };
  });
  const issuerKey = registered ? `vat:${seller.vatNumber}` : `host:${input.seller.hostUserId}`;
  // The lock is the issuer's; a second call for one payment waits here, then finds the first.
  await lockIssuer(tx, issuerKey);
  const raced = await findBy(tx, eq(invoices.paymentRef, input.paymentRef));
  if (raced) return { invoice: raced, created: false };
  const invoice = await issue(tx, signers, {
    issuerKey,
    kind: registered ? 'tax_invoice' : 'receipt',
    ubl: registered
      ? {
          typeCode: '388',
          standard: false,
          thirdParty: true,
          paymentMeansCode: '48',
          notes: [THIRD_PARTY_NOTE],
        }
      : null,
    seller,
    buyer: input.buyerName?.trim()
      ? { name: input.buyerName.trim().slice(0, 200), vatNumber: null, address: null }
      : null,
    lines,
    issuedAt: input.paidAt,
    supplyDate: input.supplyDate,
    bookingId: input.bookingId,
    paymentRef: input.paymentRef,
  });
  return { invoice, created: true };
}

/**
 * A credit note for a refund of (part of) an issued booking invoice or receipt. The VAT credited
 * is the refund's VAT part, and a refund of everything left credits exactly the VAT left, so the
 * credited VAT never exceeds the invoice's. Idempotent by `refundRef`.
 */
export async function issueCreditNote(
  tx: Tx,
  signers: InvoiceSigners,
  input: {
    invoiceId: string;
    refundRef: string;
    amountHalalas: number;
    refundedAt: Date;
    reason: Bilingual;
  },
): Promise<{ invoice: InvoiceRow; created: boolean }> {
  if (!input.refundRef.trim()) bad('a refund reference is required');
  if (!isHalalas(input.amountHalalas)) bad('a refund must be whole halalas above zero');
  if (!input.reason.ar.trim() || !input.reason.en.trim())
    bad('a credit note needs its reason in Arabic and English');
  const existing = await findBy(tx, eq(invoices.refundRef, input.refundRef));
  if (existing) return { invoice: existing, created: false };
  const original = await findBy(tx, eq(invoices.id, input.invoiceId));
  if (!original) throw new InvoiceError('INVOICE_NOT_FOUND', 'no such invoice');
  if (original.kind !== 'tax_invoice' && original.kind !== 'receipt') {
    throw new InvoiceError(
      'INVOICE_NOT_CREDITABLE',
      'only a booking invoice or receipt is credited',
    );
  }
  await lockIssuer(tx, original.issuerKey);
  const raced = await findBy(tx, eq(invoices.refundRef, input.refundRef));
  if (raced) return { invoice: raced, created: false };
  const [credited] = await tx
    .select({
      total: sql<number>`coalesce(sum(${invoices.totalHalalas}), 0)::int`,
      vat: sql<number>`coalesce(sum(${invoices.vatHalalas}), 0)::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.originalInvoiceId, original.id), eq(invoices.kind, 'credit_note')));
  const left = original.totalHalalas - Number(credited!.total);
  if (input.amountHalalas > left) {
    throw new InvoiceError(
      'CREDIT_EXCEEDS_INVOICE',
      `a credit of ${input.amountHalalas} halalas exceeds the ${left} left on ${original.number}`,
    );
  }
  const vatLeft = original.vatHalalas - Number(credited!.vat);
  const vat =
    original.vatHalalas === 0
      ? 0
      : input.amountHalalas === left
        ? vatLeft
        : Math.min(vatLeft, vatPartHalalas(input.amountHalalas));
  const originalLines = original.lines as { minutes: number | null }[];
  const minutes = originalLines.reduce((s, l) => s + (l.minutes ?? 0), 0) || 60;
  const seller = original.seller as InvoiceParty;
  const signed = original.xml !== null;
  const invoice = await issue(tx, signers, {
    issuerKey: original.issuerKey,
    kind: 'credit_note',
    ubl: signed
      ? {
          typeCode: '381',
          standard: original.standard,
          thirdParty: original.issuerKey.startsWith('vat:'),
          paymentMeansCode: '48',
          billingReference: { number: original.number, reason: input.reason.ar },
          notes: original.issuerKey.startsWith('vat:') ? [THIRD_PARTY_NOTE] : [],
        }
      : null,
    seller,
    buyer: original.buyer as InvoiceParty | null,
    lines: [
      {
        description: input.reason,
        minutes,
        name: '',
        hours: hoursText(minutes),
        netHalalas: input.amountHalalas - vat,
        vatHalalas: vat,
      },
    ],
    issuedAt: input.refundedAt,
    supplyDate: original.supplyDate,
    bookingId: original.bookingId,
    originalInvoiceId: original.id,
    refundRef: input.refundRef,
  });
  return { invoice, created: true };
}

/** VAT on a VAT-exclusive amount at 15 %, to the nearest halala (half up), in integers. */
export function vatOnNetHalalas(net: number): number {
  return Math.floor((2 * net * 15 + 100) / 200);
}

/**
 * HourSpace's tax invoice to a host for its fees of one month (`YYYY-MM`), seller: the business
 * identity. Standard (B2B, cleared) when the host gives a VAT number, else simplified.
 * Idempotent by host and month.
 */
export async function issueFeeInvoice(
  tx: Tx,
  signers: InvoiceSigners,
  input: {
    business: BusinessIdentity;
    host: {
      userId: string;
      name: string;
      vatNumber: string | null;
      crNumber?: string | null;
      address: NationalAddress | null;
    };
    month: string;
    lines: { description: Bilingual; netHalalas: number; bookingId?: string }[];
    issuedAt: Date;
  },
): Promise<{ invoice: InvoiceRow; created: boolean }> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(input.month)) bad('month must be YYYY-MM');
  if (input.lines.length === 0 || input.lines.length > 500) bad('1–500 lines');
  for (const l of input.lines)
    if (!isHalalas(l.netHalalas)) bad('a fee must be whole halalas above zero');
  const b = input.business;
  const seller: InvoiceParty = {
    name: b.legalName.ar,
    vatNumber: b.vatNumber,
    crNumber: b.commercialRegistration,
    address: {
      street: b.nationalAddress.street,
      buildingNumber: b.nationalAddress.buildingNumber,
      additionalNumber: b.nationalAddress.additionalNumber ?? null,
      district: b.nationalAddress.district,
      city: b.nationalAddress.city,
      postalCode: b.nationalAddress.postalCode,
    },
  };
  const buyer: InvoiceParty & { key: string } = {
    key: input.host.userId,
    name: input.host.name.trim(),
    vatNumber: input.host.vatNumber,
    crNumber: input.host.crNumber ?? null,
    address: input.host.address,
  };
  checkParty(seller, 'seller');
  checkParty(buyer, 'buyer');
  const standard = buyer.vatNumber !== null;
  if (standard && !buyer.address) bad('a standard invoice needs the buyer’s national address');
  const find = () =>
    findBy(
      tx,
      and(
        eq(invoices.kind, 'fee_invoice'),
        eq(invoices.feeMonth, input.month),
        sql`${invoices.buyer}->>'key' = ${input.host.userId}`,
      )!,
    );
  await lockIssuer(tx, 'hourspace');
  const existing = await find();
  if (existing) return { invoice: existing, created: false };
  const invoice = await issue(tx, signers, {
    issuerKey: 'hourspace',
    kind: 'fee_invoice',
    ubl: { typeCode: '388', standard, thirdParty: false, paymentMeansCode: '30', notes: [] },
    seller,
    buyer,
    lines: input.lines.map((l) => ({
      description: l.description,
      minutes: null,
      name: '',
      hours: '1',
      unitCode: 'C62' as const,
      netHalalas: l.netHalalas,
      vatHalalas: vatOnNetHalalas(l.netHalalas),
      ...(l.bookingId ? { bookingId: l.bookingId } : {}),
    })),
    issuedAt: input.issuedAt,
    supplyDate: lastDayOf(input.month),
    bookingId: null,
    feeMonth: input.month,
  });
  return { invoice, created: true };
}

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}

async function findBy(tx: Tx, where: ReturnType<typeof eq>): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(where).limit(1);
  return row;
}

/** Riyadh date of an instant (the supply date of a booking paid then, for callers without one). */
export const riyadhDate = (at: Date) => riyadhDateTime(at).date;
