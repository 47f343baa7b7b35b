import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { isUuid } from '#shared/schemas/booking.ts';
import type { Queryable } from '#server/db/client.ts';
import { spaceImages, spaces } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import type { RevisionRow, SpaceRow } from './space-views.ts';

/**
 * What a listing shows people, and so what an admin approves: a change to any of these makes a
 * new version (issue 37). Status, review and calendar fields are not content.
 */
const CONTENT_FIELDS = [
  'type',
  'city',
  'country',
  'address',
  'listingLanguage',
  'nameAr',
  'nameEn',
  'descriptionAr',
  'descriptionEn',
  'priceHalalas',
  'vatNumber',
  'capacity',
  'amenities',
  'contactPhone',
  'contactEmail',
  'googleMapsUrl',
  'opensAt',
  'closesAt',
  'availableDays',
  'cancellationPolicy',
] as const satisfies readonly (keyof SpaceRow)[];

const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 20);

/**
 * The version of a listing's content as the review desk shows it: a hash of its content fields
 * and its pictures in order. The desk sends it back with an approval; a listing changed since
 * (a host's edit while it waited) no longer matches, and the approval is refused (409
 * SPACE_CHANGED) with the new version, so an admin approves only what they saw.
 */
export function spaceContentVersion(space: SpaceRow, imageIds: readonly string[]): string {
  return digest([CONTENT_FIELDS.map((field) => space[field]), imageIds]);
}

/** The same for a pending revision: its proposed content and pictures (a second edit rewrites both). */
export function revisionContentVersion(revision: RevisionRow): string {
  return digest([revision.content, revision.imageIds ?? null]);
}

/** A listing's picture ids in the desk's order. */
export async function imageIdsOf(q: Queryable, spaceId: string): Promise<string[]> {
  const rows = await q
    .select({ id: spaceImages.id })
    .from(spaceImages)
    .where(eq(spaceImages.spaceId, spaceId))
    .orderBy(asc(spaceImages.position), asc(spaceImages.createdAt));
  return rows.map((r) => r.id);
}

/**
 * In an approval's transaction: locks the listing (a host's edit takes the same lock) and refuses
 * it with 409 SPACE_CHANGED, naming the new version, when its content is not the `version` the
 * desk showed. A listing that does not exist is left to the transition's own 404.
 */
export async function expectSpaceVersion(
  tx: Queryable,
  spaceId: string,
  version: string,
): Promise<void> {
  if (!isUuid(spaceId)) return;
  const [space] = await tx.select().from(spaces).where(eq(spaces.id, spaceId)).for('update');
  if (!space) return;
  const now = spaceContentVersion(space, await imageIdsOf(tx, spaceId));
  if (now !== version)
    throw new AppError('SPACE_CHANGED', undefined, {
      current: { id: space.id, status: space.status, reviewNote: space.reviewNote, version: now },
    });
}
