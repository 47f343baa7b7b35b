import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vatPartHalalas } from '#shared/domain/vat.ts';
import { splitPayment } from '#shared/domain/ledger-split.ts';
import { bookings, invoices, jobs, paymentRefunds, payments } from '#server/db/schema.ts';
import {
  issueMonthlyFeeInvoices,
  previousRiyadhMonth,
} from '#server/features/invoices/fee-invoices.ts';
import { createInvoiceSigners } from '#server/features/invoices/signers.ts';
import { makeTestSigningIdentity } from '#server/features/invoices/test-certificate.ts';
import { certificateBody } from '#server/features/invoices/signing.ts';
import { decodeTlv } from '#server/features/invoices/tlv.ts';
import { ZATCA_REPORT_JOB } from '#server/jobs/job-kinds.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { startZatcaServer } from '../support/servers/zatca-server.ts';
import { onPostgres } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * E-invoices wired to the money (issue 33, decision 067), through the real payment flow on the
 * embedded test gateway: a paid booking gets its tax invoice (VAT-registered host) or receipt
 * (not registered) in the transaction that marks it paid, once however many callbacks arrive; a
 * refund gets its credit note on that invoice, once, never above it; a payment for nothing has
 * neither; ZATCA being down never holds the booking; HourSpace's fee invoice is issued once per
 * host and month from the ledger.
 */
const PASSWORD = 'Riyadh#2026';
const MADA_OK = '4201320111111010';
const VAT = '300000000000003';
const SECRET = 'zatca-secret';

