import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatPartHalalas } from '#shared/domain/vat.ts';
import { hostInvoicingDetails, invoices } from '#server/db/schema.ts';
import { createPaymentDocuments } from '#server/features/invoices/payment-documents.ts';
import { renderPrintableInvoice } from '#server/features/invoices/printable-invoice.ts';
import { fixedInvoiceSigners, loadTestIdentity } from '#server/features/invoices/signers.ts';
import { createBooking, createSpace, createUser } from '../fixtures/factories.ts';
import { SELLER_ADDRESS } from '../fixtures/seller-details.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { onPostgres } from '../support/test-database.ts';

/**
 * A host's invoicing details (issue 33, decision 074): the seller's registered name, VAT number,
 * CR and national address — checked field by field in both languages, saved as typed (Arabic
 * digits too), each host's own — and what they change on the documents issued on the host's
 * behalf: the seller's name, CRN and PostalAddress in the UBL and on the printable invoice and
 * its credit note; an invoice issued before them (or for a listing with another VAT number)
 * goes out without an address, counted for the host, and is never changed afterwards.
 */
const PASSWORD = 'Invoicing#2026';
const VAT = '310122393500003';
const OTHER_VAT = '399999999900003';
const DETAILS = {
  legalNameAr: 'مؤسسة ركن الإبداع للتجارة',
  legalNameEn: 'Rukn Al Ibdaa Trading Est.',
  vatNumber: '٣١٠١٢٢٣٩٣٥٠٠٠٠٣',
  crNumber: '١٠١٠ ١٢٣٤٥٦',
  street: 'طريق الأمير محمد بن عبدالعزيز',
  buildingNumber: '٨٢٢٨',
  additionalNumber: '2121',
  district: 'العليا',
  city: 'الرياض',
  postalCode: '12643',
};

