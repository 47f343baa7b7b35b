import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DecisionMode } from '#shared/domain/booking-lifecycle.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import type { DecisionModeResponse, HostRecord } from '#shared/schemas/decisions.ts';
import type { Db } from '#server/db/client.ts';
import { auditLog, bookings, spaces, users } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/http/app-error.ts';

/**
 * Who decides a space's requests (issue 35, decision 058). The host chooses among the modes the
 * admin opened to them (users.decision_modes); the change applies to requests decided from now on
 * (a pending request of a space switched to `instant` waits for a decision as before).
 */
export async function setDecisionMode(
  db: Db,
  hostId: string,
  spaceId: string,
  mode: DecisionMode,
): Promise<DecisionModeResponse> {
  if (!isUuid(spaceId)) throw notFound();
  return db.transaction(async (tx) => {
    const [host] = await tx
      .select({ modes: users.decisionModes })
      .from(users)
      .where(eq(users.id, hostId))
      .for('share');
    const [space] = await tx
      .update(spaces)
      .set({ decisionMode: mode })
      .where(and(eq(spaces.id, spaceId), eq(spaces.hostId, hostId)))
      .returning({ id: spaces.id, decisionMode: spaces.decisionMode });
    if (!space || !host) throw notFound();
    if (!host.modes.includes(mode)) throw new AppError('DECISION_MODE_NOT_ALLOWED');
    return { id: space.id, decisionMode: space.decisionMode, allowedModes: host.modes };
  });
}

/** A host's space's mode and the modes open to them (the Hosting area's settings). */
export async function getDecisionMode(
  db: Db,
  hostId: string,
  spaceId: string,
): Promise<DecisionModeResponse> {
  if (!isUuid(spaceId)) throw notFound();
  const [row] = await db
    .select({ id: spaces.id, decisionMode: spaces.decisionMode, modes: users.decisionModes })
    .from(spaces)
    .innerJoin(users, eq(users.id, spaces.hostId))
    .where(and(eq(spaces.id, spaceId), eq(spaces.hostId, hostId)));
  if (!row) throw notFound();
  return { id: row.id, decisionMode: row.decisionMode, allowedModes: row.modes };
}

/**
 * The admin opens (or closes) modes to a host. A mode closed to them sends their spaces in that
 * mode back to `admin` in the same transaction: no space keeps a mode its host may not use.
 */
export async function setHostDecisionModes(
  db: Db,
  hostId: string,
  modes: DecisionMode[],
): Promise<HostRecord> {
  const allowed = [...new Set<DecisionMode>(['admin', ...modes])];
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ decisionModes: allowed })
      .where(eq(users.id, hostId))
      .returning({ id: users.id });
    if (!user) throw notFound();
    const closed = (['host', 'instant'] as const).filter((m) => !allowed.includes(m));
    if (closed.length > 0) {
      await tx
        .update(spaces)
        .set({ decisionMode: 'admin' })
        .where(and(eq(spaces.hostId, hostId), inArray(spaces.decisionMode, closed)));
    }
  });
  return hostRecord(db, hostId);
}

/**
 * The host's record on the admin desk (issue 35): the modes open to them, the requests their
 * spaces received and how many were confirmed, and — from the audit log, where each decision is
 * written with its actor — the requests they confirmed and declined themselves and the confirmed
 * bookings they cancelled.
 */
export async function hostRecord(db: Db, hostId: string): Promise<HostRecord> {
  const [user] = await db
    .select({ id: users.id, modes: users.decisionModes })
    .from(users)
    .where(eq(users.id, hostId));
  if (!user) throw notFound();
  const decisions = await db
    .select({ action: auditLog.action, n: count() })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.action, [
          'booking.hostConfirm',
          'booking.hostDecline',
          'booking.hostCancel',
        ]),
        eq(auditLog.actorId, hostId),
      ),
    )
    .groupBy(auditLog.action);
  const by = (action: string) => decisions.find((d) => d.action === action)?.n ?? 0;
  const [received] = await db
    .select({
      requests: count(),
      confirmed: sql<number>`count(*) filter (where ${inArray(bookings.status, ['confirmed', 'completed'])})::int`,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(eq(spaces.hostId, hostId));
  return {
    id: user.id,
    decisionModes: user.modes,
    requests: received?.requests ?? 0,
    confirmedBookings: Number(received?.confirmed ?? 0),
    hostConfirms: by('booking.hostConfirm'),
    hostDeclines: by('booking.hostDecline'),
    hostCancellations: by('booking.hostCancel'),
  };
}
