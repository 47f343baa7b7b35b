import type { SpaceStatus } from '../constants.ts';
import type { ErrorCode } from '../message-codes.ts';

/**
 * The listing lifecycle as an explicit state graph, like the booking one: the server's one owner
 * of space status changes, `transitionSpace` (src/server/features/spaces/transition-space.ts),
 * asks this module before it writes.
 *
 *   (host submits) ──► pending ──approve (admin)──────────────► approved
 *                      pending ──reject  (admin, with reason)─► rejected
 *                      approved ──pause  (host)──► paused ──resume (host)──► approved
 *                      rejected ──resubmit (host edits it)──► pending
 *   pending | approved | rejected | paused ──archive (host; none upcoming)──► archived
 *
 * Pausing a paused space, or resuming an approved one, changes nothing and is not an error (a
 * double tap, two tabs). `archived` is final. A host who edits a rejected listing resubmits it
 * for review (PATCH /api/me/spaces/:id, docs/decisions/029).
 */
export type SpaceTransition = 'approve' | 'reject' | 'pause' | 'resume' | 'archive' | 'resubmit';
export type SpaceActor = 'host' | 'admin';

interface Edge {
  from: readonly SpaceStatus[];
  to: SpaceStatus;
  by: SpaceActor;
  /** The move needs a reason the host will read (the rejection email, "My spaces"). */
  needsReason: boolean;
  /** Asking again once there is no error: the space is left as it is. */
  repeatable: boolean;
  /** The 409 answered when the space is in none of `from` (someone moved it first). */
  movedOn: ErrorCode;
}

/** The state a new listing starts in: every listing is reviewed before renters see it. */
export const NEW_SPACE_STATUS: SpaceStatus = 'pending';

/** Renters see these on the explore page and may request them. */
export const BOOKABLE_SPACE_STATUS: SpaceStatus = 'approved';

/** Anyone may open the page of a space in these; others only its host and admins. */
export const PUBLIC_SPACE_STATUSES: readonly SpaceStatus[] = ['approved', 'paused'];

const decision = { by: 'admin', repeatable: false, movedOn: 'SPACE_ALREADY_DECIDED' } as const;
const hostMove = { by: 'host', needsReason: false, movedOn: 'SPACE_STATE' } as const;

export const SPACE_TRANSITIONS: Record<SpaceTransition, Edge> = {
  approve: { ...decision, from: ['pending'], to: 'approved', needsReason: false },
  reject: { ...decision, from: ['pending'], to: 'rejected', needsReason: true },
  pause: { ...hostMove, from: ['approved'], to: 'paused', repeatable: true },
  resume: { ...hostMove, from: ['paused'], to: 'approved', repeatable: true },
  resubmit: { ...hostMove, from: ['rejected'], to: 'pending', repeatable: false },
  archive: {
    ...hostMove,
    from: ['pending', 'approved', 'rejected', 'paused'],
    to: 'archived',
    repeatable: false,
  },
};

export type SpaceTransitionCheck =
  | { ok: true; from: SpaceStatus; to: SpaceStatus; unchanged: boolean }
  | { ok: false; reason: 'NOT_ALLOWED' | 'WRONG_STATE' | 'REASON_REQUIRED' };

/**
 * May `actor` fire `transition` on a space that is `status` now, with this reason?
 * `NOT_ALLOWED` — this actor never may (403); `WRONG_STATE` — not from this state (409);
 * `REASON_REQUIRED` — the move needs a reason and none was given (400). `unchanged` — a
 * repeatable move asked again: nothing to write.
 */
export function checkSpaceTransition(
  status: SpaceStatus,
  transition: SpaceTransition,
  actor: SpaceActor,
  reason?: string | null,
): SpaceTransitionCheck {
  const edge = SPACE_TRANSITIONS[transition];
  if (edge.by !== actor) return { ok: false, reason: 'NOT_ALLOWED' };
  if (edge.needsReason && !reason?.trim()) return { ok: false, reason: 'REASON_REQUIRED' };
  if (edge.repeatable && status === edge.to)
    return { ok: true, from: status, to: status, unchanged: true };
  if (!edge.from.includes(status)) return { ok: false, reason: 'WRONG_STATE' };
  return { ok: true, from: status, to: edge.to, unchanged: false };
}

/** The transitions `actor` may fire from `status` (what buttons to show). */
export function availableSpaceTransitions(
  status: SpaceStatus,
  actor: SpaceActor,
): SpaceTransition[] {
  return (Object.keys(SPACE_TRANSITIONS) as SpaceTransition[]).filter((t) => {
    const edge = SPACE_TRANSITIONS[t];
    return edge.by === actor && edge.from.includes(status);
  });
}