describe(`host invoicing details (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let dir: string;
  let host: { id: string; email: string };
  let hostCookie: string;
  let otherCookie: string;
  let renterId: string;
  let documents: ReturnType<typeof createPaymentDocuments>;
  let day = 10;
  const db = () => t.deps.database.db;

  const get = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/host/invoicing-details',
      headers: cookie ? { cookie } : {},
    });
  const put = (cookie: string | undefined, payload: unknown, language = 'ar') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/host/invoicing-details',
      headers: { ...(cookie ? { cookie } : {}), 'accept-language': language },
      payload: payload as Record<string, unknown>,
    });

  /** A paid booking of `spaceId`: its document issued as settlePayment issues it. */
  async function paidBooking(spaceId: string) {
    day += 1;
    const b = await createBooking(db(), {
      spaceId,
      renterId,
      renterEmail: 'renter@example.test',
      date: riyadhDate(day),
      startTime: '10:00',
      endTime: '12:00',
      totalHalalas: 46_000,
      vatHalalas: vatPartHalalas(46_000),
      status: 'confirmed',
    });
    await db().transaction((tx) =>
      documents.issueForPayment(tx, {
        bookingId: b.id,
        paymentId: randomUUID(),
        amountHalalas: 46_000,
        paidAt: new Date(),
      }),
    );
    const [doc] = await db().select().from(invoices).where(eq(invoices.bookingId, b.id));
    return doc!;
  }

  beforeAll(async () => {
    t = await createTestApp();
    dir = await mkdtemp(path.join(tmpdir(), 'hourspace-seller-'));
    const signers = fixedInvoiceSigners(await loadTestIdentity(dir));
    documents = createPaymentDocuments({ signers: async () => signers });
    host = await createUser(db(), {
      email: 'seller@example.test',
      password: PASSWORD,
      fullName: 'نورة السالم',
    });
    hostCookie = await signInCookie(t, host.email, PASSWORD);
    const other = await createUser(db(), {
      email: 'other-seller@example.test',
      password: PASSWORD,
    });
    otherCookie = await signInCookie(t, other.email, PASSWORD);
    renterId = (await createUser(db(), { email: 'renter@example.test', fullName: 'فيصل' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is asked of a signed-in person only', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(undefined, DETAILS)).statusCode).toBe(401);
  });

  it('refuses each bad field with a 400 naming it, in Arabic and in English, and stores nothing', async () => {
    const bad = {
      legalNameAr: 'Rukn Trading',
      legalNameEn: 'ركن',
      vatNumber: '310122393500004',
      crNumber: '12345',
      street: 'x',
      buildingNumber: '822',
      additionalNumber: '21210',
      district: '',
      city: 'a'.repeat(101),
      postalCode: '1264',
    };
    const ar = await put(hostCookie, bad);
    expect(ar.statusCode).toBe(400);
    expect(ar.json().error.code).toBe('VALIDATION_ERROR');
    expect(ar.json().error.fields).toEqual({
      legalNameAr:
        'أدخل الاسم المسجل بالعربية كما في السجل التجاري أو شهادة التسجيل الضريبي (من 2 إلى 200 حرف).',
      legalNameEn:
        'أدخل الاسم المسجل بالإنجليزية بحروف لاتينية (من 2 إلى 200 حرف)، أو اتركه فارغًا.',
      vatNumber: 'أدخل الرقم الضريبي المكوّن من 15 رقمًا، ويبدأ بالرقم 3 وينتهي به.',
      crNumber: 'أدخل رقم السجل التجاري المكوّن من 10 أرقام، أو اتركه فارغًا.',
      street: 'أدخل من 2 إلى 100 حرف.',
      buildingNumber: 'أدخل رقم المبنى المكوّن من 4 أرقام كما في العنوان الوطني.',
      additionalNumber: 'أدخل الرقم الإضافي المكوّن من 4 أرقام كما في العنوان الوطني.',
      district: 'هذا الحقل مطلوب.',
      city: 'أدخل من 2 إلى 100 حرف.',
      postalCode: 'أدخل الرمز البريدي المكوّن من 5 أرقام.',
    });
    const en = await put(hostCookie, { ...DETAILS, postalCode: '١٢٦٤' }, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().error.fields).toEqual({ postalCode: 'Enter the 5-digit postal code.' });
    const missing = await put(hostCookie, {}, 'en');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields).sort()).toEqual(
      [
        'additionalNumber',
        'buildingNumber',
        'city',
        'district',
        'legalNameAr',
        'postalCode',
        'street',
        'vatNumber',
      ].sort(),
    );
    for (const body of [
      { ...DETAILS, vatNumber: 310122393500003 },
      { ...DETAILS, street: 'x'.repeat(5000) },
      { ...DETAILS, crNumber: ['1010123456'] },
    ]) {
      expect((await put(hostCookie, body)).statusCode).toBe(400);
    }
    expect(
      await db()
        .select()
        .from(hostInvoicingDetails)
        .where(eq(hostInvoicingDetails.hostId, host.id)),
    ).toEqual([]);
  });

  it('invoices before the details: still issued, without an address, counted for the host', async () => {
    const space = await createSpace(db(), { hostId: host.id, status: 'approved', vatNumber: VAT });
    const first = await get(hostCookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('no-store');
    expect(first.json()).toEqual({
      details: null,
      vatListings: [{ id: space.id, nameAr: space.nameAr, nameEn: space.nameEn, vatNumber: VAT }],
      documentsWithoutAddress: 0,
    });
    const doc = await paidBooking(space.id);
    expect(doc).toMatchObject({ kind: 'tax_invoice', issuerKey: `vat:${VAT}` });
    expect(doc.seller).toEqual({
      name: 'نورة السالم',
      vatNumber: VAT,
      crNumber: null,
      address: null,
    });
    expect(doc.xml).not.toContain('<cac:PostalAddress>');
    expect((await get(hostCookie)).json().documentsWithoutAddress).toBe(1);
  });

  it('saves the details as typed, each host’s own; the next invoice and its credit note carry them, the earlier one is unchanged', async () => {
    const [before] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.issuerKey, `vat:${VAT}`));
    const saved = await put(hostCookie, DETAILS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().details).toMatchObject({
      legalNameAr: 'مؤسسة ركن الإبداع للتجارة',
      legalNameEn: 'Rukn Al Ibdaa Trading Est.',
      vatNumber: VAT,
      crNumber: '1010123456',
      buildingNumber: '8228',
      additionalNumber: '2121',
      postalCode: '12643',
    });
    expect((await get(otherCookie)).json()).toEqual({
      details: null,
      vatListings: [],
      documentsWithoutAddress: 0,
    });

    const [space] = (await get(hostCookie)).json().vatListings;
    const doc = await paidBooking(space.id);
    expect(doc.seller).toEqual({
      name: 'مؤسسة ركن الإبداع للتجارة',
      nameEn: 'Rukn Al Ibdaa Trading Est.',
      vatNumber: VAT,
      crNumber: '1010123456',
      address: SELLER_ADDRESS,
    });
    const supplier = /<cac:AccountingSupplierParty>(.*?)<\/cac:AccountingSupplierParty>/.exec(
      doc.xml!,
    )![1]!;
    expect(supplier).toBe(
      '<cac:Party><cac:PartyIdentification><cbc:ID schemeID="CRN">1010123456</cbc:ID></cac:PartyIdentification>' +
        '<cac:PostalAddress><cbc:StreetName>طريق الأمير محمد بن عبدالعزيز</cbc:StreetName><cbc:BuildingNumber>8228</cbc:BuildingNumber>' +
        '<cbc:PlotIdentification>2121</cbc:PlotIdentification><cbc:CitySubdivisionName>العليا</cbc:CitySubdivisionName>' +
        '<cbc:CityName>الرياض</cbc:CityName><cbc:PostalZone>12643</cbc:PostalZone><cac:Country><cbc:IdentificationCode>SA</cbc:IdentificationCode></cac:Country></cac:PostalAddress>' +
        `<cac:PartyTaxScheme><cbc:CompanyID>${VAT}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` +
        '<cac:PartyLegalEntity><cbc:RegistrationName>مؤسسة ركن الإبداع للتجارة</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>',
    );
    const page = renderPrintableInvoice(doc, { business: t.config.business });
    expect(page).toContain('مؤسسة ركن الإبداع للتجارة');
    expect(page).toContain('Rukn Al Ibdaa Trading Est.');
    expect(page).toContain('1010123456');
    // the postal code and additional number kept left to right in the Arabic line
    expect(page).toContain(
      '8228 طريق الأمير محمد بن عبدالعزيز، العليا، الرياض <bdi dir="ltr" class="run">12643-2121</bdi>',
    );

    // The credit note of a refund carries the invoice's seller, address and CRN included.
    await db().transaction((tx) =>
      documents.issueForRefund(tx, {
        paymentId: doc.paymentRef!,
        refundId: randomUUID(),
        amountHalalas: 10_000,
        refundedAt: new Date(),
        reason: 'cancelled',
      }),
    );
    const [credit] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.originalInvoiceId, doc.id));
    expect(credit).toMatchObject({ kind: 'credit_note', seller: doc.seller });
    expect(credit!.xml).toContain(supplier);

    // The invoice issued before the details keeps its seller: still without an address.
    const [after] = await db().select().from(invoices).where(eq(invoices.id, before!.id));
    expect(after!.seller).toEqual(before!.seller);
    expect(after!.xml).toBe(before!.xml);
    expect((await get(hostCookie)).json().documentsWithoutAddress).toBe(1);

    // Replaced: an empty English name and CR are dropped.
    const replaced = await put(hostCookie, { ...DETAILS, legalNameEn: '', crNumber: null });
    expect(replaced.json().details).toMatchObject({ legalNameEn: null, crNumber: null });
  });

  it('a listing registered with another VAT number: its invoice does not borrow the details', async () => {
    const space = await createSpace(db(), {
      hostId: host.id,
      status: 'approved',
      vatNumber: OTHER_VAT,
    });
    const doc = await paidBooking(space.id);
    expect(doc.seller).toMatchObject({ name: 'نورة السالم', vatNumber: OTHER_VAT, address: null });
    const answer = (await get(hostCookie)).json();
    expect(answer.vatListings.map((l: { vatNumber: string }) => l.vatNumber)).toEqual([
      VAT,
      OTHER_VAT,
    ]);
    expect(answer.documentsWithoutAddress).toBe(2);
  });
});
