import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessIdentityFrom, DEVELOPMENT_BUSINESS_VARIABLES } from '#server/business-identity.ts';
import type { Db } from '#server/db/client.ts';
import { invoiceIssuers, invoices, jobs } from '#server/db/schema.ts';
import {
  InvoiceError,
  issueBookingInvoice,
  issueCreditNote,
  issueFeeInvoice,
  type HostSeller,
} from '#server/features/invoices/issue-documents.ts';
import { fixedInvoiceSigners, loadTestIdentity } from '#server/features/invoices/signers.ts';
import { FIRST_PREVIOUS_HASH } from '#server/features/invoices/signing.ts';
import {
  canonicalize,
  parseXml,
  removeZatcaExcluded,
} from '#server/features/invoices/test-support/c14n.ts';
import { decodeTlv } from '#server/features/invoices/tlv.ts';
import {
  INVOICE_QR_MODULE_PX,
  renderPrintableInvoice,
} from '#server/features/invoices/printable-invoice.ts';
import {
  decodeQrMatrix,
  matrixFromPixels,
} from '#server/features/invoices/test-support/qr-decode.ts';
import sharp from 'sharp';
import { writeFile } from 'node:fs/promises';
import { ZATCA_REPORT_JOB } from '#server/jobs/job-kinds.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBooking, createSpace, createUser } from '../fixtures/factories.ts';
import { createTestDatabase, onPostgres, type TestDatabase } from '../support/test-database.ts';

/**
 * Issuing e-invoices (issue 33): documents, their chain per issuer under a lock (50 at once),
 * idempotency by source, credit notes never above their invoice, immutability after issue.
 * On PostgreSQL the 50 run concurrently on pooled connections; on PGlite they are serialised.
 */
const VAT = '300000000000003';
const address = {
  street: 'طريق الملك فهد',
  buildingNumber: '2322',
  additionalNumber: '8228',
  district: 'العليا',
  city: 'الرياض',
  postalCode: '12211',
};
const line = (totalHalalas: number) => ({
  description: { ar: 'حجز قاعة اجتماعات', en: 'Meeting room booking' },
  minutes: 180,
  totalHalalas,
});

