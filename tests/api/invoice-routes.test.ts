import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '#server/db/client.ts';
import { invoices, jobs } from '#server/db/schema.ts';
import {
  issueBookingInvoice,
  issueCreditNote,
  issueFeeInvoice,
} from '#server/features/invoices/issue-documents.ts';
import { createInvoiceSigners, type InvoiceSigners } from '#server/features/invoices/signers.ts';
import { renderInvoicePdf, visualRuns } from '#server/features/invoices/invoice-pdf.ts';
import { decodeQrMatrix } from '#server/features/invoices/test-support/qr-decode.ts';
import { decodeTlv } from '#server/features/invoices/tlv.ts';
import { ZATCA_REPORT_JOB } from '#server/jobs/job-kinds.ts';
import { createBooking, createSpace, createUser } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { onPostgres } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The e-invoice routes (issue 33, contract-33): a document as a printable page to its renter,
 * its host and admins only (anyone else: 404, like an id that does not exist); the renter's
 * booking lists its documents; the host's list (booking documents and HourSpace's fee invoices
 * to them) in keyset pages; the admin's list by report status with ZATCA's messages; a retry of
 * a failed report, and only of a failed one.
 */
const PASSWORD = 'Invoice#2026hs';
const VAT = '300000000000003';

describe(`e-invoice routes (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let signers: InvoiceSigners;
  const cookies: Record<'renter' | 'host' | 'otherHost' | 'admin', string> = {
    renter: '',
    host: '',
    otherHost: '',
    admin: '',
  };
  let hostId: string;
  let renterId: string;
  let bookingId: string;
  let bookingReference: string;
  let invoiceId: string;
  let creditId: string;
  let feeId: string;
  const db = () => t.deps.database.db;

  const get = (url: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(cookie ? { cookie } : {}), 'accept-language': 'en' },
    });
  const post = (url: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        'accept-language': 'en',
        origin: t.config.publicUrl,
      },
    });
  const inTx = <T>(fn: (tx: Tx) => Promise<T>) => db().transaction(fn);

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    signers = await createInvoiceSigners(t.config.zatca);
    const made = {
      renter: await createUser(db(), { email: 'i-renter@example.test', password: PASSWORD }),
      host: await createUser(db(), { email: 'i-host@example.test', password: PASSWORD }),
      otherHost: await createUser(db(), { email: 'i-other@example.test', password: PASSWORD }),
      admin: await createUser(db(), {
        email: 'i-admin@example.test',
        password: PASSWORD,
        roles: ['admin'],
      }),
    };
    hostId = made.host.id;
    renterId = made.renter.id;
    for (const who of ['renter', 'host', 'otherHost', 'admin'] as const) {
      cookies[who] = await signInCookie(t, made[who].email, PASSWORD);
    }
    // The other host has a space of their own: being a host gives no reach into others' documents.
    await createSpace(db(), { hostId: made.otherHost.id, status: 'approved' });
    const space = await createSpace(db(), { hostId, status: 'approved', vatNumber: VAT });
    const booking = await createBooking(db(), {
      spaceId: space.id,
      renterId,
      renterEmail: made.renter.email,
      date: '2031-02-03',
      startTime: '10:00',
      endTime: '12:00',
      totalHalalas: 23_000,
      vatHalalas: 3_000,
      status: 'confirmed',
    });
    bookingId = booking.id;
    bookingReference = booking.reference;
    invoiceId = (
      await inTx((tx) =>
        issueBookingInvoice(tx, signers, {
          bookingId,
          seller: { hostUserId: hostId, name: 'استوديو الضوء', vatNumber: VAT, address: null },
          buyerName: 'سارة',
          lines: [
            {
              description: { ar: 'حجز قاعة', en: 'Hall booking' },
              minutes: 120,
              totalHalalas: 23_000,
            },
          ],
          paidAt: new Date('2031-01-01T10:00:00Z'),
          paymentRef: 'pay-routes-1',
          supplyDate: '2031-02-03',
        }),
      )
    ).invoice.id;
    creditId = (
      await inTx((tx) =>
        issueCreditNote(tx, signers, {
          invoiceId,
          refundRef: 'refund-routes-1',
          amountHalalas: 11_500,
          refundedAt: new Date('2031-01-02T10:00:00Z'),
          reason: { ar: 'إلغاء', en: 'Cancelled' },
        }),
      )
    ).invoice.id;
    feeId = (
      await inTx((tx) =>
        issueFeeInvoice(tx, signers, {
          business: t.config.business,
          host: { userId: hostId, name: 'استوديو الضوء', vatNumber: null, address: null },
          month: '2031-01',
          lines: [{ description: { ar: 'رسوم المنصة', en: 'Platform fee' }, netHalalas: 2_000 }],
          issuedAt: new Date('2031-02-01T00:10:00Z'),
        }),
      )
    ).invoice.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the printable page: the renter, the host and admins read it, with its QR and the issuer', async () => {
    for (const who of ['renter', 'host', 'admin'] as const) {
      const res = await get(`/api/invoices/${invoiceId}`, cookies[who]);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toMatch(/style-src 'sha256-/);
      expect(res.body).toContain('INV-000001');
      expect(res.body).toMatch(/<svg data-testid="invoice-qr" /);
      // HourSpace as the platform issuing on the host's behalf (the business identity).
      expect(res.body).toContain(t.config.business.legalName.ar);
      expect(res.body).toContain(t.config.business.commercialRegistration);
      expect(res.body).toContain(t.config.business.vatNumber);
      expect(res.body).toContain(t.config.business.nationalAddress.en);
    }
    const credit = await get(`/api/invoices/${creditId}`, cookies.renter);
    expect(credit.statusCode).toBe(200);
    expect(credit.body).toContain('CRN-000002');
    // the invoice it credits
    expect(credit.body).toContain('INV-000001');
  });

  it('the PDF: an attachment named by its number, to the same readers only', async () => {
    for (const who of ['renter', 'host', 'admin'] as const) {
      const res = await get(`/api/invoices/${invoiceId}/pdf`, cookies[who]);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="INV-000001.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
      // The font that shapes Arabic is embedded (subset), not a stand-in.
      expect(res.rawPayload.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+IBMPlexSansArabic/);
    }
    expect((await get(`/api/invoices/${feeId}/pdf`, cookies.host)).statusCode).toBe(200);
    expect((await get(`/api/invoices/${invoiceId}/pdf`, cookies.otherHost)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${feeId}/pdf`, cookies.renter)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${invoiceId}/pdf`)).statusCode).toBe(401);
    expect((await get('/api/invoices/nope/pdf', cookies.admin)).statusCode).toBe(404);
  });

  it('the PDF’s QR code reads back into the document’s tags', async () => {
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    const pdf = await renderInvoicePdf(row!, { business: t.config.business, compress: false });
    // The QR is the page's only rectangles: one per run of dark modules in a row.
    const rects = [
      ...pdf.toString('latin1').matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g),
    ].map((m) => m.slice(1, 5).map(Number) as [number, number, number, number]);
    expect(rects.length).toBeGreaterThan(100);
    const unit = Math.min(...rects.map((r) => r[3]));
    const x0 = Math.min(...rects.map((r) => r[0]));
    const y0 = Math.min(...rects.map((r) => r[1]));
    const size = Math.round((Math.max(...rects.map((r) => r[0] + r[2])) - x0) / unit);
    const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    for (const [x, y, w] of rects) {
      const r = Math.round((y - y0) / unit);
      const c = Math.round((x - x0) / unit);
      for (let k = 0; k < Math.round(w / unit); k++) matrix[r]![c + k] = true;
    }
    const { text } = decodeQrMatrix(matrix);
    expect(text).toBe(row!.qr);
    const tags = new Map(decodeTlv(text).map((r) => [r.tag, r.value.toString('utf8')]));
    expect(tags.get(1)).toBe('استوديو الضوء');
    expect(tags.get(2)).toBe(VAT);
    expect(tags.get(4)).toBe('230.00');
    expect(tags.get(6)).toBe(row!.invoiceHash);
  });

  it('the PDF’s lines in visual order: Arabic right to left, numbers and Latin inside it left to right', () => {
    // Drawn left to right: the date, the reference in its brackets, then the Arabic (shaped by
    // fontkit from its logical order, which lays it out right to left).
    expect(visualRuns('حجز قاعة النخيل (HS-7K3Q9M) 2031-02-03', 'rtl')).toEqual([
      { text: '2031-02-03', arabic: false, shaped: false },
      { text: ' ', arabic: true, shaped: false },
      { text: '(', arabic: false, shaped: false },
      { text: 'HS-7K3Q9M', arabic: false, shaped: false },
      { text: ')', arabic: false, shaped: false },
      { text: 'حجز قاعة النخيل ', arabic: true, shaped: true },
    ]);
    // An English line stays as it is; an Arabic word inside it is one shaped run.
    expect(visualRuns('Seller: استوديو الضوء', 'ltr')).toEqual([
      { text: 'Seller: ', arabic: false, shaped: false },
      { text: 'استوديو الضوء', arabic: true, shaped: true },
    ]);
    // Two Arabic words around a number: the number between them, the first word at the right.
    expect(visualRuns('رسوم 2031 المنصة', 'rtl')).toEqual([
      // the space before it (logically) is drawn at its right, beside the number
      { text: ' المنصة', arabic: true, shaped: true },
      { text: '2031', arabic: false, shaped: false },
      { text: 'رسوم ', arabic: true, shaped: true },
    ]);
  });

  it('anyone else gets the 404 of an id that does not exist; signed out, a 401', async () => {
    for (const id of [invoiceId, creditId]) {
      const res = await get(`/api/invoices/${id}`, cookies.otherHost);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect((await get(`/api/invoices/${id}`)).statusCode).toBe(401);
    }
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', `${invoiceId}x`]) {
      const res = await get(`/api/invoices/${encodeURIComponent(id)}`, cookies.admin);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('a fee invoice is the host’s it is addressed to (and admins’), not the renter’s', async () => {
    const host = await get(`/api/invoices/${feeId}`, cookies.host);
    expect(host.statusCode).toBe(200);
    expect(host.body).toContain('FEE-');
    expect((await get(`/api/invoices/${feeId}`, cookies.admin)).statusCode).toBe(200);
    expect((await get(`/api/invoices/${feeId}`, cookies.renter)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${feeId}`, cookies.otherHost)).statusCode).toBe(404);
  });

  it('My bookings lists a booking’s documents, oldest first', async () => {
    const res = await get('/api/me/bookings', cookies.renter);
    expect(res.statusCode).toBe(200);
    const mine = res.json().items.find((b: { id: string }) => b.id === bookingId);
    expect(mine.documents).toEqual([
      {
        id: invoiceId,
        kind: 'tax_invoice',
        number: 'INV-000001',
        issuedAt: '2031-01-01T10:00:00.000Z',
        totalHalalas: 23_000,
      },
      {
        id: creditId,
        kind: 'credit_note',
        number: 'CRN-000002',
        issuedAt: '2031-01-02T10:00:00.000Z',
        totalHalalas: 11_500,
      },
    ]);
  });

  it('the host’s list: their documents and fee invoices, newest first, in keyset pages', async () => {
    // 22 more receipts (an unregistered space of the same host): 25 documents in all.
    const plain = await createSpace(db(), { hostId, status: 'approved' });
    const b = await createBooking(db(), {
      spaceId: plain.id,
      renterId,
      renterEmail: 'i-renter@example.test',
      date: '2031-03-03',
      startTime: '10:00',
      endTime: '11:00',
      totalHalalas: 10_000,
      status: 'confirmed',
    });
    for (let i = 0; i < 22; i++) {
      await inTx((tx) =>
        issueBookingInvoice(tx, signers, {
          bookingId: b.id,
          seller: { hostUserId: hostId, name: 'مضيف', vatNumber: null, address: null },
          buyerName: null,
          lines: [
            {
              description: { ar: 'حجز', en: 'Booking' },
              minutes: 60,
              totalHalalas: 10_000 + i,
            },
          ],
          // Two share each moment: the id breaks the tie, and nothing repeats or goes missing.
          paidAt: new Date(Date.UTC(2031, 0, 10, 0, Math.floor(i / 2))),
          paymentRef: `pay-page-${i}`,
          supplyDate: '2031-03-03',
        }),
      );
    }
    const first = await get('/api/host/invoices', cookies.host);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(20);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const second = await get(
      `/api/host/invoices?cursor=${encodeURIComponent(page1.nextCursor)}`,
      cookies.host,
    );
    const page2 = second.json();
    expect(page2.items).toHaveLength(5);
    expect(page2.nextCursor).toBeNull();
    const all = [...page1.items, ...page2.items];
    expect(new Set(all.map((d: { id: string }) => d.id)).size).toBe(25);
    const times = all.map((d: { issuedAt: string }) => d.issuedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.find((d: { id: string }) => d.id === invoiceId)).toEqual({
      id: invoiceId,
      kind: 'tax_invoice',
      number: 'INV-000001',
      issuedAt: '2031-01-01T10:00:00.000Z',
      totalHalalas: 23_000,
      vatHalalas: 3_000,
      bookingReference,
      reportStatus: 'not_reported',
    });
    expect(all.find((d: { id: string }) => d.id === feeId)).toMatchObject({
      kind: 'fee_invoice',
      bookingReference: null,
      totalHalalas: 2_300,
      vatHalalas: 300,
    });
    // Nobody else's: the other host's and the renter's lists are empty.
    for (const who of ['otherHost', 'renter'] as const) {
      const res = await get('/api/host/invoices', cookies[who]);
      expect(res.json()).toEqual({ items: [], nextCursor: null });
    }
    expect((await get('/api/host/invoices')).statusCode).toBe(401);
    for (const cursor of ['nope', 'eyJ4IjoxfQ', page1.nextCursor.slice(0, -2)]) {
      const bad = await get(
        `/api/host/invoices?cursor=${encodeURIComponent(cursor)}`,
        cookies.host,
      );
      expect(bad.statusCode, cursor).toBe(400);
      expect(bad.json().error.code).toBe('INVALID_CURSOR');
    }
  });

  it('the admin’s list: by report status or the problems, with ZATCA’s messages', async () => {
    const zatcaAnswer = JSON.stringify({
      validationResults: {
        infoMessages: [{ type: 'INFO', code: 'XSD_ZATCA_VALID', message: 'Complied with UBL 2.1' }],
        warningMessages: [{ type: 'WARNING', code: 'BR-KSA-08', message: 'seller id' }],
        errorMessages: [],
        status: 'WARNING',
      },
      reportingStatus: 'REPORTED',
    });
    await db()
      .update(invoices)
      .set({
        reportStatus: 'reported_with_warnings',
        reportNote: 'BR-KSA-08: seller id',
        zatcaHttpStatus: 202,
        zatcaResponse: zatcaAnswer,
        reportedAt: new Date('2031-01-01T11:00:00Z'),
      })
      .where(eq(invoices.id, invoiceId));
    const problems = await get('/api/admin/invoices?status=problem', cookies.admin);
    expect(problems.statusCode).toBe(200);
    expect(problems.json()).toEqual({
      items: [
        {
          id: invoiceId,
          kind: 'tax_invoice',
          number: 'INV-000001',
          issuerName: 'استوديو الضوء',
          issuerVatNumber: VAT,
          issuedAt: '2031-01-01T10:00:00.000Z',
          totalHalalas: 23_000,
          vatHalalas: 3_000,
          bookingReference,
          reportStatus: 'reported_with_warnings',
          reportNote: 'BR-KSA-08: seller id',
          reportedAt: '2031-01-01T11:00:00.000Z',
          messages: [
            { type: 'info', code: 'XSD_ZATCA_VALID', message: 'Complied with UBL 2.1' },
            { type: 'warning', code: 'BR-KSA-08', message: 'seller id' },
          ],
        },
      ],
      nextCursor: null,
    });
    const notRequired = (
      await get('/api/admin/invoices?status=not_required', cookies.admin)
    ).json();
    expect(notRequired.items.length).toBeGreaterThan(0);
    expect(
      notRequired.items.every((d: { reportStatus: string }) => d.reportStatus === 'not_required'),
    ).toBe(true);
    const everything = (await get('/api/admin/invoices', cookies.admin)).json();
    expect(everything.items).toHaveLength(20);
    expect(everything.nextCursor).toEqual(expect.any(String));
    const bad = await get('/api/admin/invoices?status=lost', cookies.admin);
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/admin/invoices?cursor=zz', cookies.admin)).json().error.code).toBe(
      'INVALID_CURSOR',
    );
    // Not an admin's list for anyone else.
    expect((await get('/api/admin/invoices', cookies.host)).statusCode).toBe(403);
    expect((await get('/api/admin/invoices', cookies.renter)).statusCode).toBe(403);
    expect((await get('/api/admin/invoices')).statusCode).toBe(401);
  });

  it('a failed report is sent again once; anything else is refused with its status', async () => {
    await db()
      .update(invoices)
      .set({ reportStatus: 'failed', reportNote: 'ZATCA answered HTTP 503' })
      .where(eq(invoices.id, creditId));
    for (const who of ['renter', 'host', 'otherHost'] as const) {
      expect((await post(`/api/admin/invoices/${creditId}/report`, cookies[who])).statusCode).toBe(
        403,
      );
    }
    expect((await post(`/api/admin/invoices/${creditId}/report`)).statusCode).toBe(401);
    // Two admins press at once: one retry.
    const [a, b] = await Promise.all([
      post(`/api/admin/invoices/${creditId}/report`, cookies.admin),
      post(`/api/admin/invoices/${creditId}/report`, cookies.admin),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([202, 409]);
    const ok = a.statusCode === 202 ? a : b;
    const refused = a.statusCode === 202 ? b : a;
    expect(ok.json()).toEqual({ reportStatus: 'queued' });
    expect(refused.json().error).toMatchObject({
      code: 'INVOICE_NOT_RETRYABLE',
      reportStatus: 'queued',
    });
    const [row] = await db().select().from(invoices).where(eq(invoices.id, creditId));
    expect(row).toMatchObject({ reportStatus: 'queued', reportNote: null });
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, ZATCA_REPORT_JOB)));
    expect(
      queued.filter((j) => (j.payload as { invoiceId: string }).invoiceId === creditId),
    ).toHaveLength(1);
    // A malformed answer may be sent again too; a document that was reported may not.
    await db()
      .update(invoices)
      .set({ reportStatus: 'malformed_answer' })
      .where(eq(invoices.id, creditId));
    expect((await post(`/api/admin/invoices/${creditId}/report`, cookies.admin)).statusCode).toBe(
      202,
    );
    const reported = await post(`/api/admin/invoices/${invoiceId}/report`, cookies.admin);
    expect(reported.statusCode).toBe(409);
    expect(reported.json().error).toMatchObject({
      code: 'INVOICE_NOT_RETRYABLE',
      reportStatus: 'reported_with_warnings',
    });
    expect(
      (await post('/api/admin/invoices/00000000-0000-4000-8000-000000000000/report', cookies.admin))
        .statusCode,
    ).toBe(404);
    expect((await post('/api/admin/invoices/nope/report', cookies.admin)).statusCode).toBe(404);
  });
});
