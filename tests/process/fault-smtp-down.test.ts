import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, jobs } from '#server/db/schema.ts';
import { createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import {
  call,
  createPostgresDatabase,
  delivered,
  removeDataDir,
  riyadhDate,
  signIn,
  signUp,
  startLiveApp,
  tally,
  waitFor,
  nextPhone,
  type LiveApp,
  type PostgresDatabase,
} from '../support/live-app.ts';
import { freePort } from '../support/free-port.ts';
import { listings, requestNoticesSettled } from '../support/request-notices.ts';
import { startSmtpServer } from '../support/servers/smtp-server.ts';
import { stopServer } from '../support/spawn-server.ts';

/**
 * The mail server is down (nothing listens on its port, then it answers 421 to every message):
 * sign-ups and booking requests through the real app process still succeed, because their
 * emails wait in the durable queue. When the mail server comes back on the same port, every
 * email arrives exactly once: each renter's acknowledgement, and the host's and the admin's
 * coalesced "new request" emails (decision 072, a 3-second window here) with every request
 * listed in exactly one of each. On PostgreSQL in both test passes (the app is its own process).
 */
const PASSWORD = 'Smtp#Down2026';
const SIGN_UPS = 3;
const BOOKINGS = 6;

describe('SMTP down, then back', () => {
  let pgdb: PostgresDatabase;
  let app: LiveApp | undefined;
  let smtpPort: number;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let spaceId: string;
  /** A renter has at most 5 pending requests a space (decision 061): the sixth goes to this one. */
  let secondSpaceId: string;
  let renterEmail: string;
  let adminEmail: string;
  let hostEmail: string;

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    const db = pgdb.database.db;
    const host = await createUser(db);
    hostEmail = host.email;
    adminEmail = (await createUser(db, { roles: ['admin'] })).email;
    renterEmail = (await createUser(db, { password: PASSWORD })).email;
    spaceId = (await createSpace(db, openAllDay(host.id))).id;
    secondSpaceId = (await createSpace(db, openAllDay(host.id))).id;
    smtpPort = await freePort(); // nothing listens there yet: connection refused
    app = await startLiveApp(pgdb.url, {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      WORKER_RETRY_BASE_MS: '200',
      REQUEST_NOTICE_EVERY_SECONDS: '3',
    });
  });
  afterAll(async () => {
    if (app) await stopServer(app.server);
    await smtp?.close();
    await removeDataDir(app);
    await pgdb?.drop();
  });

  // The emails' jobs (the periodic sweeps', decision 031, send nothing themselves).
  const mailJobs = () => pgdb.database.db.select().from(jobs).where(eq(jobs.kind, 'mail.send'));

  it('accepts sign-ups and bookings while mail is down, then delivers each email once', async () => {
    const live = app!;
    // ── the mail server is down: connection refused ──
    const cookie = await signIn(live, renterEmail, PASSWORD);
    const signUps = Array.from({ length: SIGN_UPS }, (_, i) => ({
      email: `smtp-down-${i}@example.test`,
      phone: nextPhone(),
      password: PASSWORD,
    }));
    for (const input of signUps) expect((await signUp(live, input)).status).toBe(201);
    const date = riyadhDate(10);
    const answers = await Promise.all(
      Array.from({ length: BOOKINGS }, (_, i) =>
        call(live, 'POST', '/api/bookings', {
          cookie,
          body: {
            spaceId: i < 5 ? spaceId : secondSpaceId,
            date,
            startTime: `${String(8 + i).padStart(2, '0')}:00`,
            endTime: `${String(9 + i).padStart(2, '0')}:00`,
            guests: 2,
            contactPhone: '0512345678',
          },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(BOOKINGS).fill(201));

    const references = answers.map((a) => String(a.json.reference));
    expect(new Set(references).size).toBe(BOOKINGS);

    // The host and the admin hear of the requests through their outbox (decision 072): once it is
    // empty, every email of the run is queued — one activation per sign-up, one acknowledgement
    // per booking to the renter, and the host's and the admin's emails, which list each request
    // exactly once between them.
    await waitFor('every request told to the host and the admin', () =>
      requestNoticesSettled(pgdb.database.db),
    );
    const queuedMail = (await mailJobs()).map((j) => j.payload as { to: string; text: string });
    const toHost = queuedMail.filter((m) => m.to === hostEmail);
    const toAdmin = queuedMail.filter((m) => m.to === adminEmail);
    for (const ref of references) {
      expect(
        toHost.filter((m) => m.text.includes(ref)),
        ref,
      ).toHaveLength(1);
      expect(
        toAdmin.filter((m) => m.text.includes(ref)),
        ref,
      ).toHaveLength(1);
    }
    // Coalesced: fewer emails than requests to each (the first at once, the rest in a batch).
    expect(toHost.length).toBeLessThan(BOOKINGS);
    expect(toAdmin.length).toBeLessThan(BOOKINGS);
    const expectedJobs = SIGN_UPS + BOOKINGS + toHost.length + toAdmin.length;
    expect(queuedMail).toHaveLength(expectedJobs);
    // The bookings are those answered, each acknowledged to its renter.
    const stored = await pgdb.database.db
      .select({ reference: bookings.reference })
      .from(bookings)
      .where(inArray(bookings.reference, references));
    expect(stored).toHaveLength(BOOKINGS);
    // Every email has been tried and has failed at least twice (refused), and none is lost.
    const refused = await waitFor('every email to fail twice', async () => {
      const rows = await mailJobs();
      return rows.length === expectedJobs &&
        rows.every((j) => j.status === 'queued' && j.attempts >= 2 && j.lastError)
        ? rows
        : null;
    });
    expect(refused.map((j) => j.lastError).join('\n')).toMatch(/ECONNREFUSED/);

    // ── it comes back on the same port, but refuses every message (421) ──
    smtp = await startSmtpServer({ port: smtpPort });
    smtp.refuse(true);
    const before = new Map(refused.map((j) => [j.id, j.attempts]));
    await waitFor('every email to be refused once more with a 421', async () => {
      const rows = await mailJobs();
      return rows.every(
        (j) =>
          j.status === 'queued' && j.attempts > before.get(j.id)! && /421/.test(j.lastError ?? ''),
      );
    });
    expect(smtp.received).toHaveLength(0);

    // ── it accepts again: every email arrives, once ──
    smtp.refuse(false);
    await waitFor('every email to be sent', async () => {
      const rows = await mailJobs();
      return rows.every((j) => j.status === 'done');
    });
    const mails = await delivered(smtp.received);
    expect(mails).toHaveLength(expectedJobs);
    // Exactly once per email: the Message-ID names the event (derived from the job's dedupe key:
    // "booking <id> requested, renter"), so each job's one is there once and nothing else is.
    const expectedIds = (await mailJobs()).map(
      (j) => (j.payload as { messageId: string }).messageId,
    );
    const arrivals = tally(mails.map((m) => `${m.to}|${m.messageId}`));
    expect([...arrivals.values()].every((n) => n === 1)).toBe(true);
    expect(mails.map((m) => m.messageId).sort()).toEqual([...expectedIds].sort());
    const recipients = tally(mails.map((m) => m.to));
    for (const s of signUps) expect(recipients.get(s.email)).toBe(1);
    expect(recipients.get(renterEmail)).toBe(BOOKINGS);
    expect(recipients.get(adminEmail)).toBe(toAdmin.length);
    expect(recipients.get(hostEmail)).toBe(toHost.length);
    // What arrived lists every request exactly once to the host and once to the admin, and each
    // renter's acknowledgement names its own.
    for (const to of [hostEmail, adminEmail]) {
      expect([...listings(mails, to, references).values()], to).toEqual(Array(BOOKINGS).fill(1));
    }
    expect([...listings(mails, renterEmail, references).values()]).toEqual(Array(BOOKINGS).fill(1));
  }, 180_000);
});