describe(`e-invoices (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestDatabase;
  let db: Db;
  let dir: string;
  let signers: ReturnType<typeof fixedInvoiceSigners>;
  let registered: HostSeller;
  let unregistered: HostSeller;
  let bookingId: string;
  let renterId: string;
  let spaceId: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.database.db;
    dir = await mkdtemp(path.join(tmpdir(), 'hourspace-zatca-'));
    signers = fixedInvoiceSigners(await loadTestIdentity(dir));
    const host = await createUser(db);
    const other = await createUser(db);
    const renter = await createUser(db);
    renterId = renter.id;
    const space = await createSpace(db, { hostId: host.id, status: 'approved', vatNumber: VAT });
    spaceId = space.id;
    const booking = await createBooking(db, {
      spaceId,
      renterId,
      renterEmail: renter.email,
      date: '2030-01-06',
      startTime: '10:00',
      endTime: '13:00',
      totalHalalas: 34_500,
      vatHalalas: 4_500,
      status: 'confirmed',
    });
    bookingId = booking.id;
    registered = { hostUserId: host.id, name: 'استوديو الضوء', vatNumber: VAT, address };
    unregistered = { hostUserId: other.id, name: 'نورة العتيبي', vatNumber: null, address: null };
  });
  afterAll(async () => {
    await t.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const invoiceFor = (paymentRef: string, total = 34_500, seller = registered) =>
    db.transaction((tx) =>
      issueBookingInvoice(tx, signers, {
        bookingId,
        seller,
        buyerName: 'سارة القحطاني',
        lines: [line(total)],
        paidAt: new Date('2030-01-05T09:00:00Z'),
        paymentRef,
        supplyDate: '2030-01-06',
      }),
    );

  it('a VAT-registered host: a simplified tax invoice on their behalf, first in its chain', async () => {
    const { invoice, created } = await invoiceFor('pay_1');
    expect(created).toBe(true);
    expect(invoice).toMatchObject({
      kind: 'tax_invoice',
      issuerKey: `vat:${VAT}`,
      number: 'INV-000001',
      seq: 1,
      icv: 1,
      previousHash: FIRST_PREVIOUS_HASH,
      totalHalalas: 34_500,
      vatHalalas: 4_500,
      netHalalas: 30_000,
      standard: false,
      reportStatus: 'not_reported',
      bookingId,
    });
    // the stored hash is the hash of the stored XML, canonicalised without what ZATCA removes
    const dom = parseXml(invoice.xml!);
    removeZatcaExcluded(dom);
    expect(createHash('sha256').update(canonicalize(dom)).digest('base64')).toBe(
      invoice.invoiceHash,
    );
    expect(invoice.xml).toContain('<cbc:InvoiceTypeCode name="0210000">388</cbc:InvoiceTypeCode>');
    expect(invoice.xml).toContain(`<cbc:CompanyID>${VAT}</cbc:CompanyID>`);
    expect(invoice.xml).toContain('HourSpace');
    const tags = decodeTlv(invoice.qr!);
    expect(tags.find((r) => r.tag === 4)!.value.toString()).toBe('345.00');
    expect(tags.find((r) => r.tag === 6)!.value.toString()).toBe(invoice.invoiceHash);
    // not configured for ZATCA: nothing queued
    const queued = await db.select().from(jobs).where(eq(jobs.kind, ZATCA_REPORT_JOB));
    expect(queued).toHaveLength(0);
  });

  it('the printable invoice: Arabic and English side by side, its QR image decodes to the stored tags', async () => {
    const [row] = await db.select().from(invoices).where(eq(invoices.paymentRef, 'pay_1'));
    const html = renderPrintableInvoice(row!);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('فاتورة ضريبية مبسطة');
    expect(html).toContain('Simplified tax invoice');
    expect(html).toContain('Issued by the HourSpace platform on behalf of the seller');
    expect(html).toContain('345.00 SAR');
    if (process.env.SCREENSHOTS)
      await writeFile(path.join(tmpdir(), 'hourspace-invoice.html'), html);
    const svg = /<svg[\s\S]*?<\/svg>/.exec(html)![0];
    const { data, info } = await sharp(Buffer.from(svg))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { text } = decodeQrMatrix(
      matrixFromPixels(data, info.width, info.channels, INVOICE_QR_MODULE_PX),
    );
    expect(text).toBe(row!.qr);
    const tags = new Map(decodeTlv(text).map((r) => [r.tag, r.value]));
    expect(tags.get(1)!.toString()).toBe('استوديو الضوء');
    expect(tags.get(2)!.toString()).toBe(VAT);
    expect(tags.get(4)!.toString()).toBe((row!.totalHalalas / 100).toFixed(2));
    expect(tags.get(5)!.toString()).toBe((row!.vatHalalas / 100).toFixed(2));
    expect(tags.get(6)!.toString()).toBe(row!.invoiceHash);
    expect(row!.xml).toContain(`<ds:SignatureValue>${tags.get(7)!.toString()}</ds:SignatureValue>`);
  });

  it('the same payment twice issues one invoice; the next payment chains on', async () => {
    const again = await invoiceFor('pay_1');
    expect(again.created).toBe(false);
    expect(again.invoice.number).toBe('INV-000001');
    const first = again.invoice;
    const { invoice: second } = await invoiceFor('pay_2', 11_500);
    expect(second).toMatchObject({ number: 'INV-000002', icv: 2, previousHash: first.invoiceHash });
    const [issuer] = await db
      .select()
      .from(invoiceIssuers)
      .where(eq(invoiceIssuers.key, `vat:${VAT}`));
    expect(issuer).toMatchObject({ lastNumber: 2, lastIcv: 2, lastHash: second.invoiceHash });
  });

  it('a host who is not VAT-registered: a numbered receipt without VAT, no e-invoice', async () => {
    const { invoice } = await invoiceFor('pay_r1', 20_000, unregistered);
    expect(invoice).toMatchObject({
      kind: 'receipt',
      issuerKey: `host:${unregistered.hostUserId}`,
      number: 'RCT-000001',
      vatHalalas: 0,
      netHalalas: 20_000,
      xml: null,
      icv: null,
      qr: null,
      reportStatus: 'not_required',
    });
  });

  it('credit notes: reference the invoice, chain on, never exceed it, and credit exactly its VAT', async () => {
    const [original] = await db.select().from(invoices).where(eq(invoices.paymentRef, 'pay_1'));
    const credit = (refundRef: string, amountHalalas: number) =>
      db.transaction((tx) =>
        issueCreditNote(tx, signers, {
          invoiceId: original!.id,
          refundRef,
          amountHalalas,
          refundedAt: new Date('2030-01-05T12:00:00Z'),
          reason: { ar: 'إلغاء الحجز', en: 'Booking cancelled' },
        }),
      );
    const { invoice: part } = await credit('ref_1', 10_001);
    expect(part).toMatchObject({
      kind: 'credit_note',
      number: 'CRN-000003',
      icv: 3,
      originalInvoiceId: original!.id,
      totalHalalas: 10_001,
      vatHalalas: 1_304, // round(10001 × 15 ÷ 115) = round(1304.48)
    });
    expect(part.xml).toContain('<cbc:InvoiceTypeCode name="0210000">381</cbc:InvoiceTypeCode>');
    expect(part.xml).toContain(
      '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>INV-000001</cbc:ID>',
    );
    expect((await credit('ref_1', 10_001)).created).toBe(false);
    // more than what is left: refused, nothing written, the chain untouched
    const before = await db.select().from(invoices);
    await expect(credit('ref_2', 24_500)).rejects.toMatchObject({ code: 'CREDIT_EXCEEDS_INVOICE' });
    expect(await db.select().from(invoices)).toHaveLength(before.length);
    const { invoice: rest } = await credit('ref_3', 24_499);
    expect(rest.vatHalalas + part.vatHalalas).toBe(original!.vatHalalas);
    await expect(credit('ref_4', 1)).rejects.toBeInstanceOf(InvoiceError);
    // a receipt's refund note: unsigned like the receipt
    const [receipt] = await db.select().from(invoices).where(eq(invoices.paymentRef, 'pay_r1'));
    const { invoice: note } = await db.transaction((tx) =>
      issueCreditNote(tx, signers, {
        invoiceId: receipt!.id,
        refundRef: 'ref_r1',
        amountHalalas: 20_000,
        refundedAt: new Date(),
        reason: { ar: 'إلغاء', en: 'Cancelled' },
      }),
    );
    expect(note).toMatchObject({ number: 'CRN-000002', xml: null, vatHalalas: 0 });
  });

  it('an issued document never changes and is never deleted; ZATCA’s answer is written beside it', async () => {
    const [row] = await db.select().from(invoices).where(eq(invoices.paymentRef, 'pay_1'));
    await expect(
      db.update(invoices).set({ totalHalalas: 1 }).where(eq(invoices.id, row!.id)),
    ).rejects.toThrow();
    await expect(
      db.update(invoices).set({ xml: '<Invoice/>' }).where(eq(invoices.id, row!.id)),
    ).rejects.toThrow();
    await expect(db.delete(invoices).where(eq(invoices.id, row!.id))).rejects.toThrow();
    await db
      .update(invoices)
      .set({ reportStatus: 'reported', zatcaResponse: '{}' })
      .where(eq(invoices.id, row!.id));
    const [after] = await db.select().from(invoices).where(eq(invoices.id, row!.id));
    expect(after).toMatchObject({ reportStatus: 'reported', xml: row!.xml, totalHalalas: 34_500 });
  });

  it('bad input is refused with a code and writes nothing', async () => {
    const count = async () => (await db.select().from(invoices)).length;
    const n = await count();
    await expect(invoiceFor('pay_bad', 0)).rejects.toMatchObject({ code: 'INVOICE_BAD_INPUT' });
    await expect(invoiceFor('pay_bad', 10.5)).rejects.toMatchObject({ code: 'INVOICE_BAD_INPUT' });
    await expect(
      invoiceFor('pay_bad', 100, { ...registered, vatNumber: '123' }),
    ).rejects.toMatchObject({ code: 'INVOICE_BAD_INPUT' });
    await expect(
      invoiceFor('pay_bad', 100, { ...registered, address: { ...address, postalCode: '1' } }),
    ).rejects.toMatchObject({ code: 'INVOICE_BAD_INPUT' });
    expect(await count()).toBe(n);
  });

  it('HourSpace’s monthly fee invoice: the business identity sells, a VAT-registered host gets a standard invoice', async () => {
    const business = businessIdentityFrom(DEVELOPMENT_BUSINESS_VARIABLES).identity;
    const fee = () =>
      db.transaction((tx) =>
        issueFeeInvoice(tx, signers, {
          business,
          host: { userId: registered.hostUserId, name: 'استوديو الضوء', vatNumber: VAT, address },
          month: '2030-01',
          lines: [
            {
              description: { ar: 'عمولة المنصة', en: 'Platform fee' },
              netHalalas: 3_450,
              bookingId,
            },
          ],
          issuedAt: new Date('2030-02-01T00:00:00Z'),
        }),
      );
    const { invoice } = await fee();
    expect(invoice).toMatchObject({
      kind: 'fee_invoice',
      issuerKey: 'hourspace',
      number: 'FEE-000001',
      icv: 1,
      standard: true,
      netHalalas: 3_450,
      vatHalalas: 518,
      supplyDate: '2030-01-31',
    });
    expect(invoice.xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
    expect(invoice.xml).toContain(`<cbc:CompanyID>${business.vatNumber}</cbc:CompanyID>`);
    expect(invoice.xml).toContain(
      `<cbc:RegistrationName>${business.legalName.ar}</cbc:RegistrationName>`,
    );
    expect((await fee()).created).toBe(false);
  });

  it('50 invoices issued at once for one seller: numbers 1…50 without gaps, one chain, no shared counter', async () => {
    const seller: HostSeller = { ...registered, vatNumber: '311111111100003' };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => invoiceFor(`race_${i}`, 1_000 + i, seller)),
    );
    expect(results.every((r) => r.created)).toBe(true);
    const rows = await db
      .select()
      .from(invoices)
      .where(eq(invoices.issuerKey, 'vat:311111111100003'))
      .orderBy(asc(invoices.icv));
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows.map((r) => r.icv)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows[0]!.previousHash).toBe(FIRST_PREVIOUS_HASH);
    for (let i = 1; i < rows.length; i++)
      expect(rows[i]!.previousHash).toBe(rows[i - 1]!.invoiceHash);
    expect(new Set(rows.map((r) => r.invoiceHash)).size).toBe(50);
    // and 50 calls for one payment at once make one invoice
    const same = await Promise.all(
      Array.from({ length: 50 }, () => invoiceFor('race_same', 5_000, seller)),
    );
    expect(same.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(same.map((r) => r.invoice.id)).size).toBe(1);
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(and(eq(invoices.issuerKey, 'vat:311111111100003')))) as [{ n: number }];
    expect(n).toBe(51);
  });
});
