import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * The database itself forbids two confirmed bookings of one space that overlap in time,
 * whatever the code above it does (docs/architecture.md, data model).
 */
describe('bookings exclusion constraint', () => {
  let t: TestDatabase;
  let spaceId: string;
  let renterId: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const host = await createUser(t.database.db);
    const renter = await createUser(t.database.db);
    renterId = renter.id;
    spaceId = (await createSpace(t.database.db, { hostId: host.id })).id;
  });
  afterAll(async () => {
    await t.drop();
  });

  const book = (start: string, end: string, status: 'pending' | 'confirmed') =>
    t.database.db.insert(bookings).values({
      spaceId,
      renterId,
      renterEmail: 'renter@example.test',
      date: '2030-01-06',
      startTime: start,
      endTime: end,
      period:
        sql`tstzrange(${`2030-01-06 ${start}+03`}::timestamptz, ${`2030-01-06 ${end}+03`}::timestamptz, '[)')` as unknown as string,
      guests: 2,
      contactPhone: '0512345678',
      totalHalalas: 10_000,
      status,
    });

  it('refuses a confirmed booking that partly overlaps a confirmed one', async () => {
    await book('10:00', '12:00', 'confirmed');
    await expect(book('11:00', '13:00', 'confirmed')).rejects.toThrow();
    await expect(book('09:00', '10:30', 'confirmed')).rejects.toThrow();
    await expect(book('10:30', '11:30', 'confirmed')).rejects.toThrow();
  });

  it('allows back-to-back bookings (half-open intervals)', async () => {
    await expect(book('12:00', '13:00', 'confirmed')).resolves.toBeDefined();
    await expect(book('08:00', '10:00', 'confirmed')).resolves.toBeDefined();
  });

  it('lets pending requests overlap (the admin chooses one)', async () => {
    await expect(book('10:00', '12:00', 'pending')).resolves.toBeDefined();
    await expect(book('10:00', '12:00', 'pending')).resolves.toBeDefined();
  });

  it('refuses confirming a pending request that overlaps a confirmed booking', async () => {
    await expect(
      t.database.db.execute(sql`update bookings set status = 'confirmed' where status = 'pending'`),
    ).rejects.toThrow();
  });
});
