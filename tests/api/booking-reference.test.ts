import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { insertWithReference } from '#server/features/bookings/request-booking.ts';
import { BOOKING_REFERENCE_PATTERN } from '#shared/domain/booking-reference.ts';
import { riyadhClock, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import { unreadableParts } from '#shared/readable-text.ts';
import type { AdminAuditResponse, AdminBookingsResponse } from '#shared/schemas/admin.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import type { HostBookings } from '#shared/schemas/host.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import { insertBooking, signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A booking's short reference (issue 31, src/shared/domain/booking-reference.ts): drawn at the
 * request, drawn again on a clash, carried by every answer that names a booking, and given to
 * the bookings that existed before it by migration 0017.
 */
const PASSWORD = 'Riyadh#2026';
const MIGRATION = path.join(
  import.meta.dirname,
  '../../src/server/db/migrations/0017_booking_reference.sql',
);

function nextSunday(): string {
  const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 14);
  while (weekdayOf(d.toISOString().slice(0, 10)) !== 'sunday') d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('booking references', () => {
  let t: TestApp;
  let renterCookie: string;
  let hostCookie: string;
  let adminCookie: string;
  let renterId: string;
  let spaceId: string;
  const SUNDAY = nextSunday();
  const db = () => t.deps.database.db;

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, 'accept-language': 'ar' },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp();
    const host = await createUser(db(), { email: 'ref-host@example.test', password: PASSWORD });
    const renter = await createUser(db(), { email: 'ref-renter@example.test', password: PASSWORD });
    await createUser(db(), {
      email: 'ref-admin@example.test',
      password: PASSWORD,
      roles: ['admin'],
    });
    renterId = renter.id;
    spaceId = (
      await createSpace(db(), {
        hostId: host.id,
        opensAt: '08:00',
        closesAt: '22:00',
        availableDays: ['sunday'],
      })
    ).id;
    renterCookie = await signInCookie(t, renter.email, PASSWORD);
    hostCookie = await signInCookie(t, host.email, PASSWORD);
    adminCookie = await signInCookie(t, 'ref-admin@example.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is drawn at the request and carried by the renter’s, the host’s and the desk’s answers', async () => {
    const res = await call('POST', '/api/bookings', renterCookie, {
      spaceId,
      date: SUNDAY,
      startTime: '10:00',
      endTime: '12:00',
      guests: 2,
      contactPhone: '0512345678',
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json<MyBooking>();
    expect(sent.reference).toMatch(BOOKING_REFERENCE_PATTERN);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, sent.id));
    expect(row!.reference).toBe(sent.reference);

    const mine = (await call('GET', '/api/me/bookings', renterCookie)).json<{
      items: MyBooking[];
    }>();
    expect(mine.items.find((b) => b.id === sent.id)?.reference).toBe(sent.reference);
    const hosts = (
      await call('GET', `/api/host/bookings?spaceId=${spaceId}`, hostCookie)
    ).json<HostBookings>();
    expect(hosts.items.find((b) => b.id === sent.id)?.reference).toBe(sent.reference);
    const desk = (
      await call('GET', '/api/admin/bookings?status=pending', adminCookie)
    ).json<AdminBookingsResponse>();
    expect(desk.items.find((b) => b.id === sent.id)?.reference).toBe(sent.reference);
  });

  it('the audit log names a declined request by its reference and keeps its reason a code for the screen to read', async () => {
    const at = { spaceId, renterId, renterEmail: 'ref-renter@example.test', date: SUNDAY };
    const taken = await insertBooking(db(), { ...at, startTime: '14:00', endTime: '16:00' });
    const clash = await insertBooking(db(), { ...at, startTime: '15:00', endTime: '17:00' });
    const res = await call('POST', `/api/admin/bookings/${taken.id}/confirm`, adminCookie);
    expect(res.statusCode).toBe(200);

    const audit = (await call('GET', '/api/admin/audit', adminCookie)).json<AdminAuditResponse>();
    const declined = audit.items.find((e) => e.subjectId === clash.id)!;
    expect(declined).toMatchObject({ action: 'booking.decline', reference: clash.reference });
    expect(audit.items.find((e) => e.subjectId === taken.id)!.reference).toBe(taken.reference);
    // The API keeps the code (the screen reads it as text: audit-log.test.tsx); the names and
    // the reference a person reads carry no code and no id.
    expect(declined.reason).toBe('SLOT_TAKEN');
    for (const e of audit.items) {
      const shown = [e.reference, e.details?.nameAr, e.details?.nameEn].filter(
        (v): v is string => typeof v === 'string',
      );
      expect(shown.flatMap(unreadableParts)).toEqual([]);
    }
  });

  it('is drawn again when the first draw is taken', async () => {
    const taken = await insertBooking(db(), {
      spaceId,
      renterId,
      renterEmail: 'ref-renter@example.test',
      date: SUNDAY,
      startTime: '18:00',
      endTime: '19:00',
    });
    const draws = [taken.reference, taken.reference, 'HS-R3TRY0'];
    const row = await db().transaction((tx) =>
      insertWithReference(
        tx,
        {
          spaceId,
          renterId,
          renterEmail: 'ref-renter@example.test',
          date: SUNDAY,
          startTime: '19:00',
          endTime: '20:00',
          period:
            sql`tstzrange(${`${SUNDAY} 19:00+03`}::timestamptz, ${`${SUNDAY} 20:00+03`}::timestamptz, '[)')` as unknown as string,
          guests: 1,
          contactPhone: '+966512345678',
          totalHalalas: 10_000,
          status: 'pending',
        },
        () => draws.shift()!,
      ),
    );
    expect(row.reference).toBe('HS-R3TRY0');
    expect(draws).toEqual([]);
  });

  it('a request racing one that holds its draw uncommitted waits for it, then draws again', async () => {
    const values = (startTime: string, endTime: string) => ({
      spaceId,
      renterId,
      renterEmail: 'ref-renter@example.test',
      date: SUNDAY,
      startTime,
      endTime,
      period:
        sql`tstzrange(${`${SUNDAY} ${startTime}+03`}::timestamptz, ${`${SUNDAY} ${endTime}+03`}::timestamptz, '[)')` as unknown as string,
      guests: 1,
      contactPhone: '+966512345678',
      totalHalalas: 10_000,
      status: 'pending' as const,
    });
    let inserted!: () => void;
    const firstHolds = new Promise<void>((resolve) => (inserted = resolve));
    const first = db().transaction(async (tx) => {
      const row = await insertWithReference(tx, values('08:00', '09:00'), () => 'HS-RACE00');
      inserted();
      // Still uncommitted while the second request draws the same reference.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return row;
    });
    await firstHolds;
    const draws = ['HS-RACE00', 'HS-RACE01'];
    const second = db().transaction((tx) =>
      insertWithReference(tx, values('09:00', '10:00'), () => draws.shift()!),
    );
    const [a, b] = await Promise.all([first, second]);
    expect(a.reference).toBe('HS-RACE00');
    expect(b.reference).toBe('HS-RACE01');
  });

  it('refuses a reference of another shape, and a second booking with the same one', async () => {
    const at = {
      spaceId,
      renterId,
      renterEmail: 'ref-renter@example.test',
      date: SUNDAY,
      startTime: '20:00',
      endTime: '21:00',
    };
    const first = await insertBooking(db(), at);
    await expect(
      db().update(bookings).set({ reference: 'HS-7K3Q9' }).where(eq(bookings.id, first.id)),
    ).rejects.toThrow();
    await expect(
      db().update(bookings).set({ reference: 'HS-7K3QIM' }).where(eq(bookings.id, first.id)),
    ).rejects.toThrow();
    const second = await insertBooking(db(), { ...at, startTime: '21:00', endTime: '22:00' });
    await expect(
      db().update(bookings).set({ reference: first.reference }).where(eq(bookings.id, second.id)),
    ).rejects.toThrow();
  });

  it('migration 0017 gives every existing booking its own reference', async () => {
    const before = await db().select({ id: bookings.id }).from(bookings);
    expect(before.length).toBeGreaterThan(3);
    // The table as it was before 0017, then the migration's own statements.
    await db().execute(sql`alter table bookings drop column reference`);
    for (const statement of (await readFile(MIGRATION, 'utf8')).split('--> statement-breakpoint'))
      await db().execute(sql.raw(statement));
    const after = await db()
      .select({ id: bookings.id, reference: bookings.reference })
      .from(bookings);
    expect(after.map((b) => b.id).sort()).toEqual(before.map((b) => b.id).sort());
    for (const { reference } of after) expect(reference).toMatch(BOOKING_REFERENCE_PATTERN);
    expect(new Set(after.map((b) => b.reference)).size).toBe(after.length);
    const result = await db().execute(
      sql`select is_nullable from information_schema.columns where table_name = 'bookings' and column_name = 'reference'`,
    );
    const [column] = (result as unknown as { rows: { is_nullable: string }[] }).rows;
    expect(column!.is_nullable).toBe('NO');
  });
});
