import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import {
  call,
  createPostgresDatabase,
  delivered,
  nextIp,
  removeDataDir,
  riyadhDate,
  signIn,
  startLiveApp,
  tally,
  waitFor,
  type LiveApp,
  type PostgresDatabase,
} from '../support/live-app.ts';
import { listings, requestNoticesSettled } from '../support/request-notices.ts';
import { startSmtpServer } from '../support/servers/smtp-server.ts';
import { stopServer } from '../support/spawn-server.ts';

/**
 * Two app processes on one PostgreSQL database and one Redis, as two instances behind a load
 * balancer: requests alternate between them. (a) The booking race spread across both: never two
 * overlapping confirmed bookings. (b) The sign-in limits hold across both: the same total as on
 * one instance. (c) A job enqueued by one runs exactly once with both workers on, and the
 * coalesced "new request" notices (decision 072) list each request exactly once to the host and
 * to each admin.
 * On PostgreSQL in both test passes (REDIS_URL: the machine's Redis, keys under a prefix of
 * this run, deleted afterwards).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Two#Instances2026';
const ROUNDS = 8;
const PER_ROUND = 20;
const REQUESTS = 30;
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describe('two instances, one database, one Redis', () => {
  const prefix = `hs-test:${process.pid}:${randomUUID().slice(0, 8)}:`;
  let pgdb: PostgresDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let redis: Redis;
  const apps: LiveApp[] = [];
  let spaceId: string;
  let hostEmail: string;
  let renter: Awaited<ReturnType<typeof createUser>>;
  let adminEmails: string[];
  let limitedEmails: string[];
  let spreadEmail: string;

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    const db = pgdb.database.db;
    const host = await createUser(db);
    hostEmail = host.email;
    adminEmails = [];
    for (let i = 0; i < 2; i += 1)
      adminEmails.push((await createUser(db, { password: PASSWORD, roles: ['admin'] })).email);
    renter = await createUser(db, { password: PASSWORD });
    limitedEmails = [];
    for (let i = 0; i < 2; i += 1)
      limitedEmails.push((await createUser(db, { password: PASSWORD })).email);
    spreadEmail = (await createUser(db, { password: PASSWORD })).email;
    spaceId = (await createSpace(db, openAllDay(host.id))).id;
    smtp = await startSmtpServer();
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    const env = {
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      SMTP_URL: smtp.url,
      WORKER: 'true',
      WORKER_POLL_MS: '100',
      REQUEST_NOTICE_EVERY_SECONDS: '2',
    };
    // Both start at once, as a deployment does (the migration lock lets one migrate).
    apps.push(...(await Promise.all([startLiveApp(pgdb.url, env), startLiveApp(pgdb.url, env)])));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => stopServer(a.server)));
    await Promise.all(apps.map((a) => removeDataDir(a)));
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await smtp?.close();
    await pgdb?.drop();
  }, 180_000);

  it('(a) confirms exactly one of each round of overlapping requests, whichever instance they reach', async () => {
    const db = pgdb.database.db;
    // Each admin signs in on one instance; the session works on both (one database, one secret).
    const cookies = await Promise.all(
      adminEmails.map((email, i) => signIn(apps[i]!, email, PASSWORD)),
    );
    const wins: Record<number, number> = { 0: 0, 1: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const date = riyadhDate(40 + round);
      const requests = [];
      for (let i = 0; i < PER_ROUND; i += 1) {
        const start = 9 * 60 + (i % 5) * 10; // every one overlaps every other by 20 min or more
        requests.push(
          await createBooking(db, {
            spaceId,
            renterId: renter.id,
            renterEmail: renter.email,
            date,
            startTime: hhmm(start),
            endTime: hhmm(start + 60),
          }),
        );
      }
      const answers = await Promise.all(
        requests.map((booking, i) =>
          call(apps[i % 2]!, 'POST', `/api/admin/bookings/${booking.id}/confirm`, {
            cookie: cookies[Math.floor(i / 2) % 2],
          }).then((res) => ({ ...res, instance: i % 2 })),
        ),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won, `round ${round}`).toHaveLength(1);
      wins[won[0]!.instance]! += 1;
      const lost = answers.filter((a) => a.status !== 200);
      expect(lost.map((a) => a.status)).toEqual(Array(PER_ROUND - 1).fill(409));
      // The winner declined the others as taken in its transaction (issue 18): a loser that waited
      // finds its request decided; one that reached the constraint first is told it overlaps.
      for (const a of lost)
        expect(['BOOKING_OVERLAP', 'BOOKING_ALREADY_DECIDED']).toContain(
          (a.json.error as { code: string }).code,
        );
    }
    // No two confirmed bookings of the space overlap, in any round.
    const overlapping = await db.execute(sql`
      select a.id from bookings a join bookings b
        on a.space_id = b.space_id and a.id < b.id and a.period && b.period
      where a.status = 'confirmed' and b.status = 'confirmed'`);
    expect((overlapping as unknown as { rows: unknown[] }).rows).toEqual([]);
    const confirmed = await db.execute(
      sql`select count(*)::int as n from bookings where status = 'confirmed'`,
    );
    expect((confirmed as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(ROUNDS);
    console.info(
      `booking race: ${ROUNDS} rounds of ${PER_ROUND}; won on instance 1/2: ${wins[0]}/${wins[1]}`,
    );
  }, 180_000);

  /** Failed sign-ins (wrong password), one after the other, to `emails` in turn. */
  async function failedSignIns(
    emails: string[],
    count: number,
    pick: (i: number) => LiveApp,
    ip = nextIp(),
  ) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await call(pick(i), 'POST', '/api/auth/sign-in/email', {
        body: { email: emails[i % emails.length], password: 'wrong-password-1' },
        ip,
      });
      statuses.push(res.status);
      if (res.status === 429)
        expect((res.json.error as { code: string }).code).toBe('SIGNIN_RATE_LIMITED');
    }
    return statuses;
  }

  it('(b) limits failed sign-ins at the same total across both instances as on one', async () => {
    // Three sequences at once (each its own client address and accounts, so they are independent):
    // per account, 5 failures in the window, then refused (attempt-counter.ts ATTEMPT_LIMITS),
    // alternating instances and on one; per address, 20 failures (to different accounts).
    const ip = nextIp();
    const accountIp = nextIp();
    const [alternating, single, byAddress] = await Promise.all([
      failedSignIns([limitedEmails[0]!], 7, (i) => apps[i % 2]!, accountIp),
      failedSignIns([limitedEmails[1]!], 7, () => apps[0]!),
      failedSignIns(
        Array.from({ length: 22 }, (_, i) => `nobody-${i}@example.test`),
        22,
        (i) => apps[i % 2]!,
        ip,
      ),
    ]);
    expect(alternating).toEqual([...Array(5).fill(401), ...Array(2).fill(429)]);
    expect(alternating).toEqual(single);
    expect(byAddress).toEqual([...Array(20).fill(401), ...Array(2).fill(429)]);
    // Even the right password is refused now from that address, on either instance.
    for (const app of apps) {
      const res = await call(app, 'POST', '/api/auth/sign-in/email', {
        body: { email: limitedEmails[0], password: PASSWORD },
        ip: accountIp,
      });
      expect(res.status).toBe(429);
    }

    // The counts live in the shared Redis, under this run's prefix.
    const keys = await redis.keys(`${prefix}attempts:sign-in-failed:*`);
    expect(keys).toContain(`${prefix}attempts:sign-in-failed:ip:${ip}`);
    expect(Number(await redis.get(`${prefix}attempts:sign-in-failed:ip:${ip}`))).toBe(20);
    expect(
      Number(
        await redis.get(`${prefix}attempts:sign-in-failed:pair:${limitedEmails[0]}|${accountIp}`),
      ),
    ).toBe(5);
  }, 180_000);

  // Issue 37: the ceiling per account from any address holds across instances — 50 wrong passwords
  // at once from 50 addresses, alternating instances: the first 10 of the hour and the one that
  // takes the account's delay slot are checked, every other is refused before any password check.
  it('(d) checks 11 of 50 simultaneous wrong passwords for one account from 50 addresses on two instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(apps[i % 2]!, 'POST', '/api/auth/sign-in/email', {
          body: { email: spreadEmail, password: `Wrong#${i}x` },
          ip: nextIp(),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(11);
    expect(statuses.filter((s) => s === 429)).toHaveLength(39);
    // One count for the account, in the shared Redis: the 11 failures (refusals gave theirs back).
    expect(Number(await redis.get(`${prefix}attempts:sign-in-failed:account:${spreadEmail}`))).toBe(
      11,
    );
  }, 180_000);

  it('(c) runs each job exactly once with both workers on', async () => {
    const db = pgdb.database.db;
    // A renter has at most 5 pending requests a space (issue 37, decision 061): the requests come
    // from one renter per 5, each signed in on both instances.
    const renters = [
      renter,
      ...(await Promise.all(
        Array.from({ length: REQUESTS / 5 - 1 }, () => createUser(db, { password: PASSWORD })),
      )),
    ];
    const cookies = await Promise.all(
      renters.map(
        async (r) =>
          [
            await signIn(apps[0]!, r.email, PASSWORD),
            await signIn(apps[1]!, r.email, PASSWORD),
          ] as const,
      ),
    );
    const date = riyadhDate(20);
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        call(apps[i % 2]!, 'POST', '/api/bookings', {
          cookie: cookies[Math.floor(i / 5)]![i % 2],
          body: {
            spaceId,
            date,
            startTime: hhmm(8 * 60 + (i % 20) * 30),
            endTime: hhmm(9 * 60 + (i % 20) * 30),
            guests: 2,
            contactPhone: '0512345678',
          },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(REQUESTS).fill(201));

    const references = answers.map((a) => String(a.json.reference));

    // Every job of the run — these requests' acknowledgements, the notice jobs of both workers and
    // the emails they queued to the host and the two admins, and (a)'s confirmation emails — is
    // done, each claimed once (a claim counts an attempt)…
    const all = await waitFor('every job done', async () => {
      const rows = await db.select().from(jobs);
      return rows.every((j) => j.status === 'done') && (await requestNoticesSettled(db))
        ? rows
        : null;
    });
    const acknowledged = all.filter((j) =>
      /^mail:booking-.*-requested-renter$/.test(j.dedupeKey ?? ''),
    );
    expect(acknowledged).toHaveLength(REQUESTS);
    expect(all.filter((j) => j.attempts !== 1)).toEqual([]);
    // …and each email reached the mail server exactly once (the periodic sweeps' own jobs,
    // decision 031, send nothing themselves).
    const mailJobs = all.filter((j) => j.kind === 'mail.send');
    await waitFor('every email to arrive', () => smtp.received.length >= mailJobs.length);
    const mails = await delivered(smtp.received);
    const arrivals = tally(mails.map((m) => m.messageId));
    expect(mails).toHaveLength(mailJobs.length);
    for (const j of mailJobs) {
      const id = (j.payload as { messageId: string }).messageId;
      expect(arrivals.get(id), j.dedupeKey!).toBe(1);
    }
    // Each request listed in exactly one email to the host and one to each admin, in fewer
    // emails than requests (coalesced, whichever worker sent them).
    for (const to of [hostEmail, ...adminEmails]) {
      expect([...listings(mails, to, references).values()], to).toEqual(Array(REQUESTS).fill(1));
      const sent = mails.filter((m) => m.to === to && references.some((r) => m.text.includes(r)));
      expect(sent.length, to).toBeLessThan(REQUESTS);
    }
  }, 180_000);
});