describe(`e-invoices of payments and refunds (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let zatca: Awaited<ReturnType<typeof startZatcaServer>>;
  let renterCookie: string;
  let adminCookie: string;
  let hostId: string;
  let plainHostId: string;
  let renter: { id: string; email: string };
  const db = () => t.deps.database.db;

  const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        'accept-language': 'en',
        origin: t.config.publicUrl,
      },
    });
  const form = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  async function confirmed(opts: { host: string; vat: boolean; days: number; total?: number }) {
    const total = opts.total ?? 46_000;
    const space = await createSpace(db(), {
      ...openAllDay(opts.host),
      nameEn: 'Palm Hall',
      nameAr: 'قاعة النخيل',
      ...(opts.vat ? { vatNumber: VAT } : {}),
    });
    const b = await createBooking(db(), {
      spaceId: space.id,
      renterId: renter.id,
      renterEmail: renter.email,
      date: riyadhDate(opts.days),
      startTime: '10:00',
      endTime: '12:00',
      totalHalalas: total,
      ...(opts.vat ? { vatHalalas: vatPartHalalas(total) } : {}),
    });
    const res = await call('POST', `/api/admin/bookings/${b.id}/confirm`, adminCookie);
    expect(res.statusCode).toBe(200);
    return b;
  }

  /** The renter's walk through the embedded gateway; returns the callback URL. */
  async function pay(bookingId: string) {
    const started = await call('POST', `/api/me/bookings/${bookingId}/pay`, renterCookie);
    expect(started.statusCode).toBe(200);
    const checkoutPath = new URL(started.json().checkoutUrl).pathname;
    const sent = await form(checkoutPath, {
      name: 'Faisal Harbi',
      number: MADA_OK,
      month: '12',
      year: '2030',
      cvc: '123',
    });
    const done = await form(sent.headers.location as string, { action: 'authenticate' });
    return done.headers.location as string;
  }
  const documentsOf = (bookingId: string) =>
    db().select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(invoices.seq);

  beforeAll(async () => {
    // ZATCA configured for the VAT-registered host's number, through a local server that speaks
    // the API (tests/support/servers/zatca-server.ts).
    const egs = makeTestSigningIdentity({ commonName: 'EGS1-886431145', organisation: 'Studio' });
    const csidToken = Buffer.from(certificateBody(egs.certificatePem)).toString('base64');
    zatca = await startZatcaServer({ token: csidToken, secret: SECRET });
    t = await createTestApp({
      env: {
        ZATCA_API_URL: zatca.url,
        ZATCA_CSID_TOKEN: csidToken,
        ZATCA_CSID_SECRET: SECRET,
        ZATCA_PRIVATE_KEY: egs.privateKeyPem,
        ZATCA_VAT_NUMBER: VAT,
        WORKER_RETRY_BASE_MS: '1',
      },
    });
    hostId = (await createUser(db(), { email: 'host@example.test', fullName: 'استوديو الضوء' })).id;
    plainHostId = (await createUser(db(), { email: 'plain@example.test', fullName: 'نورة' })).id;
    renter = await createUser(db(), {
      email: 'renter@example.test',
      fullName: 'Faisal Al-Harbi',
      password: PASSWORD,
    });
    await createUser(db(), { email: 'admin@example.test', password: PASSWORD, roles: ['admin'] });
    renterCookie = await signInCookie(t, 'renter@example.test', PASSWORD);
    adminCookie = await signInCookie(t, 'admin@example.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await zatca.close();
  });
  beforeEach(async () => {
    await db().delete(jobs);
  });

  it('paid: a tax invoice on the host’s behalf, once for ten callbacks and the webhook, reported by its job', async () => {
    const booking = await confirmed({ host: hostId, vat: true, days: 12 });
    const callback = await pay(booking.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('GET', callback)));
    for (const a of answers) expect(a.statusCode).toBe(200);
    const [payment] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'paid')));
    let docs = await documentsOf(booking.id);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      kind: 'tax_invoice',
      issuerKey: `vat:${VAT}`,
      paymentRef: payment!.id,
      totalHalalas: 46_000,
      vatHalalas: vatPartHalalas(46_000),
      supplyDate: booking.date,
      reportStatus: 'queued',
    });
    expect(docs[0]!.seller).toMatchObject({ name: 'استوديو الضوء', vatNumber: VAT });
    // Its QR says what the row says.
    const tags = new Map(decodeTlv(docs[0]!.qr!).map((r) => [r.tag, r.value.toString('utf8')]));
    expect(tags.get(2)).toBe(VAT);
    expect(tags.get(4)).toBe('460.00');
    // The webhook's job and the report job run: still one document, now reported to ZATCA.
    await deliverMail(t);
    await deliverMail(t);
    docs = await documentsOf(booking.id);
    expect(docs).toHaveLength(1);
    expect(docs[0]!.reportStatus).toBe('reported');
    const mine = (await call('GET', '/api/me/bookings', renterCookie)).json().items;
    expect(mine.find((b: { id: string }) => b.id === booking.id).documents).toEqual([
      {
        id: docs[0]!.id,
        kind: 'tax_invoice',
        number: docs[0]!.number,
        issuedAt: docs[0]!.issuedAt.toISOString(),
        totalHalalas: 46_000,
      },
    ]);
  });

  it('ZATCA down: the booking is paid all the same, the report waits in the queue', async () => {
    zatca.next('down');
    const booking = await confirmed({ host: hostId, vat: true, days: 13 });
    const callback = await pay(booking.id);
    expect((await call('GET', callback)).statusCode).toBe(200);
    const [b] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(b!.paidAt).not.toBeNull();
    await deliverMail(t);
    const [doc] = await documentsOf(booking.id);
    expect(doc!.reportStatus).toBe('queued');
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, ZATCA_REPORT_JOB), eq(jobs.status, 'queued')));
    expect(job).toMatchObject({ payload: { invoiceId: doc!.id } });
    expect(job!.attempts).toBeGreaterThanOrEqual(1);
  });

  it('a host who is not VAT-registered: a receipt, no VAT, nothing to report', async () => {
    const booking = await confirmed({ host: plainHostId, vat: false, days: 14, total: 30_000 });
    await call('GET', await pay(booking.id));
    const docs = await documentsOf(booking.id);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      kind: 'receipt',
      issuerKey: `host:${plainHostId}`,
      vatHalalas: 0,
      totalHalalas: 30_000,
      xml: null,
      reportStatus: 'not_required',
    });
  });

  it('refunded: a credit note on the invoice for the refund, once, however often the job runs', async () => {
    const booking = await confirmed({ host: hostId, vat: true, days: 20 });
    await call('GET', await pay(booking.id));
    await deliverMail(t);
    const cancel = await call('POST', `/api/me/bookings/${booking.id}/cancel`, renterCookie);
    expect(cancel.statusCode).toBe(200);
    await deliverMail(t);
    await deliverMail(t);
    const [refund] = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.bookingId, booking.id));
    expect(refund).toMatchObject({ status: 'done', amountHalalas: 46_000 });
    const docs = await documentsOf(booking.id);
    expect(docs.map((d) => d.kind)).toEqual(['tax_invoice', 'credit_note']);
    const [invoice, credit] = docs;
    expect(credit).toMatchObject({
      originalInvoiceId: invoice!.id,
      refundRef: refund!.id,
      totalHalalas: 46_000,
      vatHalalas: invoice!.vatHalalas,
      issuerKey: invoice!.issuerKey,
    });
    expect(credit!.xml).toContain(`<cbc:ID>${invoice!.number}</cbc:ID>`);
    // The renter's booking lists both, oldest first.
    const mine = (await call('GET', '/api/me/bookings', renterCookie)).json().items;
    expect(
      mine
        .find((b: { id: string }) => b.id === booking.id)
        .documents.map((d: { kind: string }) => d.kind),
    ).toEqual(['tax_invoice', 'credit_note']);
  });

  it('a payment for a booking cancelled meanwhile: refunded in full, with no invoice and no credit note', async () => {
    const booking = await confirmed({ host: hostId, vat: true, days: 22 });
    const started = await call('POST', `/api/me/bookings/${booking.id}/pay`, renterCookie);
    const checkoutPath = new URL(started.json().checkoutUrl).pathname;
    const sent = await form(checkoutPath, {
      name: 'A B',
      number: MADA_OK,
      month: '1',
      year: '2031',
      cvc: '1',
    });
    expect(
      (await call('POST', `/api/me/bookings/${booking.id}/cancel`, renterCookie)).statusCode,
    ).toBe(200);
    const done = await form(sent.headers.location as string, { action: 'authenticate' });
    await call('GET', done.headers.location as string);
    await deliverMail(t);
    const [refund] = await db()
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.bookingId, booking.id));
    expect(refund).toMatchObject({ status: 'done', reason: 'late_payment' });
    expect(await documentsOf(booking.id)).toEqual([]);
  });

  it('HourSpace’s fee invoice: once per host and month, from the ledger, however many sweeps run', async () => {
    // The payments above were posted this month; the sweep runs once it has ended.
    const now = new Date();
    const nextMonth = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6) - 3 * 3_600_000,
    );
    const { month } = previousRiyadhMonth(nextMonth);
    const signers = async () => createInvoiceSigners(t.config.zatca);
    const runs = await Promise.all(
      Array.from({ length: 5 }, () =>
        issueMonthlyFeeInvoices(db(), nextMonth, { business: t.config.business, signers }),
      ),
    );
    expect(runs.reduce((s, r) => s + r.issued, 0)).toBe(2);
    expect(runs.every((r) => r.month === month)).toBe(true);
    const fees = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.kind, 'fee_invoice'), eq(invoices.feeMonth, month)));
    expect(fees).toHaveLength(2);
    const hostFee = fees.find((f) => (f.buyer as { key: string }).key === hostId)!;
    // Bookings of 460 SAR paid and kept: two (the first and ZATCA-down ones) of the host's four
    // payments; the refunded ones gave their fee back in the same month.
    const split = splitPayment(46_000, t.config.platformFeeBasisPoints);
    expect(hostFee).toMatchObject({
      issuerKey: 'hourspace',
      netHalalas: 2 * split.feeHalalas,
      vatHalalas: 2 * split.feeVatHalalas,
    });
    expect((hostFee.seller as { name: string; vatNumber: string }).vatNumber).toBe(
      t.config.business.vatNumber,
    );
    expect((hostFee.seller as { name: string }).name).toBe(t.config.business.legalName.ar);
    const plainFee = fees.find((f) => (f.buyer as { key: string }).key === plainHostId)!;
    expect(plainFee.netHalalas).toBe(
      splitPayment(30_000, t.config.platformFeeBasisPoints).feeHalalas,
    );
    // A later sweep issues nothing more.
    const again = await issueMonthlyFeeInvoices(db(), new Date(nextMonth.getTime() + 86_400_000), {
      business: t.config.business,
      signers,
    });
    expect(again.issued).toBe(0);
    expect(
      await db()
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.kind, 'fee_invoice'), inArray(invoices.feeMonth, [month]))),
    ).toHaveLength(2);
    // The host reads theirs in their list.
    expect(hostFee.reportStatus).toBe('not_reported');
  });

  it('the "paid" email carries the document as a PDF: the tax invoice, or the receipt', async () => {
    // hosts of its own: the fee invoice's test counts every payment to the others this month
    for (const [kind, days] of [
      ['tax_invoice', 14],
      ['receipt', 15],
    ] as const) {
      const host = (await createUser(db(), { email: `paid-${kind}@example.test` })).id;
      const booking = await confirmed({ host, vat: kind === 'tax_invoice', days });
      const callback = await pay(booking.id);
      expect((await call('GET', callback)).statusCode).toBe(200);
      await deliverMail(t);
      const [doc] = await documentsOf(booking.id);
      expect(doc!.kind).toBe(kind);
      const mail = (await sentMail(t)).find(
        (m) =>
          recipient(m) === 'renter@example.test' &&
          (m.text ?? '').includes(booking.reference) &&
          m.attachments.some((a) => a.contentType === 'application/pdf'),
      );
      expect(mail, `the paid email of ${kind}`).toBeDefined();
      const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf')!;
      expect(pdf.filename).toBe(`${doc!.number}.pdf`);
      expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.content.length).toBeGreaterThan(5_000);
    }
  });
});
