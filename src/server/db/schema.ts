/**
 * The data model (docs/architecture.md). `drizzle-kit generate` turns this file into SQL under
 * ./migrations; what drizzle-kit cannot express (extensions, the bookings exclusion
 * constraint) lives in the custom SQL migrations beside the generated ones.
 *
 * Only relative imports here: drizzle-kit loads this file with its own resolver.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AMENITIES,
  BOOKING_STATUSES,
  CANCELLATION_POLICIES,
  CITIES,
  DAYS,
  DEFAULT_CANCELLATION_POLICY,
  SPACE_STATUSES,
  SPACE_TYPES,
  type BookingStatus,
  type CancellationPolicy,
  type SpaceStatus,
} from '#shared/constants.ts';
import { REVIEW_TEXT_MAX } from '#shared/domain/reviews.ts';
import type { DecisionMode } from '#shared/domain/booking-lifecycle.ts';
import type { BookingQuote } from '#shared/domain/booking-price.ts';
import type { ChosenAddOn, PriceRules } from '#shared/domain/price-rules.ts';
import {
  BOOKING_REFERENCE_PATTERN,
  newBookingReference,
} from '#shared/domain/booking-reference.ts';

/** `'a', 'b', 'c'` — for check constraints that pin a column to one of the product's lists. */
const sqlList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** PostgreSQL `tstzrange`, carried in JS as its text form `[from,to)`. */
const tstzrange = customType<{ data: string }>({
  dataType: () => 'tstzrange',
});

