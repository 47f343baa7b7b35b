import type { Queryable } from './client.ts';
import { auditLog } from './schema.ts';

/**
 * The audit entry of a state change, written in the transaction that makes it: who moved which
 * booking or space from what to what, why, and what the entry should still show once the
 * subject changes (names, dates, emails).
 */
export async function recordTransition(
  tx: Queryable,
  entry: {
    subjectType: 'booking' | 'space' | 'review';
    subjectId: string;
    transition: string;
    /** null: the system moved it on a schedule (the entry says `automatic`). */
    actorId: string | null;
    from: string;
    to: string;
    reason?: string | null;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: `${entry.subjectType}.${entry.transition}`,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    reason: entry.reason ?? null,
    details: {
      from: entry.from,
      to: entry.to,
      ...(entry.actorId === null ? { automatic: true } : {}),
      ...entry.details,
    },
  });
}
