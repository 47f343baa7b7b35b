import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { silentLogger } from '#server/adapters/logger.ts';
import type { Queryable } from '#server/db/client.ts';
import { bookings } from '#server/db/schema.ts';
import { createJobHandlers } from '#server/jobs/handlers.ts';
import { createJobWorker } from '#server/jobs/worker.ts';
import type { BookingStatus } from '#shared/constants.ts';
import type { TestApp } from './test-app.ts';

let ip = 0;

/** Signs in by email and password; returns the `name=value` session cookie to send back. */
export async function signInCookie(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: `10.77.${Math.floor(++ip / 250)}.${ip % 250}`,
    headers: { origin: t.config.publicUrl },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const cookie = list.find((c) => c.startsWith('hs.session_token='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

export interface NewBooking {
  spaceId: string;
  renterId: string;
  renterEmail: string;
  date: string;
  startTime: string;
  endTime: string;
  guests?: number;
  totalHalalas?: number;
  status?: BookingStatus;
  createdAt?: Date;
}

/**
 * A booking row written straight to the database (booking creation is another issue's API):
 * `period` is the Asia/Riyadh wall-clock interval as a half-open tstzrange, as the service makes it.
 */
export async function insertBooking(q: Queryable, input: NewBooking) {
  const from = `${input.date} ${input.startTime}+03`;
  const to = `${input.date} ${input.endTime}+03`;
  const [row] = await q
    .insert(bookings)
    .values({
      spaceId: input.spaceId,
      renterId: input.renterId,
      renterEmail: input.renterEmail,
      date: input.date,
      startTime: input.startTime,
      endTime: input.endTime,
      period: sql`tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')` as unknown as string,
      guests: input.guests ?? 4,
      contactPhone: '0512345678',
      totalHalalas: input.totalHalalas ?? 30_000,
      status: input.status ?? 'pending',
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** Runs the job worker once, so queued emails are written by the mail adapter. */
export async function deliverMail(t: TestApp) {
  return createJobWorker({
    db: t.deps.database.db,
    handlers: createJobHandlers(t.deps),
    logger: silentLogger,
  }).runDue();
}

/** Every email the file mailer wrote, parsed. */
export async function sentMail(t: TestApp): Promise<ParsedMail[]> {
  const files = await readdir(t.config.mail.dir).catch(() => [] as string[]);
  return Promise.all(
    files.map(async (f) => simpleParser(await readFile(path.join(t.config.mail.dir, f)))),
  );
}

export const recipient = (mail: ParsedMail) =>
  mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