// ── Accounts (better-auth's tables; property names are the ones better-auth expects) ──

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    fullName: text('full_name'),
    /** E.164, +9665XXXXXXXX */
    phone: text('phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    locale: text('locale', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    /**
     * When the person agreed to booking notices on WhatsApp (PDPL: consent with its time); null
     * means no consent, and nothing is sent there. Opting out sets it back to null.
     */
    whatsappOptInAt: timestamp('whatsapp_opt_in_at', { withTimezone: true }),
    /** The decision modes the admin lets this host choose for a space ('admin' always; 0021). */
    decisionModes: text('decision_modes')
      .array()
      .$type<DecisionMode[]>()
      .notNull()
      .default(sql`'{admin}'::text[]`),
    /** "Delete my account" asked for (decision 071): signing in before the grace ends clears it. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** When the sweep erased the person's data: the row stays, without identity, for bookings. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('users_deletion_due_idx')
      .on(t.deletionRequestedAt)
      .where(sql`${t.deletionRequestedAt} is not null and ${t.deletedAt} is null`),
    check(
      'users_decision_modes_check',
      sql`${t.decisionModes} <@ array['admin', 'host', 'instant']::text[] and 'admin' = any(${t.decisionModes})`,
    ),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_key').on(t.phone),
    check('users_locale_check', sql`${t.locale} in ('ar', 'en')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [
    index('accounts_user_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_key').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * One-time phone codes (6 digits, hashed with the server secret, 5 minutes, 3 attempts, single
 * use, bound to the number). A code verified for sign-up leaves a proof (hashed) that the sign-up
 * request must present, so the phone is verified before the account exists (docs/product-spec.md
 * §4).
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['signup', 'signin', 'reset', 'change'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    proofHash: text('proof_hash'),
    proofExpiresAt: timestamp('proof_expires_at', { withTimezone: true }),
    proofUsedAt: timestamp('proof_used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check(
      'phone_codes_purpose_check',
      sql`${t.purpose} in ('signup', 'signin', 'reset', 'change')`,
    ),
    index('phone_codes_phone_created_idx').on(t.phone, t.createdAt),
    uniqueIndex('phone_codes_proof_key').on(t.proofHash),
  ],
);

// ── Authorisation ──

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

// ── Spaces ──

export const spaces = pgTable(
  'spaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull().default('SA'),
    address: text('address').notNull(),
    listingLanguage: text('listing_language', { enum: ['ar', 'en'] }).notNull(),
    nameAr: text('name_ar'),
    nameEn: text('name_en'),
    descriptionAr: text('description_ar'),
    descriptionEn: text('description_en'),
    /** VAT included (decision 035) */
    priceHalalas: integer('price_halalas').notNull(),
    /** The host's Saudi VAT registration number (15 digits, 3…3); null: not VAT-registered. */
    vatNumber: text('vat_number'),
    capacity: integer('capacity').notNull(),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    googleMapsUrl: text('google_maps_url'),
    opensAt: time('opens_at').notNull(),
    closesAt: time('closes_at').notNull(),
    availableDays: text('available_days').array().notNull(),
    status: text('status').$type<SpaceStatus>().notNull().default('pending'),
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** when a host last changed the content while it waited for review; null: never (issue 37, 0025) */
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true }),
    /** Booking settings (src/shared/constants.ts BOOKING_SETTINGS_DEFAULTS): they apply to new
     *  requests and confirms, never to bookings already made. */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    minNoticeHours: integer('min_notice_hours').notNull().default(0),
    horizonDays: integer('horizon_days').notNull().default(365),
    minBookingMinutes: integer('min_booking_minutes').notNull().default(60),
    /** The secret of the space's iCalendar feed (/api/calendar/<token>.ics); null until asked for. */
    calendarToken: text('calendar_token').unique(),
    /** src/shared/constants.ts CANCELLATION_POLICIES, chosen in the wizard (migration 0009). */
    cancellationPolicy: text('cancellation_policy')
      .$type<CancellationPolicy>()
      .notNull()
      .default(DEFAULT_CANCELLATION_POLICY),
    /**
     * The visible reviews of the space: how many and the sum of their stars, kept in the
     * transaction that writes, edits or hides a review (src/server/features/reviews), so search
     * can sort by rating without reading every review.
     */
    reviewCount: integer('review_count').notNull().default(0),
    reviewStarsSum: integer('review_stars_sum').notNull().default(0),
    /** Who decides this space's requests (issue 35, decision 058; migration 0021). */
    decisionMode: text('decision_mode').$type<DecisionMode>().notNull().default('admin'),
    /** Rates by day and time, day rate, minimum hours, add-ons (src/shared/domain/price-rules.ts). */
    priceRules: jsonb('price_rules')
      .$type<PriceRules>()
      .notNull()
      .default(sql`'{"bands":[],"dayRate":null,"minHours":{},"addOns":[]}'::jsonb`),
    /**
     * The host keeps their contact private until a booking is confirmed (issue 34): the page
     * shows "ask the host" instead, and messages before a confirmed booking are masked.
     */
    contactPrivate: boolean('contact_private').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('spaces_decision_mode_check', sql`${t.decisionMode} in ('admin', 'host', 'instant')`),
    check(
      'spaces_price_rules_check',
      sql`jsonb_typeof(${t.priceRules}) = 'object' and jsonb_typeof(${t.priceRules}->'bands') = 'array' and jsonb_typeof(${t.priceRules}->'addOns') = 'array'`,
    ),
    check(
      'spaces_cancellation_policy_check',
      sql`${t.cancellationPolicy} in (${sqlList(CANCELLATION_POLICIES)})`,
    ),
    check('spaces_status_check', sql`${t.status} in (${sqlList(SPACE_STATUSES)})`),
    check('spaces_type_check', sql`${t.type} in (${sqlList(SPACE_TYPES)})`),
    check('spaces_city_check', sql`${t.city} in (${sqlList(CITIES)})`),
    check('spaces_amenities_check', sql`${t.amenities} <@ array[${sqlList(AMENITIES)}]::text[]`),
    check(
      'spaces_days_check',
      sql`${t.availableDays} <@ array[${sqlList(DAYS)}]::text[] and cardinality(${t.availableDays}) > 0`,
    ),
    check('spaces_price_check', sql`${t.priceHalalas} > 0 and ${t.priceHalalas} <= 100000`),
    check('spaces_vat_number_check', sql`${t.vatNumber} ~ '^3[0-9]{13}3$'`),
    check('spaces_capacity_check', sql`${t.capacity} > 0`),
    // A closing time before the opening time is the next day's (decision 030).
    check('spaces_hours_check', sql`${t.closesAt} <> ${t.opensAt}`),
    check(
      'spaces_name_check',
      sql`(${t.listingLanguage} = 'ar' and ${t.nameAr} is not null and ${t.descriptionAr} is not null)
        or (${t.listingLanguage} = 'en' and ${t.nameEn} is not null and ${t.descriptionEn} is not null)`,
    ),
    check('spaces_buffer_check', sql`${t.bufferMinutes} in (0, 15, 30, 60)`),
    check(
      'spaces_reviews_check',
      sql`${t.reviewCount} >= 0 and ${t.reviewStarsSum} between ${t.reviewCount} and 5 * ${t.reviewCount}`,
    ),
    check('spaces_notice_check', sql`${t.minNoticeHours} between 0 and 72`),
    check('spaces_horizon_check', sql`${t.horizonDays} between 1 and 365`),
    check(
      'spaces_min_booking_check',
      sql`${t.minBookingMinutes} between 30 and 480 and ${t.minBookingMinutes} % 30 = 0`,
    ),
    index('spaces_host_idx').on(t.hostId),
    index('spaces_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * One uploaded image and its re-encoded variants. `spaceId` is null until a listing claims
 * it; unclaimed uploads are swept after 24 hours.
 */
export const spaceImages = pgTable(
  'space_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** `{ "480": "key", "960": "key", "1600": "key" }` — storage keys by width */
    variants: jsonb('variants').$type<Record<string, string>>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('space_images_space_idx').on(t.spaceId, t.position),
    index('space_images_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.spaceId} is null`),
  ],
);

/**
 * A time the host keeps off the calendar (a private event, maintenance): renters see it busy, no
 * booking may be confirmed over it, and no block may be added over a confirmed booking. `period`
 * is the same interval as an absolute half-open range, as for bookings.
 */
export const spaceBlocks = pgTable(
  'space_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** Asia/Riyadh wall clock */
    date: date('date').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    period: tstzrange('period').notNull(),
    note: text('note'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('space_blocks_times_check', sql`${t.endTime} > ${t.startTime}`),
    index('space_blocks_space_date_idx').on(t.spaceId, t.date),
  ],
);

/**
 * A host's edit of an approved listing's content (names, descriptions, type, address, city, map
 * link, images), waiting for an admin while the live listing stays as it was. Approving copies it
 * onto the space; rejecting keeps the live version and tells the host why. One pending revision
 * per space at a time.
 */
export const spaceRevisions = pgTable(
  'space_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** the proposed content fields, in the shape of the listing form */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** the proposed pictures in order (space_images ids), or null when unchanged */
    imageIds: jsonb('image_ids').$type<string[] | null>(),
    reviewNote: text('review_note'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** when a host last rewrote this pending revision; null: as submitted (issue 37, 0025) */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('space_revisions_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    uniqueIndex('space_revisions_one_pending_key')
      .on(t.spaceId)
      .where(sql`${t.status} = 'pending'`),
    index('space_revisions_status_created_idx').on(t.status, t.createdAt),
  ],
);

// ── Bookings ──

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The short name people read (`HS-7K3Q9M`, src/shared/domain/booking-reference.ts): random,
     * unique. `requestBooking` draws it and draws again on a clash; other writers (the demo and
     * test rows) get one drawn by Drizzle at insert. Existing rows got theirs in migration 0017.
     */
    reference: text('reference')
      .notNull()
      .unique()
      .$defaultFn(() => newBookingReference()),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'restrict' }),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    renterEmail: text('renter_email').notNull(),
    /** Asia/Riyadh wall clock */
    date: date('date').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** The same interval as an absolute, half-open range: what the exclusion constraint compares. */
    period: tstzrange('period').notNull(),
    /**
     * `period` and the space's buffer after it, set when the booking is confirmed: a second
     * exclusion constraint keeps confirmed bookings of a space that far apart (migration 0007).
     */
    busyPeriod: tstzrange('busy_period'),
    guests: integer('guests').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** what the renter pays, VAT included */
    totalHalalas: integer('total_halalas').notNull(),
    /**
     * The VAT part of the total when the request was made (the host was VAT-registered then);
     * null when no VAT was charged. Never recomputed: a booking keeps the VAT it was made with.
     */
    vatHalalas: integer('vat_halalas'),
    /**
     * The itemised quote the booking was made with (src/shared/domain/booking-price.ts; issue 35):
     * its lines sum to `totalHalalas`. Never recomputed. Null for bookings made before 0021.
     */
    quote: jsonb('quote').$type<BookingQuote>(),
    /** The add-ons the renter chose ({ id, quantity }[]). */
    addOns: jsonb('add_ons')
      .$type<ChosenAddOn[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').$type<BookingStatus>().notNull().default('pending'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * Why it left `pending`/`confirmed` when the renter should read why: `SLOT_TAKEN` (declined
     * because another booking took the time) or the admin's reason for cancelling it.
     */
    statusReason: text('status_reason'),
    /** When the admins' reminder digest listed this request (each request once; migration 0009). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /**
     * Payment (issue 32, migration 0019): when a confirmed booking must be paid by (set by the
     * confirm, src/shared/domain/payment-deadline.ts; null for bookings confirmed before payments
     * existed), when it was paid (set only by transitionBooking's `pay` edge), and when the renter
     * was reminded (once).
     */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentRemindedAt: timestamp('payment_reminded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('bookings_status_check', sql`${t.status} in (${sqlList(BOOKING_STATUSES)})`),
    check('bookings_guests_check', sql`${t.guests} > 0`),
    check(
      'bookings_reference_check',
      sql`${t.reference} ~ '${sql.raw(BOOKING_REFERENCE_PATTERN.source)}'`,
    ),
    check('bookings_total_check', sql`${t.totalHalalas} > 0`),
    check(
      'bookings_vat_check',
      sql`${t.vatHalalas} is null or (${t.vatHalalas} >= 0 and ${t.vatHalalas} < ${t.totalHalalas})`,
    ),
    // An end at or before the start is the next day's (decision 030); `period` is the truth
    // (bookings_period_check in migration 0002: half-open, not empty), shorter than a day.
    check('bookings_times_check', sql`${t.endTime} <> ${t.startTime}`),
    check('bookings_length_check', sql`upper(${t.period}) - lower(${t.period}) < interval '1 day'`),
    index('bookings_renter_idx').on(t.renterId, t.createdAt),
    index('bookings_space_date_idx').on(t.spaceId, t.date),
    index('bookings_status_created_idx').on(t.status, t.createdAt),
    index('bookings_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A renter's review of a completed booking (issue 18): 1–5 stars and an optional text, one per
 * booking, editable for 14 days. The host may reply once; an admin may hide it with a reason
 * (hidden reviews leave the space's average). `space_id` is the booking's, kept here so a
 * space's reviews are read without the bookings table.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    body: text('body'),
    /** when the renter last changed it (null: as first written) */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    hostReply: text('host_reply'),
    hostRepliedAt: timestamp('host_replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_booking_key').on(t.bookingId),
    check('reviews_stars_check', sql`${t.stars} between 1 and 5`),
    check(
      'reviews_body_check',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(REVIEW_TEXT_MAX))}`,
    ),
    check(
      'reviews_reply_check',
      sql`(${t.hostReply} is null) = (${t.hostRepliedAt} is null) and char_length(${t.hostReply}) between 1 and ${sql.raw(String(REVIEW_TEXT_MAX))}`,
    ),
    check('reviews_hidden_check', sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
    index('reviews_space_visible_idx')
      .on(t.spaceId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} is null`),
  ],
);

