import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { jobs, requestNoticeRecipients, requestNotices } from '#server/db/schema.ts';
import { createJobHandlers } from '#server/job-wiring.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import { REQUEST_NOTICES_JOB } from '#server/jobs/job-kinds.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import { createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { riyadhDate, waitFor } from '../support/live-app.ts';
import { requestNoticesDueNow } from '../support/request-notices.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { onPostgres } from '../support/test-database.ts';

/**
 * Issue 37 (decision 072): "new request" emails to the host and the admins are coalesced. The
 * first request of a quiet period is told at once with its own email; the requests after it wait
 * in an outbox and go in one email per recipient at most once per window
 * (`REQUEST_NOTICE_EVERY_SECONDS`, ten minutes here, the default), in the recipient's language;
 * each renter still gets their own acknowledgement at once. Every request's job is due at once
 * and defers itself. Under 50 requests at once, with two workers emptying the outboxes, each
 * request is listed to each recipient exactly once.
 */
const PASSWORD = 'Burst#2026hs';

/** A renter's booking request for two guests, `days` ahead, as the web sends it. */
const requestOn = (
  app: TestApp,
  cookie: string,
  r: { space: string; days: number; startTime: string; endTime: string },
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie, 'accept-language': 'en' },
    payload: {
      spaceId: r.space,
      date: riyadhDate(r.days),
      startTime: r.startTime,
      endTime: r.endTime,
      guests: 2,
      contactPhone: '0512345678',
    },
  });

