import { z } from 'zod';
import { BOOKING_STATUSES, DAYS, LOCALES, SPACE_STATUSES } from '../constants.ts';
import { isCalendarDate } from '../domain/riyadh-calendar.ts';
import {
  decodeCursor,
  encodeCursor,
  isCursorId,
  isCursorTimestamp,
} from '../domain/space-search.ts';
import { fieldRule } from '../message-codes.ts';

/**
 * The Hosting area (issue 17): a host reads the requests and bookings of the spaces they host,
 * and each space's week. `GET /api/host/bookings` and `GET /api/host/spaces/:id/week`.
 *
 * What a host sees of a renter is their display name only: the HourSpace team confirms every
 * booking and contacts the renter (docs/product-spec.md §4), so the renter's phone and email stay
 * with the team (docs/decisions/027-hosting-area.md).
 */

/** Items per page of the host's bookings. */
export const HOST_BOOKINGS_PAGE_SIZE = 20;

/** A URL gives strings (or arrays for repeated keys); an empty value means "not set". */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The keyset position of the newest-first list: the last item's request time and id. */
export interface HostBookingsCursor {
  /** `created_at` as PostgreSQL writes it (microseconds and offset): exact on the way back */
  createdAt: string;
  id: string;
}

/** Only the order the host list has; a search cursor (another sort) is refused. */
const HOST_CURSOR_SORT = 'requested';

export function encodeHostBookingsCursor(cursor: HostBookingsCursor): string {
  return encodeCursor({ sort: HOST_CURSOR_SORT, keys: [cursor.createdAt], id: cursor.id });
}

/** The cursor, or null when the text is not one this server made. */
export function decodeHostBookingsCursor(text: string): HostBookingsCursor | null {
  const cursor = decodeCursor(text);
  if (!cursor || cursor.sort !== HOST_CURSOR_SORT || cursor.keys.length !== 1) return null;
  const [createdAt] = cursor.keys;
  if (!isCursorTimestamp(createdAt) || !isCursorId(cursor.id)) return null;
  return { createdAt, id: cursor.id };
}

/** GET /api/host/bookings?spaceId=&status=&cursor= */
export const hostBookingsQuerySchema = z.object({
  /** one of the caller's spaces; absent: all of them. Anything else is a 404 (the service's). */
  spaceId: z.preprocess(
    blankToUndefined,
    z
      .string({ error: fieldRule('invalid') })
      .max(100, { error: fieldRule('invalid') })
      .optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    z.enum(BOOKING_STATUSES, { error: fieldRule('notOneOf') }).optional(),
  ),
  /** decoded by the service: one it did not issue is a 400 INVALID_CURSOR (issue 37) */
  cursor: z.preprocess(blankToUndefined, z.string({ error: fieldRule('invalid') }).optional()),
});
export type HostBookingsQueryInput = z.input<typeof hostBookingsQuerySchema>;
export type HostBookingsQuery = z.output<typeof hostBookingsQuerySchema>;

/** GET /api/host/spaces/:id/week?start= — `start` absent: the current week in Riyadh. */
export const hostWeekQuerySchema = z.object({
  start: z.preprocess(
    blankToUndefined,
    z
      .string({ error: fieldRule('invalid') })
      .max(10, { error: fieldRule('invalid') })
      .refine(isCalendarDate, { error: fieldRule('invalid') })
      .optional(),
  ),
});
export type HostWeekQuery = z.output<typeof hostWeekQuerySchema>;

/** A space id in the path; one that is not a UUID of the caller's is a 404 (the service's). */
export const hostSpaceParamsSchema = z.object({ id: z.string().max(200) });

// ── answers ──

const hhmm = z.string().regex(/^\d{2}:\d{2}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const hostSpaceRefSchema = z.object({
  id: z.string(),
  nameAr: z.string().nullable(),
  nameEn: z.string().nullable(),
  listingLanguage: z.enum(LOCALES),
});

/** One request or booking on a space the caller hosts. */
export const hostBookingSchema = z.object({
  id: z.string(),
  /** the short name people read and say (`HS-7K3Q9M`) */
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  space: hostSpaceRefSchema,
  /** YYYY-MM-DD and HH:mm, Asia/Riyadh wall clock */
  date: isoDate,
  startTime: hhmm,
  endTime: hhmm,
  guests: z.number().int(),
  /** VAT included */
  totalHalalas: z.number().int(),
  /** the VAT in the total, kept from the request; null: no VAT charged */
  vatHalalas: z.number().int().nullable(),
  /** the renter's display name (never their phone or email); empty when they gave no name */
  renterName: z.string(),
  /** when the renter sent the request, and when the team decided it */
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** a pending request's expiry (REQUEST_TTL_HOURS after it was sent, or its start); else null */
  expiresAt: z.string().nullable(),
});
export type HostBooking = z.infer<typeof hostBookingSchema>;

const count = z.number().int();
export const hostBookingCountsSchema = z.object({
  all: count,
  pending: count,
  confirmed: count,
  rejected: count,
  cancelled: count,
  expired: count,
  completed: count,
});
export type HostBookingCounts = z.infer<typeof hostBookingCountsSchema>;

export const hostBookingsSchema = z.object({
  /** newest request first */
  items: z.array(hostBookingSchema),
  /** pass as `cursor` for the next page; null on the last page */
  nextCursor: z.string().nullable(),
  /** how many of each status, for the space (or all the caller's spaces), whatever the filter */
  counts: hostBookingCountsSchema,
});
export type HostBookings = z.infer<typeof hostBookingsSchema>;

export const WEEK_BOOKING_STATUSES = ['pending', 'confirmed', 'completed'] as const;

export const hostWeekSchema = z.object({
  space: hostSpaceRefSchema.extend({ status: z.enum(SPACE_STATUSES) }),
  /** the first and the seventh day */
  start: isoDate,
  end: isoDate,
  opensAt: hhmm,
  closesAt: hhmm,
  availableDays: z.array(z.enum(DAYS)),
  /** the seven days in order, each open or closed by the space's days */
  days: z.array(z.object({ date: isoDate, weekday: z.enum(DAYS), open: z.boolean() })),
  /** confirmed bookings and pending requests that week (rejected and cancelled ones take no time) */
  bookings: z.array(
    z.object({
      id: z.string(),
      date: isoDate,
      startTime: hhmm,
      endTime: hhmm,
      status: z.enum(WEEK_BOOKING_STATUSES),
      guests: z.number().int(),
    }),
  ),
  /** times the host keeps off the calendar */
  blocks: z.array(
    z.object({
      id: z.string(),
      date: isoDate,
      startTime: hhmm,
      endTime: hhmm,
      note: z.string().nullable(),
    }),
  ),
});
export type HostWeek = z.infer<typeof hostWeekSchema>;
