/**
 * The one way rows of each kind are written outside the app's own flows: the demo seed uses these,
 * and the tests' factories (tests/fixtures/factories.ts) are these with a test password strength.
 * Rows are written as they are given — a booking already `confirmed`, a space already
 * `approved` — because seeds and tests set the scene; the app's own status changes go through
 * `transitionBooking` and `transitionSpace`.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { bookingPeriod } from '#shared/domain/booking-slots.ts';
import type { DecisionMode } from '#shared/domain/booking-lifecycle.ts';
import type { PriceRules } from '#shared/domain/price-rules.ts';
import type { Queryable } from '../client.ts';
import {
  accounts,
  bookings,
  reviews,
  roles,
  spaceImages,
  spaces,
  userRoles,
  users,
} from '../schema.ts';
import {
  DAYS,
  type Amenity,
  type BookingStatus,
  type CancellationPolicy,
  type City,
  type Day,
  type Locale,
  type RoleCode,
  type SpaceType,
} from '#shared/constants.ts';

export interface NewUser {
  email?: string;
  fullName?: string;
  phone?: string | null;
  /** the credential's hash (password-hash.ts); none: an account without a password */
  passwordHash?: string;
  locale?: Locale;
  emailVerified?: boolean;
  roles?: RoleCode[];
  /** the decision modes the admin opened to this host (issue 35); default ['admin'] */
  decisionModes?: DecisionMode[];
}

