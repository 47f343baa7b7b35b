import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayName } from '#shared/domain/display-name.ts';
import type {
  AdminAuditEntry,
  AdminAuditQuery,
  AdminAuditResponse,
} from '#shared/schemas/admin.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog, users } from '#server/db/schema.ts';

const actor = alias(users, 'actor');

/**
 * The review desk's history: every state change of a space or a booking, newest first. The
 * entries are written by `transitionSpace` and `transitionBooking`, in the same transaction as
 * the change they record.
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
  const items: AdminAuditEntry[] = rows.map(({ entry, actor: a }) => ({
    id: entry.id,
    action: entry.action as AdminAuditEntry['action'],
    subjectType: entry.subjectType as AdminAuditEntry['subjectType'],
    subjectId: entry.subjectId,
    reason: entry.reason,
    details: entry.details ?? null,
    actor: a ? { id: a.id, name: displayName(a), email: a.email } : null,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { items, page: query.page, pageSize: query.pageSize, total: Number(total?.n ?? 0) };
}
