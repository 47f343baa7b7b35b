/**
 * Demo data for a fresh install: three people to sign in as and a catalogue of spaces across
 * every type and many cities, with original illustrated photos. Runs on first start with an empty
 * database (and by `npm run db:seed`); never twice. Reuses the test factories.
 *
 * The photos are files, rendered once by `npm run demo:images` into assets/demo-images/ (with its
 * manifest.json) and committed: the seed copies them into storage, it renders nothing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { HALALAS_PER_SAR } from '#shared/constants.ts';
import { vatBreakdown } from '#shared/domain/vat.ts';
import type { Logger } from '../adapters/logger.ts';
import type { Storage } from '../adapters/storage/storage.ts';
import type { Db } from './client.ts';
import {
  DEMO_IMAGES_DIR,
  DEMO_IMAGES_MANIFEST,
  VARIANTS_PER_TYPE,
  type DemoImagesManifest,
} from './demo/demo-images.ts';
import { DEMO_BOOKINGS, DEMO_GUEST, demoBookingSlot } from './demo/demo-bookings.ts';
import { DEMO_SPACES } from './demo/demo-spaces.ts';
import { DEMO_REVIEWERS, DEMO_REVIEWS, demoPastSlot } from './demo/demo-reviews.ts';
import {
  createBooking,
  createReview,
  createSpaces,
  createSpaceImages,
  createUser,
} from './demo/rows.ts';
import { users } from './schema.ts';

/** The demo logins; README.md and `npm start` show them. */
/**
 * The demo's sign-ins. Their passwords are public (README), so their hashes are computed once
 * and kept here, at the strength every hash the app writes has (PASSWORD_STRENGTH): a fresh
 * install does not spend a second of scrypt on passwords the whole world knows. seed.test.ts
 * checks each hash verifies its password at today's strength; to change a password, write its
 * hash with `hashPassword` (src/server/users/password-hash.ts).
 */
export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@hourspace.sa',
    password: 'Admin#2026hs',
    passwordHash:
      'scrypt$16$8$2$t1di4OdflYsLK9AnC012Mg==$Dfe58uVoVK2dkuJ6me9n/5HDPq0x3C+sCvPe9plxoFzyHyzPR66ipbKy8ikcdpLZGNDJvoNRP9H4HbkLN7w2Pg==',
    fullName: 'مدير المنصة',
  },
  host: {
    email: 'host@hourspace.sa',
    password: 'Host#2026hs',
    passwordHash:
      'scrypt$16$8$2$HCro2gGY5ufVQ1oYKOsCPg==$jBYa0pcs7Q/R3RMgZWtZ7EIIUB3hhGWv/UwOZJC/WIyMtyA01JDSNPn6suyFGuH+d8yryH2gwIW0OHRRULfSdQ==',
    fullName: 'نورة العتيبي',
  },
  renter: {
    email: 'renter@hourspace.sa',
    password: 'Renter#2026hs',
    passwordHash:
      'scrypt$16$8$2$ljwDv9akcCecE80TJ2hXBA==$iLwoIJlmngcW41hMcH0RpFtgiHNprTqZjTAhTmBo9RtvP0IXZaj5ZzaLjk4rAmGizOhomt9otQdVqyWsRKanhA==',
    fullName: 'Faisal Al-Harbi',
  },
} as const;

const IMAGES_PER_SPACE = 3;

