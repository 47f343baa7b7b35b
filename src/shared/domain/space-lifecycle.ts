import type { SpaceStatus } from '../constants.ts';
import type { ErrorCode } from '../message-codes.ts';

/**
 * The listing lifecycle as an explicit state graph, like the booking one: the server's one owner
 * of space status changes, `transitionSpace` (src/server/features/spaces/transition-space.ts),
 * asks this module before it writes.
 *
 *   (host submits) ──► pending ──approve (admin)──────────────► approved
 *                      pending ──reject  (admin, with reason)─► rejected
 *
 * `approved` and `rejected` are final for now; a host editing and resubmitting a rejected
 * listing (rejected → pending) is a planned edge, added here when it is built.
 */
export type SpaceTransition = 'approve' | 'reject';
export type SpaceActor = 'host' | 'admin';

interface Edge {
  from: SpaceStatus;
  to: SpaceStatus;
  by: SpaceActor;
  /** The move needs a reason the host will read (the rejection email, "My spaces"). */
  needsReason: boolean;
  /** The 409 answered when the space is no longer in `from` (another admin decided first). */
  movedOn: ErrorCode;
}

/** The state a new listing starts in: every listing is reviewed before renters see it. */
export const NEW_SPACE_STATUS: SpaceStatus = 'pending';

export const SPACE_TRANSITIONS: Record<SpaceTransition, Edge> = {
  approve: {
    from: 'pending',
    to: 'approved',
    by: 'admin',
    needsReason: false,
    movedOn: 'SPACE_ALREADY_DECIDED',
  },
  reject: {
    from: 'pending',
    to: 'rejected',
    by: 'admin',
    needsReason: true,
    movedOn: 'SPACE_ALREADY_DECIDED',
  },
};

export type SpaceTransitionCheck =
  | { ok: true; from: SpaceStatus; to: SpaceStatus }
  | { ok: false; reason: 'NOT_ALLOWED' | 'WRONG_STATE' | 'REASON_REQUIRED' };

/**
 * May `actor` fire `transition` on a space that is `status` now, with this reason?
 * `NOT_ALLOWED` — this actor never may (403); `WRONG_STATE` — the space moved on (409);
 * `REASON_REQUIRED` — the move needs a reason and none was given (400).
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
  if (edge.from !== status) return { ok: false, reason: 'WRONG_STATE' };
  return { ok: true, from: edge.from, to: edge.to };
}

/** The transitions `actor` may fire from `status` (what buttons to show). */
export function availableSpaceTransitions(
  status: SpaceStatus,
  actor: SpaceActor,
): SpaceTransition[] {
  return (Object.keys(SPACE_TRANSITIONS) as SpaceTransition[]).filter((t) => {
    const edge = SPACE_TRANSITIONS[t];
    return edge.by === actor && edge.from === status;
  });
}