// ── Money: the ledger, hosts' payout accounts, payouts (issue 32, migration 0018) ──

export const LEDGER_POSTING_KINDS = ['payment', 'refund', 'payout'] as const;
export type LedgerPostingKind = (typeof LEDGER_POSTING_KINDS)[number];
/**
 * The ledger's accounts (decision 054). `gateway`: money HourSpace holds (paid in through the
 * gateway, out by refunds and payouts); `host_payable`: what HourSpace owes hosts;
 * `platform_fee`: HourSpace's fee; `fee_vat`: the VAT on that fee, owed to ZATCA.
 */
export const LEDGER_ACCOUNTS = ['gateway', 'host_payable', 'platform_fee', 'fee_vat'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * One movement of money: a payment, a refund, or one booking's share of a payout. Never updated
 * or deleted (triggers in migration 0018); each source posts once.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<LedgerPostingKind>().notNull(),
    /** the payment's, refund's or payout's id */
    sourceId: text('source_id').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** the space's host when the money moved */
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('ledger_postings_kind_check', sql`${t.kind} in (${sqlList(LEDGER_POSTING_KINDS)})`),
    check('ledger_postings_source_check', sql`char_length(${t.sourceId}) between 1 and 200`),
    uniqueIndex('ledger_postings_source_key').on(t.kind, t.sourceId, t.bookingId),
    uniqueIndex('ledger_postings_money_source_key')
      .on(t.kind, t.sourceId)
      .where(sql`${t.kind} <> 'payout'`),
    index('ledger_postings_booking_idx').on(t.bookingId),
    index('ledger_postings_host_idx').on(t.hostId, t.at),
  ],
);

