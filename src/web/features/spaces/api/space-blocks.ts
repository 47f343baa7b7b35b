import type { CreateBlockInput, SpaceBlock } from '#shared/schemas/blocks.ts';
import { apiFetch } from '#web/lib/api-client.ts';

const base = (spaceId: string) => `/api/me/spaces/${encodeURIComponent(spaceId)}/blocks`;

/** GET /api/me/spaces/:id/blocks — the host's blocked times from today on. */
export const getSpaceBlocks = (spaceId: string, signal?: AbortSignal) =>
  apiFetch<{ items: SpaceBlock[] }>(base(spaceId), { signal });

/** POST — block a time; 409 BLOCK_OVER_BOOKING names the confirmed booking it would cover. */
export const addSpaceBlock = (spaceId: string, block: CreateBlockInput) =>
  apiFetch<SpaceBlock>(base(spaceId), { method: 'POST', body: block });

/** DELETE — free the time again. */
export const removeSpaceBlock = (spaceId: string, blockId: string) =>
  apiFetch<void>(`${base(spaceId)}/${encodeURIComponent(blockId)}`, { method: 'DELETE' });
