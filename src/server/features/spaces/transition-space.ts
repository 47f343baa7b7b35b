import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import {
  checkSpaceTransition,
  SPACE_TRANSITIONS,
  type SpaceActor,
  type SpaceTransition,
} from '#shared/domain/space-lifecycle.ts';
import { fieldRule } from '#shared/messages.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import type { Queryable } from '#server/db/client.ts';
import { recordTransition } from '#server/db/audit.ts';
import { bookings, spaces } from '#server/db/schema.ts';
import { AppError, forbidden } from '#server/http/app-error.ts';
import { spaceEvent } from '#server/notices/notice-table.ts';
import { tellOfSpace } from './space-notices.ts';
import type { SpaceRow } from './space-views.ts';

/** Who fires a transition: their role in the state graph and their account. */
export interface SpaceActorRef {
  role: SpaceActor;
  userId: string;
}

export interface SpaceTransitionContext {
  /** The language of the actor's request: used for a recipient with none stored. */
  requestLocale: Locale;
  publicUrl: string;
  /** Why: required by the edges that say so (a rejection), read by the host. */
  reason?: string;
  /** where admin notices go while nobody holds an admin role */
  teamEmail?: string;
}

const notFound = () => new AppError('NOT_FOUND');

/**
 * What else must hold before a move, read under the space's row lock. A space is archived only
 * once no confirmed booking of it is still to come: renters who booked keep their booking.
 */
const GUARDS: Partial<Record<SpaceTransition, (tx: Queryable, space: SpaceRow) => Promise<void>>> =
  {
    archive: async (tx, space) => {
      const [upcoming] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.spaceId, space.id),
            eq(bookings.status, 'confirmed'),
            sql`upper(${bookings.period}) > now()`,
          ),
        )
        .limit(1);
      if (upcoming) throw new AppError('SPACE_HAS_UPCOMING_BOOKINGS');
    },
  };

/**
 * The one function that changes a space's status (docs/architecture.md, "State changes"). Run it
 * inside a transaction. It locks the space row, checks the move against the state graph with
 * its actor and checks (src/shared/domain/space-lifecycle.ts) — a wrong actor is 403, a missing
 * reason 400, a space that moved on 409 with its state now (two admins deciding at once: the
 * second learns what the first decided) — then a compare-and-swap update, the audit entry and
 * the notices of its row in src/server/notices/notice-table.ts, all in the caller's transaction.
 */
export async function transitionSpace(
  tx: Queryable,
  spaceId: string,
  transition: SpaceTransition,
  actor: SpaceActorRef,
  context: SpaceTransitionContext,
): Promise<SpaceRow> {
  if (!isUuid(spaceId)) throw notFound();
  const [current] = await tx.select().from(spaces).where(eq(spaces.id, spaceId)).for('update');
  // A host asking about someone else's space learns nothing of it.
  if (!current || (actor.role === 'host' && current.hostId !== actor.userId)) throw notFound();

  const check = checkSpaceTransition(current.status, transition, actor.role, context.reason);
  if (!check.ok) {
    if (check.reason === 'NOT_ALLOWED') throw forbidden();
    if (check.reason === 'REASON_REQUIRED')
      throw new AppError('VALIDATION_ERROR', { reason: fieldRule('required') });
    throw new AppError(SPACE_TRANSITIONS[transition].movedOn, undefined, {
      current: { id: current.id, status: current.status, reviewNote: current.reviewNote },
    });
  }
  if (check.unchanged) return current;
  await GUARDS[transition]?.(tx, current);

  const edge = SPACE_TRANSITIONS[transition];
  const [space] = await tx
    .update(spaces)
    .set({
      status: check.to,
      // An admin's decision is a review; a host's own move leaves the review as it was.
      ...(edge.by === 'admin'
        ? {
            reviewNote: edge.needsReason ? (context.reason ?? null) : null,
            reviewedBy: actor.userId,
            reviewedAt: sql`now()`,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(spaces.id, spaceId), eq(spaces.status, check.from)))
    .returning();
  if (!space) throw notFound();

  // Who is told: the transition's row in the notice table (the host of an admin's decision; the
  // admins of a listing sent again after a rejection, back on the review desk).
  const hostEmail = await tellOfSpace(tx, {
    event: spaceEvent(transition, check.from),
    eventKey:
      transition === 'resubmit'
        ? `space-${space.id}-resubmitted-${Date.now()}`
        : `space-${space.id}-${check.to}`,
    space,
    publicUrl: context.publicUrl,
    requestLocale: context.requestLocale,
    teamEmail: context.teamEmail,
    reason: context.reason,
  });
  await recordTransition(tx, {
    subjectType: 'space',
    subjectId: space.id,
    transition,
    actorId: actor.userId,
    from: check.from,
    to: check.to,
    reason: context.reason,
    details: { nameAr: space.nameAr, nameEn: space.nameEn, ...(hostEmail ? { hostEmail } : {}) },
  });
  return space;
}