/**
 * A posting's entries: signed halalas, debit > 0, credit < 0. Each posting's entries sum to zero
 * (a deferred constraint trigger checks it at commit); never updated or deleted.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => ledgerPostings.id, { onDelete: 'restrict' }),
    account: text('account').$type<LedgerAccount>().notNull(),
    amountHalalas: integer('amount_halalas').notNull(),
  },
  (t) => [
    check('ledger_entries_account_check', sql`${t.account} in (${sqlList(LEDGER_ACCOUNTS)})`),
    check('ledger_entries_amount_check', sql`${t.amountHalalas} <> 0`),
    uniqueIndex('ledger_entries_account_key').on(t.postingId, t.account),
  ],
);

/** Where a host's payouts go: a Saudi IBAN (src/shared/domain/iban.ts) and the account's name. */
export const hostPayoutAccounts = pgTable(
  'host_payout_accounts',
  {
    hostId: text('host_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    iban: text('iban').notNull(),
    holderName: text('holder_name').notNull(),
    ...timestamps,
  },
  (t) => [
    check('host_payout_accounts_iban_check', sql`${t.iban} ~ '^SA[0-9]{22}$'`),
    check('host_payout_accounts_holder_check', sql`char_length(${t.holderName}) between 2 and 70`),
  ],
);

/**
 * A host's invoicing details (issue 33, decision 074): the seller on the tax invoices HourSpace
 * issues on the host's behalf for listings registered with this VAT number — registered name,
 * CR, the structured national address (ZATCA BR-KSA-09). Issued invoices keep their own copy.
 */
export const hostInvoicingDetails = pgTable(
  'host_invoicing_details',
  {
    hostId: text('host_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    legalNameAr: text('legal_name_ar').notNull(),
    legalNameEn: text('legal_name_en'),
    vatNumber: text('vat_number').notNull(),
    crNumber: text('cr_number'),
    street: text('street').notNull(),
    buildingNumber: text('building_number').notNull(),
    additionalNumber: text('additional_number').notNull(),
    district: text('district').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    ...timestamps,
  },
  (t) => [
    check('host_invoicing_details_vat_check', sql`${t.vatNumber} ~ '^3[0-9]{13}3$'`),
    check('host_invoicing_details_cr_check', sql`${t.crNumber} ~ '^[0-9]{10}$'`),
    check(
      'host_invoicing_details_address_check',
      sql`${t.buildingNumber} ~ '^[0-9]{4}$' and ${t.additionalNumber} ~ '^[0-9]{4}$' and ${t.postalCode} ~ '^[0-9]{5}$'`,
    ),
    check(
      'host_invoicing_details_text_check',
      sql`char_length(${t.legalNameAr}) between 2 and 200 and (${t.legalNameEn} is null or char_length(${t.legalNameEn}) between 2 and 200) and char_length(${t.street}) between 2 and 100 and char_length(${t.district}) between 2 and 100 and char_length(${t.city}) between 2 and 100`,
    ),
  ],
);

/** An admin's payout run (decision 055); never changed after it is made. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** bookings that had ended by this moment were paid */
    cutoff: timestamp('cutoff', { withTimezone: true }).notNull(),
    totalHalalas: integer('total_halalas').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('payouts_total_check', sql`${t.totalHalalas} > 0`),
    index('payouts_created_idx').on(t.createdAt),
  ],
);

