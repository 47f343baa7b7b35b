import { count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayName } from '#shared/domain/display-name.ts';
import type {
  AdminAuditEntry,
  AdminAuditQuery,
  AdminAuditResponse,
} from '#shared/schemas/admin.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog, bookings, users } from '#server/db/schema.ts';

const actor = alias(users, 'actor');

/**
 * The review desk's history: every state change of a space or a booking, newest first. The
 * entries are written by `transitionSpace` and `transitionBooking`, in the same transaction as
 * the change they record. An entry about a booking (or a review of one) carries the booking's
 * reference, the name the desk shows for it — read from the booking, so entries written before
 * references existed have it too.
 */
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
  // The booking an entry is about: its subject, or the booking a hidden review was written on.
  const bookingOf = (entry: (typeof rows)[number]['entry']): string | null =>
    entry.subjectType === 'booking'
      ? entry.subjectId
      : typeof entry.details?.bookingId === 'string'
        ? entry.details.bookingId
        : null;
  const bookingIds = [
    ...new Set(rows.map(({ entry }) => bookingOf(entry)).filter((id) => id !== null)),
  ];
  const references = new Map(
    bookingIds.length === 0
      ? []
      : (
          await db
            .select({ id: bookings.id, reference: bookings.reference })
            .from(bookings)
            .where(inArray(bookings.id, bookingIds))
        ).map((b) => [b.id, b.reference]),
  );
  const items: AdminAuditEntry[] = rows.map(({ entry, actor: a }) => ({
    id: entry.id,
    action: entry.action as AdminAuditEntry['action'],
    subjectType: entry.subjectType as AdminAuditEntry['subjectType'],
    subjectId: entry.subjectId,
    reference: references.get(bookingOf(entry) ?? '') ?? null,
    reason: entry.reason,
    details: entry.details ?? null,
    actor: a ? { id: a.id, name: displayName(a), email: a.email } : null,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { items, page: query.page, pageSize: query.pageSize, total: Number(total?.n ?? 0) };
}
