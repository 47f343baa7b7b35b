import { eq, sql } from 'drizzle-orm';
import { PUBLIC_SPACE_STATUSES } from '#shared/domain/space-lifecycle.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import type { Storage } from '#server/adapters/storage/storage.ts';
import type { Db } from '#server/db/client.ts';
import { spaces } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { isAdmin } from '#server/users/roles.ts';
import { hostResponseTime } from '#server/users/response-time.ts';
import { toSpaceDetails, type StoredImage } from './space-views.ts';

/**
 * GET /api/spaces/:id: an approved or paused space for anyone (a paused page says it takes no
 * requests); a pending, rejected or archived one only for its host and admins. Anything else — no such id, not a uuid, not allowed — is the same 404, so the
 * answer never tells a stranger that an unapproved listing exists.
 */
export async function getSpaceDetails(
  db: Db,
  storage: Storage,
  id: string,
  viewer: () => Promise<{ id: string } | null>,
): Promise<SpaceDetails> {
  const notFound = () => new AppError('SPACE_NOT_FOUND');
  if (!isUuid(id.toLowerCase())) throw notFound();
  // The space and its pictures in one round trip (a details page is the most frequent request).
  const [row] = await db
    .select({
      space: spaces,
      images: sql<StoredImage[] | string>`(select coalesce(json_agg(json_build_object(
          'variants', i.variants, 'width', i.width, 'height', i.height) order by i.position, i.id), '[]')
        from space_images i where i.space_id = "spaces"."id")`,
    })
    .from(spaces)
    .where(eq(spaces.id, id))
    .limit(1);
  if (!row) throw notFound();
  const { space } = row;
  if (!PUBLIC_SPACE_STATUSES.includes(space.status)) {
    const user = await viewer();
    if (!user) throw notFound();
    if (user.id !== space.hostId && !(await isAdmin(db, user.id))) throw notFound();
  }
  const images: StoredImage[] =
    typeof row.images === 'string' ? JSON.parse(row.images) : row.images;
  const details = toSpaceDetails(storage, space, images);
  details.responseMinutes = (await hostResponseTime(db, space.hostId)).medianMinutes;
  if (space.contactPrivate) {
    // "Ask the host" instead: the contact is for the host, admins, and the booking's conversation
    // once confirmed (issue 34).
    const user = await viewer();
    const insider = user && (user.id === space.hostId || (await isAdmin(db, user.id)));
    if (!insider) return { ...details, contactPhone: null, contactEmail: null };
  }
  return details;
}