/** One bank transfer of a payout: a host, their IBAN and name as they were then, the amount. */
export const payoutTransfers = pgTable(
  'payout_transfers',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    iban: text('iban').notNull(),
    holderName: text('holder_name').notNull(),
    amountHalalas: integer('amount_halalas').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.payoutId, t.hostId] }),
    check('payout_transfers_iban_check', sql`${t.iban} ~ '^SA[0-9]{22}$'`),
    check('payout_transfers_amount_check', sql`${t.amountHalalas} > 0`),
  ],
);

// ── Conversations (issue 34, decisions 056 and 057) ──

/** One conversation per renter and space: its questions before booking and its bookings' talk. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the space's host when the conversation began (a space never changes hands) */
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('conversations_people_check', sql`${t.renterId} <> ${t.hostId}`),
    uniqueIndex('conversations_space_renter_key').on(t.spaceId, t.renterId),
    index('conversations_renter_recent_idx').on(t.renterId, t.lastMessageAt.desc(), t.id.desc()),
    index('conversations_host_recent_idx').on(t.hostId, t.lastMessageAt.desc(), t.id.desc()),
    index('conversations_recent_idx').on(t.lastMessageAt.desc(), t.id.desc()),
  ],
);

export const MESSAGE_SENDER_ROLES = ['renter', 'host', 'admin'] as const;
export type MessageSenderRole = (typeof MESSAGE_SENDER_ROLES)[number];

