import { pgErrorCode } from '#server/db/pg-error.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, spaces } from '#server/db/schema.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 17: each space's booking settings — a buffer between bookings (in the code and in the
 * database), minimum notice, a booking horizon, the shortest booking — hold for every request
 * and confirm.
 */
const PASSWORD = 'Riyadh#2026';

describe("a space's booking settings", () => {
  let t: TestApp;
  let hostId: string;
  let renterId: string;
  let renter = '';
  let admin = '';
  const date = riyadhDate(6);
  const db = () => t.deps.database.db;

  const newSpace = async (settings: Partial<typeof spaces.$inferInsert>) => {
    const space = await createSpace(db(), { ...openAllDay(hostId), priceHalalas: 20_000 });
    if (Object.keys(settings).length > 0)
      await db().update(spaces).set(settings).where(eq(spaces.id, space.id));
    return space.id;
  };
  const request = (spaceId: string, startTime: string, endTime: string, day = date) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: renter, 'accept-language': 'en' },
      payload: { spaceId, date: day, startTime, endTime, guests: 2, contactPhone: '0512345678' },
    });
  const confirm = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${id}/confirm`,
      headers: { cookie: admin },
    });
  const fieldOf = (res: { json: () => { error: { fields?: Record<string, string> } } }) =>
    res.json().error.fields ?? {};

  beforeAll(async () => {
    t = await createTestApp();
    hostId = (await createUser(db(), { email: 'host@example.test' })).id;
    renterId = (
      await createUser(db(), { email: 'renter@example.test', password: PASSWORD, locale: 'en' })
    ).id;
    await createUser(db(), { email: 'admin@example.test', password: PASSWORD, roles: ['admin'] });
    renter = await signInCookie(t, 'renter@example.test', PASSWORD);
    admin = await signInCookie(t, 'admin@example.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a 30-minute buffer: a back-to-back request is refused, one 30 minutes later is not', async () => {
    const spaceId = await newSpace({ bufferMinutes: 30 });
    const first = await request(spaceId, '10:00', '12:00');
    expect((await confirm(first.json<MyBooking>().id)).statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.id, first.json<MyBooking>().id));
    expect(row!.busyPeriod).toBeTruthy();

    // Inside the buffer after it, or ending where the buffer this request needs would reach it:
    // refused, and named as the host's break, not as an overlap (issue 31).
    for (const [start, end] of [
      ['12:00', '13:00'],
      ['08:30', '10:00'],
      ['09:00', '10:00'],
    ]) {
      const refused = await request(spaceId, start!, end!);
      expect(refused.statusCode, `${start}–${end}`).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'SLOT_IN_BUFFER',
        message:
          'This time falls within the break the host keeps between bookings. Choose a time further from the confirmed booking.',
      });
    }
    // A time that meets the booking itself is still an overlap.
    const overlap = await request(spaceId, '11:30', '13:00');
    expect(overlap.json().error.code).toBe('BOOKING_OVERLAP');
    expect((await request(spaceId, '12:30', '13:30')).statusCode).toBe(201);
    expect((await request(spaceId, '08:30', '09:30')).statusCode).toBe(201);
  });

  it('a confirm declines the request inside its buffer, and the database refuses a confirmed one there', async () => {
    const spaceId = await newSpace({ bufferMinutes: 60 });
    // Two pending requests written straight in, as two renters would have sent them.
    const a = await createBooking(db(), {
      spaceId,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime: '10:00',
      endTime: '12:00',
    });
    const b = await createBooking(db(), {
      spaceId,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime: '12:30',
      endTime: '14:00',
    });
    expect((await confirm(a.id)).statusCode).toBe(200);
    // 12:30 is inside a's hour of buffer: b declined itself in the confirm (issue 18)…
    const [row] = await db().select().from(bookings).where(eq(bookings.id, b.id));
    expect(row).toMatchObject({ status: 'rejected', statusReason: 'SLOT_TAKEN' });
    const second = await confirm(b.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('BOOKING_ALREADY_DECIDED');
    // …and a confirmed booking there, written past the app, is refused by the database itself.
    await expect(
      createBooking(db(), {
        spaceId,
        renterId,
        renterEmail: 'renter@example.test',
        date,
        startTime: '12:30',
        endTime: '14:00',
        status: 'confirmed',
      }),
    ).rejects.toSatisfy((error) => pgErrorCode(error) === '23P01');
  });

  it('names the buffer in Arabic too, and at the confirm the database refuses a request in it as SLOT_IN_BUFFER', async () => {
    const spaceId = await newSpace({ bufferMinutes: 30 });
    // Confirmed through the desk: its busy period holds the half hour after it.
    const first = await request(spaceId, '10:00', '12:00');
    expect((await confirm(first.json<MyBooking>().id)).statusCode).toBe(200);
    const ar = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: renter, 'accept-language': 'ar' },
      payload: {
        spaceId,
        date,
        startTime: '12:00',
        endTime: '13:00',
        guests: 2,
        contactPhone: '0512345678',
      },
    });
    expect(ar.statusCode).toBe(409);
    expect(ar.json().error).toEqual({
      code: 'SLOT_IN_BUFFER',
      message:
        'هذا الوقت يقع ضمن الاستراحة التي يتركها المضيف بين الحجوزات. اختر وقتًا أبعد عن الحجز المؤكد.',
    });
    // A pending request in the buffer, written straight in as if it came before the confirm:
    // confirming it is refused by the exclusion constraint, and the answer (in the admin's
    // Arabic) names the buffer.
    const inBuffer = await createBooking(db(), {
      spaceId,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime: '12:15',
      endTime: '13:15',
    });
    const refused = await confirm(inBuffer.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'SLOT_IN_BUFFER',
      message:
        'هذا الوقت يقع ضمن الاستراحة التي يتركها المضيف بين الحجوزات. اختر وقتًا أبعد عن الحجز المؤكد.',
      current: { id: inBuffer.id, status: 'pending', conflict: true },
    });
    const [still] = await db().select().from(bookings).where(eq(bookings.id, inBuffer.id));
    expect(still!.status).toBe('pending');
    // One that meets the booking itself is refused there as an overlap.
    const overlapping = await createBooking(db(), {
      spaceId,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime: '11:00',
      endTime: '12:30',
    });
    expect((await confirm(overlapping.id)).json().error.code).toBe('BOOKING_OVERLAP');
  });

  it('minimum notice and horizon: too soon and too far are refused at the field', async () => {
    const spaceId = await newSpace({ minNoticeHours: 48, horizonDays: 30 });
    const tomorrow = await request(spaceId, '10:00', '11:00', riyadhDate(1));
    expect(tomorrow.statusCode).toBe(400);
    expect(fieldOf(tomorrow).startTime).toBe(
      'This space needs more notice before a booking. Choose a later time or day.',
    );
    const far = await request(spaceId, '10:00', '11:00', riyadhDate(31));
    expect(far.statusCode).toBe(400);
    expect(fieldOf(far).date).toBe('This date is further ahead than this space takes bookings.');
    expect((await request(spaceId, '10:00', '11:00', riyadhDate(30))).statusCode).toBe(201);
    expect((await request(spaceId, '10:00', '11:00', riyadhDate(3))).statusCode).toBe(201);
  });

  it('no space takes bookings beyond 365 days any more', async () => {
    const spaceId = await newSpace({});
    const res = await request(spaceId, '10:00', '11:00', riyadhDate(366));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldOf(res))).toEqual(['date']);
  });

  it('the shortest booking is per space, and the total follows the minutes', async () => {
    const long = await newSpace({ minBookingMinutes: 120 });
    const short = await request(long, '10:00', '11:00');
    expect(short.statusCode).toBe(400);
    expect(fieldOf(short).endTime).toBe(
      "Shorter than this space's minimum booking. Choose a later end time.",
    );
    expect((await request(long, '10:00', '12:00')).json<MyBooking>().totalHalalas).toBe(40_000);

    const quick = await newSpace({ minBookingMinutes: 30 });
    const half = await request(quick, '10:00', '10:30');
    expect(half.statusCode).toBe(201);
    expect(half.json<MyBooking>().totalHalalas).toBe(10_000);

    // The details page tells the booking form the settings.
    const page = await t.app.inject({ method: 'GET', url: `/api/spaces/${long}` });
    expect(page.json()).toMatchObject({
      minBookingMinutes: 120,
      minNoticeHours: 0,
      horizonDays: 365,
      bufferMinutes: 0,
    });
  });
});