let counter = 0;
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${randomUUID().slice(0, 4)}`;

export async function createUser(q: Queryable, input: NewUser = {}) {
  const id = randomUUID();
  const email = (input.email ?? `user-${unique()}@example.test`).toLowerCase();
  const fullName = input.fullName ?? 'Test User';
  const [user] = await q
    .insert(users)
    .values({
      id,
      name: fullName,
      fullName,
      email,
      emailVerified: input.emailVerified ?? true,
      phone: input.phone === undefined ? null : input.phone,
      phoneVerified: Boolean(input.phone),
      locale: input.locale ?? 'ar',
      ...(input.decisionModes ? { decisionModes: input.decisionModes } : {}),
    })
    .returning();
  const { passwordHash } = input;
  if (passwordHash) {
    await q.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
    });
  }
  if (input.roles?.length) {
    const found = await q.select().from(roles).where(inArray(roles.code, input.roles));
    await q.insert(userRoles).values(found.map((role) => ({ userId: id, roleId: role.id })));
  }
  return user!;
}

export interface NewSpace {
  hostId: string;
  type?: SpaceType;
  city?: City;
  address?: string;
  listingLanguage?: Locale;
  nameAr?: string | null;
  nameEn?: string | null;
  descriptionAr?: string | null;
  descriptionEn?: string | null;
  priceHalalas?: number;
  /** the host's VAT number; none: not VAT-registered */
  vatNumber?: string | null;
  capacity?: number;
  amenities?: Amenity[];
  contactPhone?: string;
  contactEmail?: string;
  googleMapsUrl?: string | null;
  opensAt?: string;
  closesAt?: string;
  availableDays?: Day[];
  status?: 'pending' | 'approved' | 'rejected';
  createdAt?: Date;
  bufferMinutes?: number;
  minNoticeHours?: number;
  horizonDays?: number;
  minBookingMinutes?: number;
  cancellationPolicy?: CancellationPolicy;
  /** who decides its requests (issue 35); default 'admin' */
  decisionMode?: DecisionMode;
  priceRules?: PriceRules;
}

/** A space bookable at any hour of any day: time rules never get in a test's way. */
export const openAllDay = (hostId: string) => ({
  hostId,
  opensAt: '00:00',
  closesAt: '23:59',
  availableDays: [...DAYS],
});

export async function createSpace(q: Queryable, input: NewSpace) {
  const [space] = await q.insert(spaces).values(spaceValues(input)).returning();
  return space!;
}

/**
 * Several spaces in one statement, returned in the order given (the seed's 48: the search-terms
 * trigger and the round trip through PGlite run once, not 48 times).
 */
export async function createSpaces(q: Queryable, inputs: NewSpace[]) {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => ({ id: randomUUID(), ...spaceValues(input) }));
  const inserted = new Map(
    (await q.insert(spaces).values(rows).returning()).map((space) => [space.id, space]),
  );
  return rows.map((row) => inserted.get(row.id)!);
}

function spaceValues(input: NewSpace) {
  return {
    hostId: input.hostId,
    type: input.type ?? 'meeting_room',
    city: input.city ?? 'riyadh',
    address: input.address ?? 'طريق الملك فهد، حي العليا',
    listingLanguage: input.listingLanguage ?? 'ar',
    nameAr: input.nameAr === undefined ? 'قاعة اجتماعات' : input.nameAr,
    nameEn: input.nameEn === undefined ? 'Meeting room' : input.nameEn,
    descriptionAr:
      input.descriptionAr === undefined ? 'قاعة هادئة مجهزة للاجتماعات.' : input.descriptionAr,
    descriptionEn:
      input.descriptionEn === undefined
        ? 'A quiet room equipped for meetings.'
        : input.descriptionEn,
    priceHalalas: input.priceHalalas ?? 15_000,
    vatNumber: input.vatNumber ?? null,
    capacity: input.capacity ?? 10,
    amenities: input.amenities ?? ['wifi'],
    contactPhone: input.contactPhone ?? '0512345678',
    contactEmail: input.contactEmail ?? 'host@example.test',
    googleMapsUrl: input.googleMapsUrl ?? null,
    opensAt: input.opensAt ?? '08:00',
    closesAt: input.closesAt ?? '22:00',
    availableDays: input.availableDays ?? ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
    status: input.status ?? 'approved',
    ...(input.bufferMinutes !== undefined ? { bufferMinutes: input.bufferMinutes } : {}),
    ...(input.minNoticeHours !== undefined ? { minNoticeHours: input.minNoticeHours } : {}),
    ...(input.horizonDays !== undefined ? { horizonDays: input.horizonDays } : {}),
    ...(input.minBookingMinutes !== undefined
      ? { minBookingMinutes: input.minBookingMinutes }
      : {}),
    ...(input.cancellationPolicy ? { cancellationPolicy: input.cancellationPolicy } : {}),
    ...(input.decisionMode ? { decisionMode: input.decisionMode } : {}),
    ...(input.priceRules ? { priceRules: input.priceRules } : {}),
    ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
  } satisfies typeof spaces.$inferInsert;
}

export interface NewSpaceImage {
  spaceId: string | null;
  uploaderId: string;
  position?: number;
  variants: Record<string, string>;
  width: number;
  height: number;
}

export async function createSpaceImage(q: Queryable, input: NewSpaceImage) {
  const [image] = await createSpaceImages(q, [input]);
  return image!;
}

/** Several images in one statement (the seed's 144: one round trip through PGlite, not 144). */
export async function createSpaceImages(q: Queryable, inputs: NewSpaceImage[]) {
  if (inputs.length === 0) return [];
  return q
    .insert(spaceImages)
    .values(inputs.map((input) => ({ ...input, position: input.position ?? 0 })))
    .returning();
}

export async function findUserByEmail(q: Queryable, email: string) {
  const [user] = await q.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user ?? null;
}

export interface NewBooking {
  spaceId: string;
  renterId: string;
  renterEmail: string;
  /** YYYY-MM-DD and HH:mm, Asia/Riyadh wall clock */
  date: string;
  startTime: string;
  endTime: string;
  guests?: number;
  contactPhone?: string;
  totalHalalas?: number;
  vatHalalas?: number | null;
  status?: BookingStatus;
  /** SLOT_TAKEN or an admin's reason (a declined or cancelled row) */
  statusReason?: string;
  createdAt?: Date;
}

/**
 * A booking row: `period` is the wall-clock interval in Riyadh (UTC+3, no daylight saving) as a
 * half-open tstzrange — what the exclusion constraint compares; an end at or before the start is
 * the next day's (`bookingPeriod`).
 */
export async function createBooking(q: Queryable, input: NewBooking) {
  const { startsAt, endsAt } = bookingPeriod(input);
  const from = startsAt.toISOString();
  const to = endsAt.toISOString();
  const [booking] = await q
    .insert(bookings)
    .values({
      spaceId: input.spaceId,
      renterId: input.renterId,
      renterEmail: input.renterEmail,
      date: input.date,
      startTime: input.startTime,
      endTime: input.endTime,
      period: sql`tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')` as unknown as string,
      // A confirmed row holds its time as transitionBooking would (no buffer here).
      ...(input.status === 'confirmed' || input.status === 'completed'
        ? {
            busyPeriod:
              sql`tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')` as unknown as string,
          }
        : {}),
      guests: input.guests ?? 4,
      contactPhone: input.contactPhone ?? '0512345678',
      totalHalalas: input.totalHalalas ?? 30_000,
      vatHalalas: input.vatHalalas ?? null,
      status: input.status ?? 'pending',
      ...(input.statusReason ? { statusReason: input.statusReason } : {}),
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return booking!;
}

export interface NewReview {
  bookingId: string;
  stars: number;
  body?: string | null;
  createdAt?: Date;
  hostReply?: string | null;
}

/**
 * A review of a completed booking, as writeReview (src/server/features/reviews) writes it: the
 * row and its stars added to the space's visible totals, in the caller's transaction.
 */
export async function createReview(q: Queryable, input: NewReview) {
  const [booking] = await q
    .select({ spaceId: bookings.spaceId, renterId: bookings.renterId })
    .from(bookings)
    .where(eq(bookings.id, input.bookingId));
  if (!booking) throw new Error(`createReview: no booking ${input.bookingId}`);
  const [review] = await q
    .insert(reviews)
    .values({
      bookingId: input.bookingId,
      spaceId: booking.spaceId,
      renterId: booking.renterId,
      stars: input.stars,
      body: input.body ?? null,
      ...(input.hostReply
        ? { hostReply: input.hostReply, hostRepliedAt: input.createdAt ?? sql`now()` }
        : {}),
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  await q
    .update(spaces)
    .set({
      reviewCount: sql`${spaces.reviewCount} + 1`,
      reviewStarsSum: sql`${spaces.reviewStarsSum} + ${input.stars}`,
    })
    .where(eq(spaces.id, booking.spaceId));
  return review!;
}
