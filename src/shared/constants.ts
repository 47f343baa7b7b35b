/**
 * The product's value lists and limits (docs/product-spec.md §3, §5, §9). Codes are stable: they
 * are stored in the database and sent over the API; labels live in the web's locale files.
 */

export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ar';

export const SPACE_TYPES = [
  'photo_studio',
  'office_space',
  'event_hall',
  'studio',
  'gym',
  'meeting_room',
  'podcasts',
  'kids_parties',
  'art_galleries',
  'workshops',
  'popups',
  'culinary_spaces',
  'outdoor_venues',
  'music_rooms',
  'other',
] as const;
export type SpaceType = (typeof SPACE_TYPES)[number];

export const CITIES = [
  'riyadh',
  'jeddah',
  'makkah',
  'madinah',
  'dammam',
  'khobar',
  'dhahran',
  'taif',
  'tabuk',
  'buraidah',
  'qassim',
  'abha',
  'khamis_mushait',
  'hail',
  'jizan',
  'najran',
  'yanbu',
  'jubail',
  'hofuf',
  'al_kharj',
  'qatif',
  'arar',
  'sakaka',
  'al_bahah',
  'other',
] as const;
export type City = (typeof CITIES)[number];

export const AMENITIES = [
  'wifi',
  'projector',
  'natural_light',
  'video_conference',
  'whiteboard',
  'coffee_machine',
  'stage',
  'catering_kitchen',
  'sound_system',
  'parking',
  'shared_kitchen',
  'printer',
] as const;
export type Amenity = (typeof AMENITIES)[number];

/** Stored as codes; the order here is ISO (Monday first). Display order is a web decision. */
export const DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Day = (typeof DAYS)[number];

/**
 * The week as Saudi users read it on screen: Sunday first (the work week is Sunday to Thursday,
 * the weekend Friday and Saturday) — docs/decisions/013-listing-wizard.md. Every screen that lists
 * days uses this order.
 */
export const WEEK_DISPLAY_ORDER: readonly Day[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/**
 * A listing's states (src/shared/domain/space-lifecycle.ts): reviewed before renters see it;
 * once approved, its host may pause it (out of search, no new requests) and resume it; archived
 * is the end — the host removed it.
 */
/** The orders search results can be sorted in (GET /api/spaces `sort`). */
export const SPACE_SORTS = [
  'recommended',
  'price_asc',
  'price_desc',
  'newest',
  'capacity',
  'rating',
] as const;
export type SpaceSort = (typeof SPACE_SORTS)[number];

export const SPACE_STATUSES = ['pending', 'approved', 'rejected', 'paused', 'archived'] as const;
export type SpaceStatus = (typeof SPACE_STATUSES)[number];

/**
 * A booking's states (src/shared/domain/booking-lifecycle.ts). `completed`: a confirmed booking
 * whose time has passed (the system moves it; its renter may then review it).
 */
export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'rejected',
  'cancelled',
  'expired',
  'completed',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * A listing's cancellation policy, chosen by its host (issue 18): how long before the start a
 * renter may cancel a confirmed booking free of the host's terms. The codes are stored.
 */
export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'flexible';

/**
 * The statuses that hold a booking's time on the space's calendar: a completed booking still
 * happened there (its buffer, the host's calendar feed and week keep showing it).
 */
export const TIME_HOLDING_STATUSES = [
  'confirmed',
  'completed',
] as const satisfies readonly BookingStatus[];

export const ROLE_CODES = ['admin', 'super_admin'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/** Money is integer halalas everywhere but the screen (1 SAR = 100 halalas). */
export const HALALAS_PER_SAR = 100;
/** docs/product-spec.md §9: price per hour 0 to 1000 SAR; §5: greater than 0. */
export const PRICE_MAX_SAR = 1000;

/** Saudi Arabia is UTC+3 all year (no daylight saving). */
export const RIYADH_UTC_OFFSET_MINUTES = 180;
export const TIME_ZONE = 'Asia/Riyadh';

/** Image variants every upload is re-encoded to (issue: hosts list a space). */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * The host's booking settings of a space (issue 17), with what a new listing starts with: the
 * minutes kept free after each confirmed booking, how long before its start a request may still
 * arrive, how far ahead one may book, and the shortest booking.
 */
export const BUFFER_MINUTES_OPTIONS = [0, 15, 30, 60] as const;
export type BufferMinutes = (typeof BUFFER_MINUTES_OPTIONS)[number];
export const MIN_NOTICE_HOURS_MAX = 72;
export const HORIZON_DAYS_MIN = 1;
export const HORIZON_DAYS_MAX = 365;
export const MIN_BOOKING_MINUTES_RANGE = { min: 30, max: 480 } as const;
export const BOOKING_SETTINGS_DEFAULTS = {
  bufferMinutes: 0,
  minNoticeHours: 0,
  horizonDays: 365,
  minBookingMinutes: 60,
} as const;
