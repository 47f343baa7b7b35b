import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Storage } from '#server/adapters/storage/storage.ts';
import type { Queryable } from '#server/db/client.ts';
import { spaceImages } from '#server/db/schema.ts';
import type { StoredImageWithId } from './space-views.ts';

/** The pictures of a space in their order (the first is the cover). */
export async function imagesOfSpace(q: Queryable, spaceId: string): Promise<StoredImageWithId[]> {
  return q
    .select({
      id: spaceImages.id,
      variants: spaceImages.variants,
      width: spaceImages.width,
      height: spaceImages.height,
    })
    .from(spaceImages)
    .where(eq(spaceImages.spaceId, spaceId))
    .orderBy(asc(spaceImages.position), asc(spaceImages.createdAt));
}

/** Pictures by id, in no particular order. */
export async function imagesById(q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select({
      id: spaceImages.id,
      spaceId: spaceImages.spaceId,
      uploaderId: spaceImages.uploaderId,
      variants: spaceImages.variants,
      width: spaceImages.width,
      height: spaceImages.height,
    })
    .from(spaceImages)
    .where(inArray(spaceImages.id, [...ids]));
}

/**
 * The ids a listing may show: pictures already of this space, or the host's own uploads no
 * listing has claimed. Locks them, so a second listing cannot claim the same upload meanwhile.
 * Answers the ids that qualify.
 */
export async function usableImageIds(
  q: Queryable,
  ids: readonly string[],
  spaceId: string,
  hostId: string,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q
    .select({ id: spaceImages.id })
    .from(spaceImages)
    .where(
      and(
        inArray(spaceImages.id, [...ids]),
        or(
          eq(spaceImages.spaceId, spaceId),
          and(isNull(spaceImages.spaceId), eq(spaceImages.uploaderId, hostId)),
        ),
      ),
    )
    .for('update');
  return new Set(rows.map((r) => r.id));
}

/**
 * Makes `ids` the space's pictures in this order: new uploads are claimed, the rest reordered,
 * and pictures the list dropped are deleted. Answers the storage keys of the deleted ones, to
 * remove once the transaction has committed.
 */
export async function setSpaceImages(
  q: Queryable,
  spaceId: string,
  ids: readonly string[],
): Promise<string[]> {
  const current = await imagesOfSpace(q, spaceId);
  const keep = new Set(ids);
  const dropped = current.filter((image) => !keep.has(image.id));
  for (const [position, id] of ids.entries()) {
    await q.update(spaceImages).set({ spaceId, position }).where(eq(spaceImages.id, id));
  }
  return deleteImages(
    q,
    dropped.map((image) => image.id),
  );
}

/** Deletes picture rows; answers their storage keys (for after the commit). */
export async function deleteImages(q: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const removed = await q
    .delete(spaceImages)
    .where(inArray(spaceImages.id, [...ids]))
    .returning({ variants: spaceImages.variants });
  return removed.flatMap((row) => Object.values(row.variants));
}

/** Removes stored files of deleted pictures; a file left behind is harmless, so failures pass. */
export async function removeStoredFiles(storage: Storage, keys: readonly string[]) {
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}
