import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema.ts';
import { SWEEP_JOB } from '#server/jobs/job-kinds.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import {
  createPostgresDatabase,
  delivered,
  removeDataDir,
  riyadhDate,
  startLiveApp,
  tally,
  waitFor,
  type LiveApp,
  type PostgresDatabase,
} from '../support/live-app.ts';
import { startSmtpServer } from '../support/servers/smtp-server.ts';
import { stopServer } from '../support/spawn-server.ts';

/**
 * Issue 18: the expiry sweep with two app processes (each with its worker) on one PostgreSQL.
 * 200 requests reach their time to live at the same moment; the sweep runs every second, so a
 * run that takes longer than that meets the next period's run on the other instance. Each
 * request expires once, each email is queued once and delivered once.
 */
const REQUESTS = 200;
const TTL_HOURS = 1;

describe('two instances expiring requests at the same moment', () => {
  let pgdb: PostgresDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const apps: LiveApp[] = [];
  let ids: string[];

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    const db = pgdb.database.db;
    const host = await createUser(db, { locale: 'ar' });
    const renters = [];
    for (let i = 0; i < 4; i += 1)
      renters.push(await createUser(db, { locale: i % 2 ? 'ar' : 'en' }));
    const spaceId = (await createSpace(db, openAllDay(host.id))).id;
    // Sent an hour ago less a few seconds: all due at the same moment, shortly after both start.
    const sentAt = new Date(Date.now() - TTL_HOURS * 3_600_000 + 8_000);
    ids = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const renter = renters[i % renters.length]!;
      const minutes = 8 * 60 + (i % 24) * 30;
      const hhmm = (m: number) =>
        `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      const booking = await createBooking(db, {
        spaceId,
        renterId: renter.id,
        renterEmail: renter.email,
        date: riyadhDate(10 + Math.floor(i / 24)),
        startTime: hhmm(minutes),
        endTime: hhmm(minutes + 60),
        createdAt: sentAt,
      });
      ids.push(booking.id);
    }
    smtp = await startSmtpServer();
    const env = {
      SMTP_URL: smtp.url,
      WORKER: 'true',
      WORKER_POLL_MS: '100',
      SWEEP_EVERY_SECONDS: '1',
      REQUEST_TTL_HOURS: String(TTL_HOURS),
    };
    apps.push(...(await Promise.all([startLiveApp(pgdb.url, env), startLiveApp(pgdb.url, env)])));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => stopServer(a.server)));
    await Promise.all(apps.map((a) => removeDataDir(a)));
    await smtp?.close();
    await pgdb?.drop();
  }, 180_000);

  it('expires each request once and queues and delivers each email once', async () => {
    const db = pgdb.database.db;
    const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
    await waitFor(
      'every request to expire',
      async () =>
        rows<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from bookings where status = 'expired'`),
        )[0]!.n === REQUESTS,
      90_000,
      250,
    );
    // One audit entry per request: one transition each, whichever instance made it.
    const audits = rows<{ subject_id: string; n: number }>(
      await db.execute(sql`select subject_id, count(*)::int as n from audit_log
        where action = 'booking.expire' group by subject_id`),
    );
    expect(audits).toHaveLength(REQUESTS);
    expect(audits.filter((a) => a.n !== 1)).toEqual([]);
    expect(new Set(audits.map((a) => a.subject_id))).toEqual(new Set(ids));

    // Two emails per request (renter and host), each queued once and delivered once.
    const all = await waitFor(
      'every job done',
      async () => {
        const list = await db.select().from(jobs);
        const mail = list.filter((j) => j.kind === 'mail.send');
        return mail.length === REQUESTS * 2 && mail.every((j) => j.status === 'done') ? list : null;
      },
      120_000,
    );
    const mails = all.filter((j) => j.kind === 'mail.send');
    const keys = tally(mails.map((j) => j.dedupeKey ?? ''));
    for (const id of ids) {
      expect(keys.get(`mail:booking-${id}-expired-renter`), id).toBe(1);
      expect(keys.get(`mail:booking-${id}-expired-host`), id).toBe(1);
    }
    expect(mails.filter((j) => j.attempts !== 1)).toEqual([]);
    await waitFor('every email to arrive', () => smtp.received.length >= mails.length, 60_000);
    const arrivals = tally((await delivered(smtp.received)).map((m) => m.messageId));
    for (const j of mails) {
      const messageId = (j.payload as { messageId: string }).messageId;
      expect(arrivals.get(messageId), j.dedupeKey!).toBe(1);
    }
    // The sweep ran as jobs of the queue, one per period, from both instances' planning.
    const sweeps = all.filter((j) => j.kind === SWEEP_JOB);
    expect(sweeps.length).toBeGreaterThan(1);
    expect(tally(sweeps.map((j) => j.dedupeKey ?? '')).size).toBe(sweeps.length);
  }, 240_000);
});
