import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessIdentityFrom, DEVELOPMENT_BUSINESS_VARIABLES } from '#server/business-identity.ts';
import type { Db } from '#server/db/client.ts';
import { invoices, jobs } from '#server/db/schema.ts';
import { silentLogger } from '#server/adapters/logger.ts';
import { createFileMailer } from '#server/adapters/mail/file-mailer.ts';
import { createLogSms } from '#server/adapters/sms/log-sms.ts';
import { createJobHandlers } from '#server/job-wiring.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import { ZATCA_REPORT_JOB } from '#server/jobs/job-kinds.ts';
import { issueBookingInvoice, issueFeeInvoice } from '#server/features/invoices/issue-documents.ts';
import { createInvoiceSigners, loadTestIdentity } from '#server/features/invoices/signers.ts';
import { classifyZatcaAnswer } from '#server/features/invoices/zatca-api.ts';
import { makeTestSigningIdentity } from '#server/features/invoices/test-certificate.ts';
import { certificateBody } from '#server/features/invoices/signing.ts';
import { createBooking, createSpace, createUser } from '../fixtures/factories.ts';
import { startZatcaServer } from '../support/servers/zatca-server.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * Reporting issued documents to ZATCA through the durable queue, against a local server that
 * speaks the Fatoora API: accepted, accepted with warnings, rejected with ZATCA's error codes,
 * 5xx retried, a malformed answer stored and flagged; the embedded default reports nothing.
 */
const VAT = '300000000000003';
const TOKEN_SECRET = 'Dehvg1fc6ybSaJWSwnbh1wkJ3uGTFvlm2Bc+nhgfpno=';
const address = {
  street: 'طريق الملك فهد',
  buildingNumber: '2322',
  district: 'العليا',
  city: 'الرياض',
  postalCode: '12211',
};

