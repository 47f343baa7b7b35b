import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, spaceBlocks } from '#server/db/schema.ts';
import type { Availability } from '#shared/schemas/booking.ts';
import type { SpaceBlock } from '#shared/schemas/blocks.ts';
import { createBooking, createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 17: the host blocks times of their space. Blocks are busy on the booking form, refuse
 * requests and confirms over them, and are refused over a confirmed booking — one of a block and
 * a confirm racing over one time wins, never both.
 */
const PASSWORD = 'Riyadh#2026';

describe("a host's blocked times", () => {
  let t: TestApp;
  let hostId: string;
  let renterId: string;
  const cookies = { host: '', other: '', renter: '', admin: '' };
  const date = riyadhDate(5);

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const db = () => t.deps.database.db;
  const newSpace = async () => (await createSpace(db(), openAllDay(hostId))).id;
  const block = (spaceId: string, payload: object, cookie = cookies.host) =>
    call('POST', `/api/me/spaces/${spaceId}/blocks`, cookie, payload);
  const pending = (spaceId: string, startTime: string, endTime: string, status = 'pending') =>
    createBooking(db(), {
      spaceId,
      renterId,
      renterEmail: 'renter@example.test',
      date,
      startTime,
      endTime,
      status: status as 'pending' | 'confirmed',
    });

  beforeAll(async () => {
    t = await createTestApp();
    hostId = (await createUser(db(), { email: 'host@example.test', password: PASSWORD })).id;
    await createUser(db(), { email: 'other@example.test', password: PASSWORD });
    renterId = (await createUser(db(), { email: 'renter@example.test', password: PASSWORD })).id;
    await createUser(db(), { email: 'admin@example.test', password: PASSWORD, roles: ['admin'] });
    for (const who of ['host', 'other', 'renter', 'admin'] as const)
      cookies[who] = await signInCookie(t, `${who}@example.test`, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a block is listed, busy on the booking form, and refuses requests over it', async () => {
    const spaceId = await newSpace();
    const added = await block(spaceId, {
      date,
      startTime: '14:00',
      endTime: '16:00',
      note: 'Family wedding',
    });
    expect(added.statusCode).toBe(201);
    const created = added.json<SpaceBlock>();
    expect(created).toMatchObject({
      date,
      startTime: '14:00',
      endTime: '16:00',
      note: 'Family wedding',
    });

    const list = await call('GET', `/api/me/spaces/${spaceId}/blocks`, cookies.host);
    expect(list.json<{ items: SpaceBlock[] }>().items).toEqual([created]);

    const day = await call('GET', `/api/spaces/${spaceId}/availability?date=${date}`);
    expect(day.json<Availability>().busy).toEqual([{ startTime: '14:00', endTime: '16:00' }]);
    // Renters see a busy time, never the host's note.
    expect(day.body).not.toContain('Family wedding');

    const request = (startTime: string, endTime: string) =>
      call('POST', '/api/bookings', cookies.renter, {
        spaceId,
        date,
        startTime,
        endTime,
        guests: 2,
        contactPhone: '0512345678',
      });
    const refused = await request('15:00', '17:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TIME_BLOCKED');
    expect((await request('16:00', '17:00')).statusCode).toBe(201);

    // Removed: free again; removing twice is a 404.
    const url = `/api/me/spaces/${spaceId}/blocks/${created.id}`;
    expect((await call('DELETE', url, cookies.host)).statusCode).toBe(204);
    expect((await call('DELETE', url, cookies.host)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/spaces/${spaceId}/availability?date=${date}`)).json<Availability>()
        .busy,
    ).toEqual([]);
    expect((await request('14:00', '15:00')).statusCode).toBe(201);
  });

  it('refuses a block over a confirmed booking, naming it; and a confirm over a block', async () => {
    const spaceId = await newSpace();
    const booked = await pending(spaceId, '10:00', '12:00', 'confirmed');
    const refused = await block(spaceId, { date, startTime: '11:00', endTime: '13:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('BLOCK_OVER_BOOKING');
    expect(refused.json().error.current.booking).toEqual({
      id: booked.id,
      date,
      startTime: '10:00',
      endTime: '12:00',
    });
    // Back to back is fine (periods are half-open).
    expect((await block(spaceId, { date, startTime: '12:00', endTime: '13:00' })).statusCode).toBe(
      201,
    );

    const request = await pending(spaceId, '12:30', '14:00');
    const confirm = await call('POST', `/api/admin/bookings/${request.id}/confirm`, cookies.admin);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.code).toBe('TIME_BLOCKED');
    const [row] = await db().select().from(bookings).where(eq(bookings.id, request.id));
    expect(row!.status).toBe('pending');
  });

  it('only the host: others get 404, signed out 401; bad fields are 400 at the field', async () => {
    const spaceId = await newSpace();
    const valid = { date, startTime: '09:00', endTime: '10:00' };
    for (const who of ['other', 'renter', 'admin'] as const) {
      expect((await block(spaceId, valid, cookies[who])).statusCode, who).toBe(404);
      expect(
        (await call('GET', `/api/me/spaces/${spaceId}/blocks`, cookies[who])).statusCode,
        who,
      ).toBe(404);
    }
    expect(
      (await call('POST', `/api/me/spaces/${spaceId}/blocks`, undefined, valid)).statusCode,
    ).toBe(401);
    const cases: [object, string][] = [
      [{ ...valid, date: riyadhDate(-1) }, 'date'],
      [{ ...valid, startTime: '09:10' }, 'startTime'],
      [{ ...valid, endTime: '09:00' }, 'endTime'],
      [{ ...valid, note: 'x'.repeat(201) }, 'note'],
      [{ ...valid, date: '2030-02-30' }, 'date'],
    ];
    for (const [payload, field] of cases) {
      const res = await block(spaceId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    expect(await db().select().from(spaceBlocks).where(eq(spaceBlocks.spaceId, spaceId))).toEqual(
      [],
    );
  });

  it('20 rounds of a block racing a confirmation over one time: exactly one wins', async () => {
    const spaceId = await newSpace();
    for (let round = 0; round < 20; round += 1) {
      const hour = String(round).padStart(2, '0');
      const request = await pending(spaceId, `${hour}:00`, `${hour}:30`);
      const [blocked, confirmed] = await Promise.all([
        block(spaceId, { date, startTime: `${hour}:00`, endTime: `${hour}:30` }),
        call('POST', `/api/admin/bookings/${request.id}/confirm`, cookies.admin),
      ]);
      const codes = [blocked.statusCode, confirmed.statusCode];
      expect(
        codes.filter((c) => c === 201 || c === 200),
        `round ${round}: ${codes}`,
      ).toHaveLength(1);
      expect(
        codes.filter((c) => c === 409),
        `round ${round}`,
      ).toHaveLength(1);
      const [row] = await db().select().from(bookings).where(eq(bookings.id, request.id));
      const blocks = await db()
        .select()
        .from(spaceBlocks)
        .where(and(eq(spaceBlocks.spaceId, spaceId), eq(spaceBlocks.startTime, `${hour}:00:00`)));
      expect(row!.status === 'confirmed', `round ${round}`).toBe(blocks.length === 0);
    }
  });
});
