import { toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingStatus, Locale } from '#shared/constants.ts';
import { checkBookingTransition, SPACE_TRANSITIONS } from '#shared/domain/booking-lifecycle.ts';
import type {
  AdminAuditEntry,
  AdminAuditQuery,
  AdminAuditResponse,
  AdminBooking,
  AdminBookingsQuery,
  AdminBookingsResponse,
  AdminSpace,
  AdminSpacesQuery,
  AdminSpacesResponse,
  BookingCounts,
  BookingDecisionResponse,
  SpaceCounts,
  SpaceDecisionResponse,
} from '#shared/schemas/admin.ts';
import { BOOKING_STATUSES, SPACE_STATUSES } from '#shared/constants.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { auditLog, bookings, spaceImages, spaces, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { enqueueMail } from '../../jobs/enqueue-mail.ts';
import {
  bookingConfirmedEmail,
  bookingRejectedEmail,
  spaceApprovedEmail,
  spaceRejectedEmail,
  type BookingForEmail,
} from './admin-emails.ts';

/**
 * The admin's review desk. Every decision is one transaction: a compare-and-swap update
 * (`… where id = $1 and status = 'pending'`), the audit entry and the email to the person it
 * concerns. Two admins deciding at once: one update matches, the other matches nothing and is
 * answered 409 with the item's state now, so the page refreshes instead of guessing.
 */

export interface Decider {
  adminId: string;
  /** The language of the admin's request: used when the recipient has none stored. */
  requestLocale: Locale;
  publicUrl: string;
}

const host = alias(users, 'host');
const renter = alias(users, 'renter');
const actor = alias(users, 'actor');

/** HH:mm:ss → HH:mm */
const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
const displayName = (user: { fullName: string | null; name: string; email: string }) =>
  user.fullName?.trim() || user.name.trim() || user.email;
const recipientLocale = (stored: string | null | undefined, fallback: Locale): Locale =>
  stored === 'ar' || stored === 'en' ? stored : fallback;

/** SQLSTATE of a database error, looking through the wrappers drivers and Drizzle add. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

function countsOf<S extends string>(statuses: readonly S[], rows: { status: S; n: number }[]) {
  const counts = Object.fromEntries([...statuses, 'all'].map((s) => [s, 0])) as Record<
    S | 'all',
    number
  >;
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    counts.all += Number(row.n);
  }
  return counts;
}

// ── spaces ──

export async function listSpacesForReview(
  db: Db,
  storage: Storage,
  query: AdminSpacesQuery,
): Promise<AdminSpacesResponse> {
  const where = query.status ? eq(spaces.status, query.status) : undefined;
  const [countRows, rows] = await Promise.all([
    db.select({ status: spaces.status, n: count() }).from(spaces).groupBy(spaces.status),
    db
      .select({
        space: spaces,
        host: {
          id: host.id,
          name: host.name,
          fullName: host.fullName,
          email: host.email,
          phone: host.phone,
        },
      })
      .from(spaces)
      .innerJoin(host, eq(host.id, spaces.hostId))
      .where(where)
      .orderBy(desc(spaces.createdAt), desc(spaces.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const counts: SpaceCounts = countsOf(SPACE_STATUSES, countRows);
  const ids = rows.map((r) => r.space.id);
  const images = ids.length
    ? await db
        .select()
        .from(spaceImages)
        .where(inArray(spaceImages.spaceId, ids))
        .orderBy(spaceImages.position, spaceImages.createdAt)
    : [];
  const items: AdminSpace[] = rows.map(({ space, host: h }) => ({
    id: space.id,
    status: space.status,
    type: space.type as AdminSpace['type'],
    city: space.city as AdminSpace['city'],
    country: space.country,
    address: space.address,
    listingLanguage: space.listingLanguage,
    nameAr: space.nameAr,
    nameEn: space.nameEn,
    descriptionAr: space.descriptionAr,
    descriptionEn: space.descriptionEn,
    priceHalalas: space.priceHalalas,
    capacity: space.capacity,
    amenities: space.amenities as AdminSpace['amenities'],
    contactPhone: space.contactPhone,
    contactEmail: space.contactEmail,
    googleMapsUrl: space.googleMapsUrl,
    opensAt: toHourMinute(space.opensAt),
    closesAt: toHourMinute(space.closesAt),
    availableDays: space.availableDays as AdminSpace['availableDays'],
    reviewNote: space.reviewNote,
    reviewedAt: iso(space.reviewedAt),
    createdAt: iso(space.createdAt)!,
    host: { id: h.id, name: displayName(h), email: h.email, phone: h.phone },
    images: images
      .filter((image) => image.spaceId === space.id)
      .map((image) => ({
        id: image.id,
        width: image.width,
        height: image.height,
        urls: Object.fromEntries(
          Object.entries(image.variants)
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([width, key]) => [width, storage.publicUrl(key)]),
        ),
      })),
  }));
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total: query.status ? counts[query.status] : counts.all,
    counts,
  };
}

async function spaceConflict(q: Queryable, spaceId: string): Promise<never> {
  const [current] = await q
    .select({ id: spaces.id, status: spaces.status, reviewNote: spaces.reviewNote })
    .from(spaces)
    .where(eq(spaces.id, spaceId));
  if (!current) throw notFound();
  throw new AppError(409, 'SPACE_ALREADY_DECIDED', undefined, { current });
}

async function decideSpace(
  db: Db,
  spaceId: string,
  decider: Decider,
  decision: 'approve' | 'reject',
  reason?: string,
): Promise<SpaceDecisionResponse> {
  const edge = SPACE_TRANSITIONS[decision];
  return db.transaction(async (tx) => {
    const [space] = await tx
      .update(spaces)
      .set({
        status: edge.to,
        reviewNote: decision === 'reject' ? (reason ?? null) : null,
        reviewedBy: decider.adminId,
        reviewedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(spaces.id, spaceId), eq(spaces.status, edge.from)))
      .returning();
    if (!space) return spaceConflict(tx, spaceId);

    const [owner] = await tx.select().from(users).where(eq(users.id, space.hostId));
    if (owner) {
      const locale = recipientLocale(owner.locale, decider.requestLocale);
      const common = {
        locale,
        to: owner.email,
        hostName: displayName(owner),
        space,
        publicUrl: decider.publicUrl,
      };
      await enqueueMail(
        tx,
        `space-${space.id}-${edge.to}-host`,
        decision === 'approve'
          ? spaceApprovedEmail(common)
          : spaceRejectedEmail({ ...common, reason: reason ?? '' }),
      );
    }
    await tx.insert(auditLog).values({
      actorId: decider.adminId,
      action: `space.${decision}`,
      subjectType: 'space',
      subjectId: space.id,
      reason: reason ?? null,
      details: {
        from: edge.from,
        to: edge.to,
        nameAr: space.nameAr,
        nameEn: space.nameEn,
        hostEmail: owner?.email ?? null,
      },
    });
    return { space: { id: space.id, status: space.status, reviewNote: space.reviewNote } };
  });
}

export const approveSpace = (db: Db, spaceId: string, decider: Decider) =>
  decideSpace(db, spaceId, decider, 'approve');

export const rejectSpace = (db: Db, spaceId: string, decider: Decider, reason: string) =>
  decideSpace(db, spaceId, decider, 'reject', reason);

// ── bookings ──

/** A pending request whose time overlaps a confirmed booking of the same space. */
const overlapsConfirmed: SQL<boolean> = sql<boolean>`(${bookings.status} = 'pending' and exists (
  select 1 from bookings confirmed_booking
  where confirmed_booking.space_id = ${bookings.spaceId}
    and confirmed_booking.status = 'confirmed'
    and confirmed_booking.period && ${bookings.period}
))`;

