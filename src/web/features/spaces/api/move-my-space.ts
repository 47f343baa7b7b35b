import type { SpaceTransition } from '#shared/domain/space-lifecycle.ts';
import type { MySpace } from '#shared/schemas/my-spaces.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export type HostSpaceMove = Extract<SpaceTransition, 'pause' | 'resume' | 'archive'>;

/**
 * The host's own moves on a listing: POST /api/me/spaces/:id/pause · /resume, DELETE
 * /api/me/spaces/:id (archive). Answers the listing as it is now.
 */
export function moveMySpace(spaceId: string, move: HostSpaceMove) {
  const base = `/api/me/spaces/${encodeURIComponent(spaceId)}`;
  return move === 'archive'
    ? apiFetch<MySpace>(base, { method: 'DELETE' })
    : apiFetch<MySpace>(`${base}/${move}`, { method: 'POST', body: {} });
}