describe('ZATCA reporting job', () => {
  let t: TestDatabase;
  let db: Db;
  let dir: string;
  let zatca: Awaited<ReturnType<typeof startZatcaServer>>;
  let bookingId: string;
  let hostId: string;
  let handlers: ReturnType<typeof createJobHandlers>;
  let signers: Awaited<ReturnType<typeof createInvoiceSigners>>;
  let n = 0;

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.database.db;
    dir = await mkdtemp(path.join(tmpdir(), 'hourspace-zatca-report-'));
    // An EGS key and a certificate standing in for the production CSID ZATCA would issue.
    const egs = makeTestSigningIdentity({ commonName: 'EGS1-886431145', organisation: 'Studio' });
    const csidToken = Buffer.from(certificateBody(egs.certificatePem)).toString('base64');
    zatca = await startZatcaServer({ token: csidToken, secret: TOKEN_SECRET });
    const zatcaConfig = {
      kind: 'api' as const,
      keyDir: path.join(dir, 'zatca'),
      url: zatca.url,
      csidToken,
      csidSecret: TOKEN_SECRET,
      privateKeyPem: egs.privateKeyPem,
      vatNumber: VAT,
    };
    signers = await createInvoiceSigners(zatcaConfig);
    handlers = createJobHandlers({
      mailer: createFileMailer({ dir, from: 'x@hourspace.sa', logger: silentLogger }),
      sms: createLogSms({ dir, logger: silentLogger }),
      database: t.database,
      zatca: zatcaConfig,
    });
    const host = await createUser(db);
    hostId = host.id;
    const renter = await createUser(db);
    const space = await createSpace(db, { hostId: host.id, status: 'approved', vatNumber: VAT });
    bookingId = (
      await createBooking(db, {
        spaceId: space.id,
        renterId: renter.id,
        renterEmail: renter.email,
        date: '2030-01-06',
        startTime: '10:00',
        endTime: '13:00',
        totalHalalas: 34_500,
        vatHalalas: 4_500,
        status: 'confirmed',
      })
    ).id;
  });
  afterAll(async () => {
    await zatca.close();
    await t.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const worker = () => createJobWorker({ db, handlers, logger: silentLogger, backoffMs: () => 0 });
  const issue = async (vatNumber: string | null = VAT) => {
    n += 1;
    const { invoice } = await db.transaction((tx) =>
      issueBookingInvoice(tx, signers, {
        bookingId,
        seller: { hostUserId: hostId, name: 'استوديو الضوء', vatNumber, address },
        buyerName: null,
        lines: [{ description: { ar: 'حجز', en: 'Booking' }, minutes: 180, totalHalalas: 34_500 }],
        paidAt: new Date(),
        paymentRef: `pay_report_${n}`,
        supplyDate: '2030-01-06',
      }),
    );
    return invoice;
  };
  const reload = async (id: string) =>
    (await db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it('accepted: queued at issue, reported by the job with the CSID, ZATCA’s answer kept', async () => {
    const invoice = await issue();
    expect(invoice.reportStatus).toBe('queued');
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `zatca-report:${invoice.id}`));
    expect(job).toMatchObject({ kind: ZATCA_REPORT_JOB, status: 'queued' });
    await worker().runDue();
    const after = await reload(invoice.id);
    expect(after).toMatchObject({
      reportStatus: 'reported',
      zatcaHttpStatus: 200,
      reportNote: null,
    });
    expect(JSON.parse(after.zatcaResponse!)).toMatchObject({ reportingStatus: 'REPORTED' });
    // the server recomputed the hash from the XML it received and found ours
    expect(zatca.accepted.at(-1)).toMatchObject({
      mode: 'reporting',
      uuid: invoice.uuid,
      invoiceHash: invoice.invoiceHash,
    });
    const req = zatca.requests.at(-1)!;
    expect(req.headers['accept-version']).toBe('V2');
    expect(req.headers['clearance-status']).toBe('0');
  });

  it('accepted with warnings (202): reported, the warning codes shown', async () => {
    zatca.next('warn');
    const invoice = await issue();
    await worker().runDue();
    expect(await reload(invoice.id)).toMatchObject({
      reportStatus: 'reported_with_warnings',
      zatcaHttpStatus: 202,
      reportNote: 'BR-KSA-08: The seller identification should be provided.',
    });
  });

  it('rejected (400): ZATCA’s error code and message kept, not retried', async () => {
    zatca.next('reject');
    const invoice = await issue();
    const before = zatca.requests.length;
    await worker().runDue();
    expect(await reload(invoice.id)).toMatchObject({
      reportStatus: 'rejected',
      zatcaHttpStatus: 400,
      reportNote: 'BR-KSA-37: The seller address building number must contain 4 digits.',
    });
    await worker().runDue();
    expect(zatca.requests.length).toBe(before + 1);
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `zatca-report:${invoice.id}`));
    expect(job!.status).toBe('done');
  });

  it('5xx: retried by the queue until ZATCA answers', async () => {
    zatca.next('down', 'down');
    const invoice = await issue();
    const w = worker();
    await w.runDue(); // first attempt: 500
    expect((await reload(invoice.id)).reportStatus).toBe('queued');
    await w.runDue(); // second: 500
    await w.runDue(); // third: accepted
    expect(await reload(invoice.id)).toMatchObject({ reportStatus: 'reported' });
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `zatca-report:${invoice.id}`));
    expect(job).toMatchObject({ status: 'done', attempts: 3 });
  });

  it('5xx on the last attempt: the document is marked failed (the booking is untouched)', async () => {
    const invoice = await issue();
    await db
      .update(jobs)
      .set({ maxAttempts: 1 })
      .where(eq(jobs.dedupeKey, `zatca-report:${invoice.id}`));
    zatca.next('down');
    await worker().runDue();
    expect(await reload(invoice.id)).toMatchObject({
      reportStatus: 'failed',
      zatcaHttpStatus: 500,
    });
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `zatca-report:${invoice.id}`));
    expect(job!.status).toBe('failed');
  });

  it('a malformed answer is stored as received and flagged, not retried, not a crash', async () => {
    zatca.next('malformed');
    const invoice = await issue();
    await worker().runDue();
    const after = await reload(invoice.id);
    expect(after).toMatchObject({ reportStatus: 'malformed_answer', zatcaHttpStatus: 200 });
    expect(after.zatcaResponse).toBe('<html><body>Gateway says hello</body></html>');
    expect(after.reportNote).toContain('not in the documented shape');
  });

  it('a standard invoice (HourSpace’s fee to a VAT-registered host) is cleared, not reported', async () => {
    const business = businessIdentityFrom(DEVELOPMENT_BUSINESS_VARIABLES).identity;
    // HourSpace's own CSID would be the one configured for its VAT number: here the host's is.
    const { invoice } = await db.transaction((tx) =>
      issueFeeInvoice(tx, signers, {
        business: { ...business, vatNumber: VAT },
        host: { userId: hostId, name: 'استوديو الضوء', vatNumber: '311111111100003', address },
        month: '2030-01',
        lines: [{ description: { ar: 'عمولة', en: 'Fee' }, netHalalas: 3_000 }],
        issuedAt: new Date(),
      }),
    );
    await worker().runDue();
    expect(await reload(invoice.id)).toMatchObject({ reportStatus: 'cleared' });
    expect(zatca.accepted.at(-1)!.mode).toBe('clearance');
    expect(zatca.requests.at(-1)!.headers['clearance-status']).toBe('1');
  });

  it('a seller without a configured CSID, or no ZATCA at all: signed locally, "not reported", nothing sent', async () => {
    const before = zatca.requests.length;
    const other = await issue('311111111100003');
    expect(other).toMatchObject({ reportStatus: 'not_reported' });
    expect(other.reportNote).toContain('no ZATCA CSID');
    const off = await createInvoiceSigners({ kind: 'off', keyDir: path.join(dir, 'off') });
    const local = await loadTestIdentity(path.join(dir, 'off'));
    expect(off.identityFor(VAT).certificateBase64).toBe(local.certificateBase64);
    expect(off.reportingFor(VAT)).toBeNull();
    await worker().runDue();
    expect(zatca.requests.length).toBe(before);
  });

  it('wrong credentials (401) are kept as a failure to fix, not retried forever', () => {
    expect(classifyZatcaAnswer('reporting', 401, '')).toMatchObject({ status: 'failed' });
    expect(
      classifyZatcaAnswer('reporting', 200, '{"validationResults":{},"reportingStatus":"X"}'),
    ).toMatchObject({ status: 'malformed_answer' });
    expect(
      classifyZatcaAnswer('clearance', 200, '{"validationResults":{"errorMessages":"x"}}'),
    ).toMatchObject({ status: 'malformed_answer' });
  });
});
