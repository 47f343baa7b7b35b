import { and, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SPACE_STATUSES } from '#shared/constants.ts';
import { displayName } from '#shared/domain/display-name.ts';
import type { AdminSpace, AdminSpacesQuery, AdminSpacesResponse } from '#shared/schemas/admin.ts';
import type { Storage } from '#server/adapters/storage/storage.ts';
import type { Db } from '#server/db/client.ts';
import { spaceImages, spaceRevisions, spaces, users } from '#server/db/schema.ts';
import { countsByStatus, statusPage } from '#server/db/status-counts.ts';
import { spaceContentVersion } from './content-version.ts';
import { imagesById } from './space-images.ts';
import { toPendingRevision, toSpaceDetails } from './space-views.ts';

const host = alias(users, 'host');

const pendingRevisionOf = (spaceId: typeof spaces.id) =>
  and(eq(spaceRevisions.spaceId, spaceId), eq(spaceRevisions.status, 'pending'));

/**
 * The admin's list of listings, newest first, one page, with the count of each status and of
 * listings with an edit to review (the `revision` tab). Every item carries its pending edit, if
 * any, for the card's before/after comparison.
 */
export async function listSpacesForReview(
  db: Db,
  storage: Storage,
  query: AdminSpacesQuery,
): Promise<AdminSpacesResponse> {
  const where =
    query.status === 'revision'
      ? exists(db.select().from(spaceRevisions).where(pendingRevisionOf(spaces.id)))
      : query.status
        ? eq(spaces.status, query.status)
        : undefined;
  const [countRows, [revisionCount], rows] = await Promise.all([
    db.select({ status: spaces.status, n: count() }).from(spaces).groupBy(spaces.status),
    db.select({ n: count() }).from(spaceRevisions).where(eq(spaceRevisions.status, 'pending')),
    db
      .select({
        space: spaces,
        host: {
          id: host.id,
          name: host.name,
          fullName: host.fullName,
          email: host.email,
          phone: host.phone,
        },
      })
      .from(spaces)
      .innerJoin(host, eq(host.id, spaces.hostId))
      .where(where)
      // Newest in the queue first, by when each item (re)joined it: a listing or proposal the
      // host changed while it waited counts from the change, as a fresh submission (issue 37).
      .orderBy(
        desc(
          query.status === 'revision'
            ? sql`(select r.created_at from space_revisions r where r.space_id = ${spaces.id} and r.status = 'pending')`
            : query.status === 'pending'
              ? sql`coalesce(${spaces.contentChangedAt}, ${spaces.createdAt})`
              : spaces.createdAt,
        ),
        desc(spaces.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const counts = { ...countsByStatus(SPACE_STATUSES, countRows), revision: revisionCount!.n };
  const ids = rows.map((r) => r.space.id);
  const revisions = ids.length
    ? await db
        .select()
        .from(spaceRevisions)
        .where(and(inArray(spaceRevisions.spaceId, ids), eq(spaceRevisions.status, 'pending')))
    : [];
  const revisionImages = await imagesById(
    db,
    revisions.flatMap((r) => r.imageIds ?? []),
  );
  const images = ids.length
    ? await db
        .select()
        .from(spaceImages)
        .where(inArray(spaceImages.spaceId, ids))
        .orderBy(spaceImages.position, spaceImages.createdAt)
    : [];
  const items: AdminSpace[] = rows.map(({ space, host: h }) => ({
    ...toSpaceDetails(
      storage,
      space,
      images.filter((image) => image.spaceId === space.id),
    ),
    reviewNote: space.reviewNote,
    reviewedAt: space.reviewedAt?.toISOString() ?? null,
    createdAt: space.createdAt.toISOString(),
    host: { id: h.id, name: displayName(h), email: h.email, phone: h.phone },
    // Changed since it was submitted: an edit while pending, after its last decision (a listing
    // rejected, then resubmitted, starts again unmarked).
    contentChangedAt:
      space.status === 'pending' &&
      space.contentChangedAt &&
      (!space.reviewedAt || space.contentChangedAt > space.reviewedAt)
        ? space.contentChangedAt.toISOString()
        : null,
    version: spaceContentVersion(
      space,
      images.filter((image) => image.spaceId === space.id).map((image) => image.id),
    ),
    revision: ((revision) =>
      revision ? toPendingRevision(storage, revision, revisionImages) : null)(
      revisions.find((r) => r.spaceId === space.id),
    ),
  }));
  return statusPage(query, counts, items);
}