export async function listBookingsForReview(
  db: Db,
  query: AdminBookingsQuery,
): Promise<AdminBookingsResponse> {
  const where = query.status ? eq(bookings.status, query.status) : undefined;
  const [countRows, rows] = await Promise.all([
    db.select({ status: bookings.status, n: count() }).from(bookings).groupBy(bookings.status),
    db
      .select({
        booking: bookings,
        conflict: overlapsConfirmed,
        space: {
          id: spaces.id,
          nameAr: spaces.nameAr,
          nameEn: spaces.nameEn,
          city: spaces.city,
          contactPhone: spaces.contactPhone,
        },
        host: { email: host.email, phone: host.phone },
        renter: { name: renter.name, fullName: renter.fullName, email: renter.email },
      })
      .from(bookings)
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .innerJoin(host, eq(host.id, spaces.hostId))
      .innerJoin(renter, eq(renter.id, bookings.renterId))
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const counts: BookingCounts = countsOf(BOOKING_STATUSES, countRows);
  const items: AdminBooking[] = rows.map((r) => ({
    id: r.booking.id,
    status: r.booking.status,
    space: {
      id: r.space.id,
      nameAr: r.space.nameAr,
      nameEn: r.space.nameEn,
      city: r.space.city as AdminBooking['space']['city'],
    },
    renterName: displayName({ ...r.renter }),
    renterEmail: r.booking.renterEmail,
    date: r.booking.date,
    startTime: toHourMinute(r.booking.startTime),
    endTime: toHourMinute(r.booking.endTime),
    guests: r.booking.guests,
    contactPhone: r.booking.contactPhone,
    totalHalalas: r.booking.totalHalalas,
    hostEmail: r.host.email,
    // The listing's contact number is the one the host asked renters to call.
    hostPhone: r.space.contactPhone || r.host.phone || '',
    conflict: Boolean(r.conflict),
    decidedAt: iso(r.booking.decidedAt),
    createdAt: iso(r.booking.createdAt)!,
  }));
  return {
    items,
    page: query.page,
    pageSize: query.pageSize,
    total: query.status ? counts[query.status] : counts.all,
    counts,
  };
}

async function currentBooking(q: Queryable, bookingId: string) {
  const [current] = await q
    .select({ id: bookings.id, status: bookings.status, spaceId: bookings.spaceId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return current ?? null;
}

const bookingDecided = ({ id, status }: { id: string; status: BookingStatus }) =>
  new AppError(409, 'BOOKING_ALREADY_DECIDED', undefined, { current: { id, status } });

/** Serialisation failures and deadlocks are retried: the next try sees the winner's commit. */
const RETRYABLE = new Set(['40001', '40P01']);

async function decideBooking(
  db: Db,
  bookingId: string,
  decider: Decider,
  transition: 'confirm' | 'reject',
  reason?: string,
): Promise<BookingDecisionResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await currentBooking(db, bookingId);
    if (!current) throw notFound();
    const check = checkBookingTransition(current.status, transition, 'admin');
    if (!check.ok) throw bookingDecided(current);
    try {
      return await db.transaction(async (tx) => {
        // Decisions on one space take turns. Without this, two overlapping confirms that run at
        // once each write their row and then each wait for the other's in the exclusion check:
        // a deadlock PostgreSQL only breaks after a second, and 50 at once pile those seconds
        // up until the pool runs dry. In turn, the second finds the first's committed row and
        // fails the constraint at once. `no key update` leaves new requests for the space free
        // (their foreign key takes `key share`, which does not conflict).
        await tx.execute(
          sql`select 1 from ${spaces} where ${spaces.id} = ${current.spaceId} for no key update`,
        );
        const [booking] = await tx
          .update(bookings)
          .set({
            status: check.to,
            decidedBy: decider.adminId,
            decidedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(bookings.id, bookingId), eq(bookings.status, check.from)))
          .returning();
        if (!booking) {
          const now = await currentBooking(tx, bookingId);
          if (!now) throw notFound();
          throw bookingDecided(now);
        }
        const [details] = await tx
          .select({ space: spaces, renter: users })
          .from(spaces)
          .innerJoin(users, eq(users.id, booking.renterId))
          .where(eq(spaces.id, booking.spaceId));
        const space = details!.space;
        const person = details!.renter;
        const locale = recipientLocale(person.locale, decider.requestLocale);
        const forEmail: BookingForEmail = {
          id: booking.id,
          date: booking.date,
          startTime: toHourMinute(booking.startTime),
          endTime: toHourMinute(booking.endTime),
          guests: booking.guests,
          totalHalalas: booking.totalHalalas,
          space: {
            id: space.id,
            nameAr: space.nameAr,
            nameEn: space.nameEn,
            address: space.address,
            city: space.city,
          },
        };
        const common = {
          locale,
          // The address the renter gave with the request is where they expect the answer.
          to: booking.renterEmail,
          renterName: displayName(person),
          booking: forEmail,
          publicUrl: decider.publicUrl,
        };
        await enqueueMail(
          tx,
          `booking-${booking.id}-${check.to}-renter`,
          transition === 'confirm'
            ? bookingConfirmedEmail({
                ...common,
                decidedAt: booking.decidedAt ? new Date(booking.decidedAt) : new Date(),
              })
            : bookingRejectedEmail({ ...common, reason }),
        );
        await tx.insert(auditLog).values({
          actorId: decider.adminId,
          action: `booking.${transition}`,
          subjectType: 'booking',
          subjectId: booking.id,
          reason: reason ?? null,
          details: {
            from: check.from,
            to: check.to,
            nameAr: space.nameAr,
            nameEn: space.nameEn,
            renterEmail: booking.renterEmail,
            date: booking.date,
            startTime: toHourMinute(booking.startTime),
            endTime: toHourMinute(booking.endTime),
          },
        });
        return { booking: { id: booking.id, status: booking.status } };
      });
    } catch (error) {
      const code = pgErrorCode(error);
      // bookings_no_overlap: another confirmed booking of this space holds part of this time.
      if (code === '23P01') {
        throw new AppError(409, 'BOOKING_OVERLAP', undefined, {
          current: { id: bookingId, status: 'pending', conflict: true },
        });
      }
      if (code && RETRYABLE.has(code) && attempt < 5) continue;
      throw error;
    }
  }
}

export const confirmBooking = (db: Db, bookingId: string, decider: Decider) =>
  decideBooking(db, bookingId, decider, 'confirm');

export const rejectBooking = (db: Db, bookingId: string, decider: Decider, reason?: string) =>
  decideBooking(db, bookingId, decider, 'reject', reason);

// ── audit ──

export async function listAudit(db: Db, query: AdminAuditQuery): Promise<AdminAuditResponse> {
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(auditLog),
    db
      .select({
        entry: auditLog,
        actor: { id: actor.id, name: actor.name, fullName: actor.fullName, email: actor.email },
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const items: AdminAuditEntry[] = rows.map(({ entry, actor: a }) => ({
    id: entry.id,
    action: entry.action as AdminAuditEntry['action'],
    subjectType: entry.subjectType as AdminAuditEntry['subjectType'],
    subjectId: entry.subjectId,
    reason: entry.reason,
    details: entry.details ?? null,
    actor: a ? { id: a.id, name: displayName(a), email: a.email } : null,
    createdAt: iso(entry.createdAt)!,
  }));
  return { items, page: query.page, pageSize: query.pageSize, total: Number(total?.n ?? 0) };
}