describe(`coalesced "new request" notices (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let hostId: string;
  let adminId: string;
  let spaceId: string;
  const renterCookies: string[] = [];
  const db = () => t.deps.database.db;

  const worker = () =>
    createJobWorker({ db: db(), handlers: createJobHandlers(t.deps), logger: silentLogger });

  /** Every email queued so far, with its key. */
  const mails = async () =>
    (await db().select().from(jobs).where(like(jobs.dedupeKey, 'mail:%')).orderBy(jobs.id)).map(
      (j) => ({
        key: j.dedupeKey!,
        ...(j.payload as MailMessage),
      }),
    );
  const mailsTo = async (to: string) => (await mails()).filter((m) => m.to === to);

  const ask = (renter: number, days: number, startTime: string, endTime: string, space = spaceId) =>
    requestOn(t, renterCookies[renter]!, { space, days, startTime, endTime });

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    hostId = (
      await createUser(db(), { email: 'burst.host@example.test', locale: 'ar', password: PASSWORD })
    ).id;
    adminId = (
      await createUser(db(), { email: 'burst.admin@example.test', roles: ['admin'], locale: 'en' })
    ).id;
    spaceId = (
      await createSpace(db(), { ...openAllDay(hostId), nameAr: 'قاعة الندى', nameEn: 'Dew Hall' })
    ).id;
    for (let i = 0; i < 10; i += 1) {
      const email = `burst.renter${i}@example.test`;
      await createUser(db(), { email, password: PASSWORD, locale: i % 2 ? 'en' : 'ar' });
      renterCookies.push(await signInCookie(t, email, PASSWORD));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the first request of a quiet period at once, then gathers a burst into one email each', async () => {
    const first = await ask(0, 20, '08:00', '09:00');
    expect(first.statusCode, first.body).toBe(201);
    const firstRef = first.json<MyBooking>().reference;
    await worker().runDue();
    // The request's own emails, promptly: the host in Arabic, the admin in English.
    const [hostFirst] = await mailsTo('burst.host@example.test');
    expect(hostFirst!.subject).toBe('طلب حجز جديد على «قاعة الندى»');
    expect(hostFirst!.text).toContain(firstRef);
    const [adminFirst] = await mailsTo('burst.admin@example.test');
    expect(adminFirst!.subject).toBe('New booking request to review: Dew Hall');

    // Four more within the 10 minutes: each renter hears at once, the host and admin wait.
    const refs: string[] = [];
    for (const [i, start] of ['10:00', '11:00', '12:00', '13:00'].entries()) {
      const res = await ask(i + 1, 20, start, `${Number(start.slice(0, 2)) + 1}:00`);
      expect(res.statusCode, res.body).toBe(201);
      refs.push(res.json<MyBooking>().reference);
    }
    await worker().runDue();
    expect(await mailsTo('burst.host@example.test')).toHaveLength(1);
    expect(await mailsTo('burst.admin@example.test')).toHaveLength(1);
    for (let i = 1; i <= 4; i += 1) {
      expect(await mailsTo(`burst.renter${i}@example.test`)).toHaveLength(1);
    }
    // …each request's own job ran at once and found the last email too recent: one job per
    // recipient waits for the end of the window after that email, the rest are done.
    const everyMs = t.config.requests.noticeEveryMs;
    expect(everyMs).toBe(600_000);
    const noticeJobs = await db()
      .select({ runAt: jobs.runAt, status: jobs.status, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, REQUEST_NOTICES_JOB));
    const queued = noticeJobs.filter((j) => j.status === 'queued');
    expect(noticeJobs.filter((j) => j.status !== 'queued' && j.status !== 'done')).toEqual([]);
    // 5 requests × 2 recipients ran; one deferred job each for the host and the admin.
    expect(noticeJobs.filter((j) => j.status === 'done')).toHaveLength(10);
    expect(queued.map((j) => (j.payload as { recipient: string }).recipient).sort()).toEqual(
      [`admin:${adminId}`, `host:${hostId}`].sort(),
    );
    const lastSent = new Map(
      (await db().select().from(requestNoticeRecipients)).map((r) => [r.recipient, r.lastSentAt]),
    );
    for (const j of queued) {
      const recipient = (j.payload as { recipient: string }).recipient;
      expect(j.runAt.getTime()).toBe(lastSent.get(recipient)!.getTime() + everyMs);
    }

    await requestNoticesDueNow(db());
    await worker().runDue();
    const toHost = await mailsTo('burst.host@example.test');
    expect(toHost).toHaveLength(2);
    expect(toHost[1]!.subject).toBe('طلبات حجز جديدة (4)');
    expect(toHost[1]!.text).toContain('(4 طلبات)');
    const toAdmin = await mailsTo('burst.admin@example.test');
    expect(toAdmin).toHaveLength(2);
    expect(toAdmin[1]!.subject).toBe('New booking requests (4)');
    expect(toAdmin[1]!.text).toContain('(4 requests)');
    for (const ref of refs) {
      expect(toHost[1]!.text).toContain(ref);
      expect(toAdmin[1]!.text).toContain(ref);
      // The host's list opens each request in the Hosting area.
      expect(toHost[1]!.text).toMatch(
        new RegExp(`/account\\?tab=hosting&space=${spaceId}&booking=${ref}`),
      );
    }
    // The footnote says the window, in each language.
    expect(toHost[1]!.text).toContain('في رسالة واحدة كل 10 دقائق على الأكثر');
    expect(toAdmin[1]!.text).toContain('into one email at most once every 10 minutes');
    expect(toHost[1]!.text).not.toContain(firstRef);
    expect(await db().select().from(requestNotices)).toEqual([]);
  });

  it('50 requests at once, two workers: each listed to the host and to the admin exactly once', async () => {
    const before = {
      host: (await mailsTo('burst.host@example.test')).length,
      admin: (await mailsTo('burst.admin@example.test')).length,
    };
    // Ten renters, five requests each (the per-space cap) on another space of the host's, all
    // at once.
    const hall = (await createSpace(db(), { ...openAllDay(hostId), nameEn: 'Second Hall' })).id;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => {
        const renter = n % 10;
        const slot = Math.floor(n / 10);
        return ask(renter, 30 + slot, `${10 + renter}:00`, `${11 + renter}:00`, hall);
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const refs = answers.map((a) => a.json<MyBooking>().reference);

    // Two workers (as two instances would) empty the outboxes, ten minutes apart, until no
    // notice job is left.
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([worker().runDue(), worker().runDue()]);
      await requestNoticesDueNow(db());
    }
    await Promise.all([worker().runDue(), worker().runDue()]);
    const left = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.kind, REQUEST_NOTICES_JOB))
      .then((rows) => rows.filter((j) => j.status === 'queued' || j.status === 'running'));
    expect(left).toEqual([]);
    expect(await db().select().from(requestNotices)).toEqual([]);

    for (const to of ['burst.host@example.test', 'burst.admin@example.test']) {
      const sent = (await mailsTo(to)).slice(to.includes('host') ? before.host : before.admin);
      // Far fewer emails than requests…
      expect(sent.length).toBeGreaterThanOrEqual(1);
      expect(sent.length).toBeLessThanOrEqual(3);
      // …and every request in exactly one of them.
      for (const ref of refs) {
        expect(
          sent.filter((m) => m.text.includes(ref)),
          `${ref} to ${to}`,
        ).toHaveLength(1);
      }
    }
    // Every renter still got their own acknowledgement of each request.
    for (let i = 0; i < 10; i += 1) {
      const acks = (await mailsTo(`burst.renter${i}@example.test`)).filter((m) =>
        m.key.endsWith('-requested-renter'),
      );
      expect(acks.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('waits the configured window, no longer: a second request is told when its seconds are up', async () => {
    // REQUEST_NOTICE_EVERY_SECONDS=2 on an app of its own: no clock is moved here, the job that
    // deferred itself comes due by the database's clock alone.
    const quick = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '100000', REQUEST_NOTICE_EVERY_SECONDS: '2' },
    });
    try {
      const qdb = quick.deps.database.db;
      expect(quick.config.requests.noticeEveryMs).toBe(2_000);
      const host = await createUser(qdb, { email: 'quick.host@example.test', locale: 'en' });
      const renter = await createUser(qdb, {
        email: 'quick.renter@example.test',
        password: PASSWORD,
      });
      const space = (await createSpace(qdb, { ...openAllDay(host.id), nameEn: 'Quick Hall' })).id;
      const cookie = await signInCookie(quick, renter.email, PASSWORD);
      const run = () =>
        createJobWorker({
          db: qdb,
          handlers: createJobHandlers(quick.deps),
          logger: silentLogger,
        }).runDue();
      const hostMails = async () =>
        (await qdb.select().from(jobs).where(like(jobs.dedupeKey, 'mail:%')))
          .map((j) => ({ key: j.dedupeKey!, ...(j.payload as MailMessage) }))
          .filter((m) => m.to === 'quick.host@example.test');
      const request = async (startTime: string, endTime: string) => {
        const res = await requestOn(quick, cookie, { space, days: 25, startTime, endTime });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<MyBooking>();
      };

      const first = await request('08:00', '09:00');
      await run();
      expect((await hostMails()).map((m) => m.key)).toEqual([
        `mail:booking-${first.id}-requested-host`,
      ]);
      const second = await request('10:00', '11:00');
      await run();
      // Within the two seconds: it waits, in a job due when they are up.
      expect(await hostMails()).toHaveLength(1);
      const [recipient] = await qdb
        .select()
        .from(requestNoticeRecipients)
        .where(eq(requestNoticeRecipients.recipient, `host:${host.id}`));
      const [deferred] = await qdb
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, REQUEST_NOTICES_JOB), eq(jobs.status, 'queued')));
      expect(deferred!.runAt.getTime()).toBe(recipient!.lastSentAt!.getTime() + 2_000);
      await waitFor(
        'the window to end',
        async () => {
          await run();
          return (await hostMails()).length === 2;
        },
        15_000,
        250,
      );
      // Alone in its window: told with its own email, under its own key.
      expect((await hostMails()).map((m) => m.key).sort()).toEqual(
        [
          `mail:booking-${first.id}-requested-host`,
          `mail:booking-${second.id}-requested-host`,
        ].sort(),
      );
      expect(await qdb.select().from(requestNotices)).toEqual([]);
    } finally {
      await quick.close();
    }
  });
});
