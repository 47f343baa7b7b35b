import { count, eq, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { createDiskStorage } from '#server/adapters/storage/disk-storage.ts';
import type { Storage } from '#server/adapters/storage/storage.ts';
import {
  bookings,
  reviews,
  roles,
  spaceImages,
  spaces,
  userRoles,
  users,
} from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '#server/db/seed.ts';
import { PASSWORD_STRENGTH, verifyPassword } from '#server/users/password-hash.ts';
import { accounts } from '#server/db/schema.ts';
import { IMAGE_WIDTHS, SPACE_TYPES } from '#shared/constants.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

describe('demo seed', () => {
  let t: TestDatabase;
  let dir: string;
  let storage: Storage;
  beforeAll(async () => {
    t = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'hourspace-seed-'));
    storage = createDiskStorage({ dir });
  }, 300_000);
  afterAll(async () => {
    await t.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps each demo sign-in as a hash of its public password, at the strength the app writes', async () => {
    const { log2N, r, p } = PASSWORD_STRENGTH;
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      expect(account.passwordHash.startsWith(`scrypt$${log2N}$${r}$${p}$`)).toBe(true);
      expect(await verifyPassword(account.passwordHash, account.password)).toBe(true);
      expect(await verifyPassword(account.passwordHash, `${account.password}x`)).toBe(false);
    }
  });

  it('fills an empty database with a living catalogue, once', { timeout: 300_000 }, async () => {
    const db = t.database.db;
    const first = await seedDemoData({ db, storage, logger: silentLogger });
    expect(first.seeded).toBe(true);

    const approved = await db.select().from(spaces).where(eq(spaces.status, 'approved'));
    expect(approved.length).toBeGreaterThanOrEqual(40);
    expect(new Set(approved.map((s) => s.type))).toEqual(new Set(SPACE_TYPES));
    expect(new Set(approved.map((s) => s.city)).size).toBeGreaterThanOrEqual(10);
    for (const space of approved) {
      expect(
        space.nameAr && space.nameEn && space.descriptionAr && space.descriptionEn,
      ).toBeTruthy();
      expect(space.availableDays.length).toBeGreaterThan(0);
    }
    const pending = await db
      .select({ n: count() })
      .from(spaces)
      .where(eq(spaces.status, 'pending'));
    expect(pending[0]!.n).toBeGreaterThan(0);

    // Every space has images, and every variant of each is a real WebP of its width in storage
    // (copied from assets/demo-images/, which demo-images.test.ts holds to its generator); the
    // row's size is its largest variant's.
    const images = await db.select().from(spaceImages);
    expect(new Set(images.map((i) => i.spaceId)).size).toBe(approved.length + pending[0]!.n);
    const checked = new Set<string>();
    for (const image of images) {
      expect(Object.keys(image.variants).map(Number)).toEqual([...IMAGE_WIDTHS]);
      for (const [width, key] of Object.entries(image.variants)) {
        expect(key).toMatch(/^seed\/[a-z-]+-[0-3]\/\d+\.webp$/);
        if (checked.has(key)) continue;
        checked.add(key);
        const object = await storage.get(key);
        const chunks: Buffer[] = [];
        for await (const chunk of object!.body) chunks.push(chunk as Buffer);
        const meta = await sharp(Buffer.concat(chunks)).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(Number(width));
        if (Number(width) === Math.max(...IMAGE_WIDTHS))
          expect([meta.width, meta.height]).toEqual([image.width, image.height]);
      }
    }

    // The demo people: the admin is an admin; passwords verify.
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    const adminRoles = await db
      .select({ code: roles.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, admin!.id));
    expect(adminRoles.map((r) => r.code)).toEqual(['admin']);
    const [account] = await db.select().from(accounts).where(eq(accounts.userId, admin!.id));
    expect(await verifyPassword(account!.password!, DEMO_ACCOUNTS.admin.password)).toBe(true);
    // Real logins: production strength, not the test factories' cheap one.
    expect(account!.password).toMatch(/^scrypt\$16\$8\$2\$/);

    // No pending request waits for a time a confirmed booking holds (issue 18): the demo's one
    // overlapping request was declined as taken.
    const waiting = await db.execute(sql`
      select p.id from bookings p
      join spaces s on s.id = p.space_id
      join bookings c
        on c.space_id = p.space_id and c.status = 'confirmed'
        and tstzrange(lower(p.period), upper(p.period) + make_interval(mins => s.buffer_minutes), '[)')
          && coalesce(c.busy_period, c.period)
      where p.status = 'pending'`);
    expect((waiting as unknown as { rows: unknown[] }).rows).toEqual([]);
    const taken = await db.select().from(bookings).where(eq(bookings.statusReason, 'SLOT_TAKEN'));
    expect(taken.map((b) => b.status)).toEqual(['rejected']);
    expect(
      (await db.select().from(bookings).where(eq(bookings.status, 'pending'))).length,
    ).toBeGreaterThan(0);

    // Completed bookings with reviews in Arabic and English, and one the demo renter has still to
    // review; each space's totals are its reviews' (issue 18).
    const written = await db.select().from(reviews);
    expect(written.length).toBeGreaterThanOrEqual(6);
    expect(written.some((r) => r.body && /[\u0600-\u06FF]/.test(r.body))).toBe(true);
    expect(written.some((r) => r.body && /^[A-Za-z]/.test(r.body))).toBe(true);
    expect(written.some((r) => r.hostReply !== null)).toBe(true);
    const completed = await db.select().from(bookings).where(eq(bookings.status, 'completed'));
    expect(completed.length).toBe(written.length + 1);
    const [demoRenter] = await db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.renter.email));
    const toReview = completed.filter(
      (b) => b.renterId === demoRenter!.id && !written.some((r) => r.bookingId === b.id),
    );
    expect(toReview).toHaveLength(1);
    for (const space of await db.select().from(spaces)) {
      const own = written.filter((r) => r.spaceId === space.id);
      expect(space.reviewCount).toBe(own.length);
      expect(space.reviewStarsSum).toBe(own.reduce((sum, r) => sum + r.stars, 0));
    }

    // A second start seeds nothing.
    const second = await seedDemoData({ db, storage, logger: silentLogger });
    expect(second.seeded).toBe(false);
    const [spaceCount] = await db.select({ n: count() }).from(spaces);
    expect(spaceCount!.n).toBe(approved.length + pending[0]!.n);
  });
});