export interface SeedResult {
  seeded: boolean;
  spaces: number;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Copies each (type, variant) illustration the catalogue uses into storage under fixed keys. */
async function storeIllustrations(storage: Storage, logger: Logger) {
  const manifest = JSON.parse(await readFile(DEMO_IMAGES_MANIFEST, 'utf8')) as DemoImagesManifest;
  const files = new Map(manifest.images.map((image) => [`${image.type}:${image.variant}`, image]));
  const stored = new Map<
    string,
    { variants: Record<string, string>; width: number; height: number }
  >();
  const wanted = new Set<string>();
  DEMO_SPACES.forEach((space, index) => {
    for (let i = 0; i < IMAGES_PER_SPACE; i += 1)
      wanted.add(`${space.type}:${(index + i) % VARIANTS_PER_TYPE}`);
  });
  const started = Date.now();
  // Every file at once: each put waits on the disk, not on the processor.
  await Promise.all(
    [...wanted].map(async (item) => {
      const image = files.get(item);
      if (!image) throw new Error(`demo image ${item} is missing: run \`npm run demo:images\``);
      const variants: Record<string, string> = {};
      await Promise.all(
        Object.entries(image.variants).map(async ([width, file]) => {
          const key = `seed/${file}`;
          await storage.put(key, await readFile(path.join(DEMO_IMAGES_DIR, file)), 'image/webp');
          variants[width] = key;
        }),
      );
      stored.set(item, { variants, width: image.width, height: image.height });
    }),
  );
  logger.info({ images: stored.size, ms: Date.now() - started }, 'demo images stored');
  return stored;
}

export async function seedDemoData(deps: {
  db: Db;
  storage: Storage;
  logger: Logger;
}): Promise<SeedResult> {
  const { db, storage, logger } = deps;
  if (!(await isDatabaseEmpty(db))) return { seeded: false, spaces: 0 };

  // Files first (idempotent keys), then every row in one transaction: a crash leaves no half seed.
  const images = await storeIllustrations(storage, logger);

  let spacesMade = 0;
  await db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL: the second waits here, then finds the seed.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    if (!(await isDatabaseEmpty(tx as unknown as Db))) return;
    await createUser(tx, {
      ...DEMO_ACCOUNTS.admin,
      phone: '+966500000001',
      roles: ['admin'],
      locale: 'ar',
    });
    const host = await createUser(tx, {
      ...DEMO_ACCOUNTS.host,
      phone: '+966500000002',
      locale: 'ar',
    });
    const renter = await createUser(tx, {
      ...DEMO_ACCOUNTS.renter,
      phone: '+966500000003',
      locale: 'en',
    });
    const guest = await createUser(tx, { ...DEMO_GUEST, locale: 'ar' });
    const now = Date.now();
    const made = await createSpaces(
      tx,
      DEMO_SPACES.map((demo, index) => ({
        hostId: host.id,
        type: demo.type,
        city: demo.city,
        address: demo.address,
        listingLanguage: demo.listingLanguage,
        nameAr: demo.nameAr,
        nameEn: demo.nameEn,
        descriptionAr: demo.descriptionAr,
        descriptionEn: demo.descriptionEn,
        priceHalalas: demo.priceSar * HALALAS_PER_SAR,
        vatNumber: demo.vatNumber ?? null,
        capacity: demo.capacity,
        amenities: demo.amenities,
        contactPhone: `05${String(50_000_000 + index * 7_919).padStart(8, '0')}`,
        contactEmail: DEMO_ACCOUNTS.host.email,
        googleMapsUrl: demo.googleMapsUrl ?? null,
        opensAt: demo.opensAt,
        closesAt: demo.closesAt,
        availableDays: demo.availableDays,
        status: demo.status,
        ...demo.settings,
        // Spread over the last weeks, so "newest" has a meaningful order.
        createdAt: new Date(now - (DEMO_SPACES.length - index) * 7 * 3_600_000),
      })),
    );
    spacesMade = made.length;
    const approvedSpaces = made.filter((space) => space.status === 'approved');
    await createSpaceImages(
      tx,
      made.flatMap((space, index) =>
        Array.from({ length: IMAGES_PER_SPACE }, (_, i) => ({
          spaceId: space.id,
          uploaderId: host.id,
          position: i,
          ...images.get(`${space.type}:${(index + i) % VARIANTS_PER_TYPE}`)!,
        })),
      ),
    );

    // Requests for the admin's review desk (issue 8).
    for (const plan of DEMO_BOOKINGS) {
      const space = approvedSpaces[plan.spaceIndex];
      const slot = space && demoBookingSlot(plan, space, new Date(now));
      if (!space || !slot) continue;
      const who = plan.renter === 'renter' ? renter : guest;
      await createBooking(tx, {
        spaceId: space.id,
        renterId: who.id,
        renterEmail: who.email,
        date: slot.date,
        startTime: slot.startTime,
        endTime: slot.endTime,
        guests: Math.min(plan.guests, space.capacity),
        contactPhone: `0${who.phone!.slice(4)}`,
        totalHalalas: space.priceHalalas * slot.hours,
        vatHalalas: vatBreakdown(space.priceHalalas * slot.hours, space.vatNumber !== null)
          .vatHalalas,
        status: plan.status,
        statusReason: plan.statusReason,
      });
    }

    // Completed bookings with reviews in both languages (issue 18), and one still to review.
    const reviewers = {
      renter,
      guest,
      noura: await createUser(tx, { ...DEMO_REVIEWERS.noura, locale: 'ar' }),
      abdullah: await createUser(tx, { ...DEMO_REVIEWERS.abdullah, locale: 'en' }),
    };
    for (const plan of DEMO_REVIEWS) {
      const space = approvedSpaces[plan.spaceIndex];
      const slot = space && demoPastSlot(plan, space, new Date(now));
      if (!space || !slot) continue;
      const who = reviewers[plan.reviewer];
      const booking = await createBooking(tx, {
        spaceId: space.id,
        renterId: who.id,
        renterEmail: who.email,
        date: slot.date,
        startTime: slot.startTime,
        endTime: slot.endTime,
        guests: Math.min(plan.guests, space.capacity),
        contactPhone: `0${who.phone!.slice(4)}`,
        totalHalalas: space.priceHalalas * slot.hours,
        status: 'completed',
        createdAt: new Date(slot.endsAt.getTime() - 5 * 86_400_000),
      });
      if (plan.review) {
        await createReview(tx, {
          bookingId: booking.id,
          ...plan.review,
          // Written the evening after the booking.
          createdAt: new Date(slot.endsAt.getTime() + 6 * 3_600_000),
        });
      }
    }
  });
  logger.info({ spaces: spacesMade }, 'demo data seeded');
  return { seeded: spacesMade > 0, spaces: spacesMade };
}