/**
 * A message: `text` written by a participant (masked before it was stored when contacts were
 * hidden: `masked_kinds` says what was hidden), or `booking`, the line a booking request leaves.
 * The id orders a conversation's messages and is the cursor a reconnecting client resumes from.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderRole: text('sender_role').$type<MessageSenderRole>().notNull(),
    kind: text('kind').$type<'text' | 'booking'>().notNull().default('text'),
    body: text('body').notNull(),
    maskedKinds: text('masked_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('messages_role_check', sql`${t.senderRole} in ('renter', 'host', 'admin')`),
    check('messages_kind_check', sql`${t.kind} in ('text', 'booking')`),
    check('messages_body_check', sql`char_length(${t.body}) between 1 and 2000`),
    check('messages_booking_check', sql`(${t.kind} = 'booking') = (${t.bookingId} is not null)`),
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_sender_recent_idx').on(t.senderId, t.createdAt),
    uniqueIndex('messages_booking_key').on(t.bookingId),
  ],
);

/** A participant's read state and the throttle of their notices (one email per 15 minutes). */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    noticeQueued: boolean('notice_queued').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'conversation_members_pk', columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
  ],
);

export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('message_reports_reason_check', sql`char_length(${t.reason}) between 1 and 500`),
    uniqueIndex('message_reports_once_key').on(t.messageId, t.reporterId),
  ],
);

/** A host who no longer takes messages from a renter. */
export const messageBlocks = pgTable(
  'message_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ name: 'message_blocks_pk', columns: [t.blockerId, t.blockedId] }),
    check('message_blocks_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

// ── Contact, audit, jobs ──

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  locale: text('locale').notNull().default('ar'),
  createdAt: timestamps.createdAt,
});

/**
 * A change of email or phone asked for on the account page (issue 38, decision 071): counted per
 * account for its limit; an email change carries the hash of the link's token sent to the new
 * address, single use (`used_at`) until `expires_at`.
 */
export const contactChanges = pgTable(
  'contact_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'phone'] }).notNull(),
    newValue: text('new_value').notNull(),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('contact_changes_token_key').on(t.tokenHash),
    index('contact_changes_user_idx').on(t.userId, t.kind, t.createdAt),
    check('contact_changes_kind_check', sql`${t.kind} in ('email', 'phone')`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

/**
 * "Download my data" (issue 38): what the job queue gathered about a person (`data`, filled when
 * ready), and the hash of the emailed link's token; the link works until `expires_at`, for the
 * account's own session only.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    tokenHash: text('token_hash'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('data_exports_locale_check', sql`${t.locale} in ('ar', 'en')`),
    uniqueIndex('data_exports_token_key').on(t.tokenHash),
    index('data_exports_user_idx').on(t.userId, t.createdAt),
  ],
);

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The durable queue (docs/decisions/001-jobs-table.md). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** Enqueueing twice with one key makes one job. */
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx')
      .on(t.lockedAt)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Who issues e-invoices, and where each one's chain stands (migration 0024, decision 064):
 * `hourspace` (its fee invoices), `vat:<number>` (a VAT-registered seller HourSpace invoices on
 * behalf of), `host:<user id>` (an unregistered host's receipts). Locked while a document is issued.
 */
export const invoiceIssuers = pgTable('invoice_issuers', {
  key: text('key').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
  lastIcv: integer('last_icv').notNull().default(0),
  /** the PIH of the next document: ZATCA's starting value until the first is issued */
  lastHash: text('last_hash').notNull(),
  ...timestamps,
});

export const INVOICE_KINDS = ['tax_invoice', 'credit_note', 'receipt', 'fee_invoice'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const REPORT_STATUSES = [
  'not_required',
  'not_reported',
  'queued',
  'reported',
  'reported_with_warnings',
  'cleared',
  'cleared_with_warnings',
  'rejected',
  'malformed_answer',
  'failed',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * Issued documents (features/invoices): immutable once written (a trigger refuses updates other
 * than ZATCA's answer, and deletes). Amounts in halalas; `xml`, `icv`, hashes and `qr` are null
 * for a receipt (no VAT, outside e-invoicing).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerKey: text('issuer_key')
      .notNull()
      .references(() => invoiceIssuers.key, { onDelete: 'restrict' }),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    uuid: uuid('uuid').notNull().unique('invoices_uuid_unique'),
    standard: boolean('standard').notNull().default(false),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    originalInvoiceId: uuid('original_invoice_id'),
    paymentRef: text('payment_ref'),
    refundRef: text('refund_ref'),
    feeMonth: text('fee_month'),
    seller: jsonb('seller').$type<unknown>().notNull(),
    buyer: jsonb('buyer').$type<unknown>(),
    lines: jsonb('lines').$type<unknown>().notNull(),
    netHalalas: integer('net_halalas').notNull(),
    vatHalalas: integer('vat_halalas').notNull(),
    totalHalalas: integer('total_halalas').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplyDate: date('supply_date'),
    icv: integer('icv'),
    previousHash: text('previous_hash'),
    invoiceHash: text('invoice_hash'),
    xml: text('xml'),
    qr: text('qr'),
    reportStatus: text('report_status').$type<ReportStatus>().notNull().default('not_reported'),
    reportNote: text('report_note'),
    zatcaHttpStatus: integer('zatca_http_status'),
    /** ZATCA's answer as received (text: a malformed answer is kept as it came) */
    zatcaResponse: text('zatca_response'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_kind_check', sql`${t.kind} in (${sqlList(INVOICE_KINDS)})`),
    check('invoices_seq_check', sql`${t.seq} > 0`),
    check(
      'invoices_amounts_check',
      sql`${t.netHalalas} >= 0 AND ${t.vatHalalas} >= 0 AND ${t.totalHalalas} > 0 AND ${t.netHalalas} + ${t.vatHalalas} = ${t.totalHalalas}`,
    ),
    check('invoices_report_status_check', sql`${t.reportStatus} in (${sqlList(REPORT_STATUSES)})`),
    uniqueIndex('invoices_issuer_seq_unique').on(t.issuerKey, t.seq),
    uniqueIndex('invoices_issuer_number_unique').on(t.issuerKey, t.number),
    uniqueIndex('invoices_issuer_icv_unique').on(t.issuerKey, t.icv),
    index('invoices_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} IS NOT NULL`),
  ],
);

// ── Payments (issue 32, migration 0019, decisions 052–053) ──

export const PAYMENT_STATUSES = ['initiated', 'paid', 'failed', 'refunded', 'voided'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_GATEWAYS = ['moyasar', 'test'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** One checkout a renter starts; its id is the `given_id` the gateway gets. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The booking's stored total (VAT included) when the checkout began: never the client's. */
    amountHalalas: integer('amount_halalas').notNull(),
    currency: text('currency').notNull().default('SAR'),
    gateway: text('gateway').$type<PaymentGatewayName>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('initiated'),
    /** The gateway's hosted checkout (a Moyasar invoice) and where the renter pays on it. */
    checkoutId: text('checkout_id'),
    checkoutUrl: text('checkout_url'),
    /** The gateway's payment, once one is made on the checkout. */
    gatewayPaymentId: text('gateway_payment_id'),
    /** The gateway's reason for a failed payment, as it gave it. */
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('payments_amount_check', sql`${t.amountHalalas} > 0`),
    check('payments_currency_check', sql`${t.currency} = 'SAR'`),
    check('payments_gateway_check', sql`${t.gateway} in (${sqlList(PAYMENT_GATEWAYS)})`),
    check('payments_status_check', sql`${t.status} in (${sqlList(PAYMENT_STATUSES)})`),
    uniqueIndex('payments_gateway_payment_id_unique').on(t.gateway, t.gatewayPaymentId),
    index('payments_booking_idx').on(t.bookingId, t.createdAt),
    uniqueIndex('payments_one_open_idx')
      .on(t.bookingId)
      .where(sql`${t.status} = 'initiated'`),
  ],
);

export const REFUND_REASONS = ['cancelled', 'revoked', 'late_payment', 'second_payment'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** A refund of one payment: a durable job asks the gateway, then posts it to the ledger. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique('payment_refunds_payment_unique')
      .references(() => payments.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    amountHalalas: integer('amount_halalas').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    status: text('status').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_refunds_amount_check', sql`${t.amountHalalas} > 0`),
    check('payment_refunds_reason_check', sql`${t.reason} in (${sqlList(REFUND_REASONS)})`),
    check('payment_refunds_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);

/** The embedded test gateway's hosted checkouts (adapters/payments/test-gateway.ts). */
export const testGatewayInvoices = pgTable('test_gateway_invoices', {
  id: uuid('id').primaryKey().defaultRandom(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  callbackUrl: text('callback_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  status: text('status').notNull().default('initiated'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** …and the payments made on them with its test cards. */
export const testGatewayPayments = pgTable(
  'test_gateway_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => testGatewayInvoices.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    refunded: integer('refunded').notNull().default(0),
    currency: text('currency').notNull(),
    message: text('message'),
    cardLast4: text('card_last4').notNull(),
    cardCompany: text('card_company').notNull(),
    ...timestamps,
  },
  (t) => [
    check(
      'test_gateway_payments_refund_check',
      sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`,
    ),
  ],
);

/**
 * The coalesced "new request" notices (issue 37, decision 072): one row per person and role told
 * (`host:<user id>`, `admin:<user id>`, `admin:team`), locked by the jobs that empty their outbox,
 * so they take turns and no request is told twice.
 */
export const requestNoticeRecipients = pgTable('request_notice_recipients', {
  recipient: text('recipient').primaryKey(),
  /** the address and language as of their first request (the team's; a person's are read anew) */
  email: text('email').notNull(),
  locale: text('locale', { enum: ['ar', 'en'] }).notNull(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
});

/** A request not yet told to a recipient; the job deletes what it emails. */
export const requestNotices = pgTable(
  'request_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient')
      .notNull()
      .references(() => requestNoticeRecipients.recipient, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('request_notices_recipient_booking_unique').on(t.recipient, t.bookingId)],
);
