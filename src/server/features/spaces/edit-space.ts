import { checkPriceRules, readPriceRules, type PriceRules } from '#shared/domain/price-rules.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import { fieldRule } from '#shared/messages.ts';
import { isUuid } from '#shared/schemas/booking.ts';
import {
  CONTENT_TEXT_FIELDS,
  listingCrossFieldIssues,
  OPERATIONAL_FIELDS,
  type ContentField,
  type ContentTextField,
  type EditableField,
  type HostSpace,
  type RevisionContent,
  type UpdateSpaceRequest,
  type UpdateSpaceResponse,
} from '#shared/schemas/space-edit.ts';
import type { Storage } from '#server/adapters/storage/storage.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { spaceRevisions, spaces } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  deleteImages,
  imagesById,
  imagesOfSpace,
  removeStoredFiles,
  setSpaceImages,
  usableImageIds,
} from './space-images.ts';
import { toHostSpace, toPendingRevision, type RevisionRow, type SpaceRow } from './space-views.ts';
import { tellOfSpace } from './space-notices.ts';
import { transitionSpace } from './transition-space.ts';

export interface EditSpaceDeps {
  db: Db;
  storage: Storage;
  publicUrl: string;
  teamEmail?: string;
}

/** Content of these states is live: an edit of it waits for an admin (a revision). */
const LIVE_STATUSES = new Set(['approved', 'paused']);

const notFound = () => new AppError('NOT_FOUND');

/** The space of this host, locked when asked; another's or none is a 404 (it learns nothing). */
async function hostSpaceRow(q: Queryable, spaceId: string, hostId: string, lock: boolean) {
  if (!isUuid(spaceId)) throw notFound();
  const query = q.select().from(spaces).where(eq(spaces.id, spaceId));
  const [space] = lock ? await query.for('update') : await query;
  if (!space || space.hostId !== hostId) throw notFound();
  return space;
}

async function pendingRevisionRow(q: Queryable, spaceId: string, lock: boolean) {
  const query = q
    .select()
    .from(spaceRevisions)
    .where(and(eq(spaceRevisions.spaceId, spaceId), eq(spaceRevisions.status, 'pending')));
  const [revision] = lock ? await query.for('update') : await query;
  return revision ?? null;
}

/** The listing as its host edits it, with the pending revision's proposal (and its pictures). */
export async function readHostSpace(
  q: Queryable,
  storage: Storage,
  space: SpaceRow,
  revision: RevisionRow | null,
): Promise<HostSpace> {
  const images = await imagesOfSpace(q, space.id);
  const revisionImages = revision?.imageIds ? await imagesById(q, revision.imageIds) : [];
  return toHostSpace(
    storage,
    space,
    images,
    revision ? toPendingRevision(storage, revision, revisionImages) : null,
  );
}

/** GET /api/me/spaces/:id: the host's own listing for the edit form. */
export async function getHostSpace(
  deps: Pick<EditSpaceDeps, 'db' | 'storage'>,
  hostId: string,
  spaceId: string,
): Promise<HostSpace> {
  const space = await hostSpaceRow(deps.db, spaceId, hostId, false);
  return readHostSpace(
    deps.db,
    deps.storage,
    space,
    await pendingRevisionRow(deps.db, space.id, false),
  );
}

/** The live value of a field as the API speaks it (times `HH:mm`). */
function liveValue(space: SpaceRow, field: ContentTextField | (typeof OPERATIONAL_FIELDS)[number]) {
  if (field === 'opensAt' || field === 'closesAt') return toHourMinute(space[field]);
  return space[field];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH /api/me/spaces/:id (docs/decisions/029). In one transaction, under the space's row lock:
 * operational fields that changed apply at once (bookings already made keep their own price and
 * times); content that changed applies at once on a pending or rejected listing (a rejected one
 * is resubmitted through `transitionSpace`) and becomes the pending revision of an approved or
 * paused one — a second edit replaces the revision's proposal, an edit back to the live version
 * withdraws it. The listing as it would be is checked with the wizard's cross-field rules first.
 */
export async function updateSpace(
  deps: EditSpaceDeps,
  host: { id: string },
  spaceId: string,
  input: UpdateSpaceRequest,
  requestLocale: Locale,
): Promise<UpdateSpaceResponse> {
  const filesToRemove: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const live = await hostSpaceRow(tx, spaceId, host.id, true);
    if (live.status === 'archived') {
      throw new AppError('SPACE_ARCHIVED', undefined, {
        current: { id: live.id, status: live.status, reviewNote: live.reviewNote },
      });
    }
    const revision = await pendingRevisionRow(tx, live.id, true);
    const reviewed = LIVE_STATUSES.has(live.status);

    // The content as proposed: live, then the pending proposal (if it still counts), then this edit.
    const proposed: Record<string, unknown> = {};
    for (const field of CONTENT_TEXT_FIELDS) {
      const pending = reviewed ? (revision?.content as RevisionContent | undefined) : undefined;
      proposed[field] =
        input[field] !== undefined
          ? input[field]
          : pending && field in pending
            ? pending[field]
            : liveValue(live, field);
    }
    const liveImageIds = (await imagesOfSpace(tx, live.id)).map((image) => image.id);
    const proposedImageIds =
      input.imageIds ?? (reviewed ? revision?.imageIds : undefined) ?? liveImageIds;
    if (input.imageIds) {
      const usable = await usableImageIds(tx, input.imageIds, live.id, host.id);
      if (input.imageIds.some((id) => !usable.has(id)))
        throw new AppError('VALIDATION_ERROR', { imageIds: fieldRule('imageNotFound') });
    }

    // The whole listing as it would be must still satisfy the wizard's cross-field rules.
    const operational: Record<string, unknown> = {};
    for (const field of OPERATIONAL_FIELDS)
      operational[field] = input[field] !== undefined ? input[field] : liveValue(live, field);
    const issues: Record<string, string> = listingCrossFieldIssues({ ...proposed, ...operational });
    // The price rules against the price and hours as they would be (issue 35).
    const ruleIssues = checkPriceRules(readPriceRules(operational.priceRules), {
      priceHalalas: operational.priceHalalas as number,
      opensAt: operational.opensAt as string,
      closesAt: operational.closesAt as string,
    });
    for (const [path, rule] of Object.entries(ruleIssues))
      issues[`priceRules.${path}`] = fieldRule(rule);
    if (Object.keys(issues).length > 0) throw new AppError('VALIDATION_ERROR', issues);

    const applied: EditableField[] = OPERATIONAL_FIELDS.filter(
      (field) => input[field] !== undefined && !same(input[field], liveValue(live, field)),
    );
    const contentChanged: ContentField[] = CONTENT_TEXT_FIELDS.filter(
      (field) => !same(proposed[field], liveValue(live, field)),
    );
    const imagesChanged = !same(proposedImageIds, liveImageIds);
    if (imagesChanged) contentChanged.push('imageIds');

    const set = (field: ContentTextField) =>
      !reviewed && contentChanged.includes(field) ? (proposed[field] as never) : undefined;
    await tx
      .update(spaces)
      .set({
        priceHalalas: input.priceHalalas,
        vatNumber: input.vatNumber,
        capacity: input.capacity,
        opensAt: input.opensAt,
        closesAt: input.closesAt,
        availableDays: input.availableDays,
        amenities: input.amenities,
        bufferMinutes: input.bufferMinutes,
        minNoticeHours: input.minNoticeHours,
        horizonDays: input.horizonDays,
        minBookingMinutes: input.minBookingMinutes,
        cancellationPolicy: input.cancellationPolicy,
        priceRules: input.priceRules as PriceRules | undefined,
        listingLanguage: set('listingLanguage'),
        nameAr: set('nameAr'),
        nameEn: set('nameEn'),
        descriptionAr: set('descriptionAr'),
        descriptionEn: set('descriptionEn'),
        type: set('type'),
        address: set('address'),
        city: set('city'),
        country: set('country'),
        googleMapsUrl: set('googleMapsUrl'),
        contactPhone: set('contactPhone'),
        contactEmail: set('contactEmail'),
        // A listing waiting for review whose content changed is a new version: it rejoins the
        // queue as of now, marked "changed since submitted" on the desk (issue 37, decision 066).
        ...(live.status === 'pending' && contentChanged.length > 0
          ? { contentChangedAt: sql`now()` }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(spaces.id, live.id));

    let underReview: ContentField[] = [];
    if (!reviewed) {
      applied.push(...contentChanged);
      if (imagesChanged)
        filesToRemove.push(...(await setSpaceImages(tx, live.id, proposedImageIds)));
    } else if (contentChanged.length === 0) {
      // Edited back to the live version: nothing left to review.
      if (revision) {
        filesToRemove.push(...(await dropUnclaimed(tx, revision.imageIds ?? [], [])));
        await tx.delete(spaceRevisions).where(eq(spaceRevisions.id, revision.id));
      }
    } else {
      underReview = contentChanged;
      const content: RevisionContent = Object.fromEntries(
        contentChanged.filter((f) => f !== 'imageIds').map((f) => [f, proposed[f]]),
      );
      const imageIds = imagesChanged ? [...proposedImageIds] : null;
      if (revision) {
        filesToRemove.push(...(await dropUnclaimed(tx, revision.imageIds ?? [], imageIds ?? [])));
        await tx
          .update(spaceRevisions)
          .set({
            content: content as Record<string, unknown>,
            imageIds,
            submittedBy: host.id,
            // A rewritten proposal is a new version: it rejoins the queue as of now and the desk
            // marks it "changed since submitted" (issue 37, decision 066).
            createdAt: sql`now()`,
            changedAt: sql`now()`,
          })
          .where(eq(spaceRevisions.id, revision.id));
      } else {
        const [created] = await tx
          .insert(spaceRevisions)
          .values({
            spaceId: live.id,
            submittedBy: host.id,
            content: content as Record<string, unknown>,
            imageIds,
          })
          .returning({ id: spaceRevisions.id });
        // A new edit waits on the review desk: the admins hear of it (a later change of the same
        // pending edit replaces its content without another email).
        await tellOfSpace(tx, {
          event: 'revisionSubmitted',
          eventKey: `revision-${created!.id}-submitted`,
          space: live,
          publicUrl: deps.publicUrl,
          requestLocale,
          teamEmail: deps.teamEmail,
        });
      }
    }

    let resubmitted = false;
    if (live.status === 'rejected') {
      await transitionSpace(
        tx,
        live.id,
        'resubmit',
        { role: 'host', userId: host.id },
        { requestLocale, publicUrl: deps.publicUrl, teamEmail: deps.teamEmail },
      );
      resubmitted = true;
    }

    const [now] = await tx.select().from(spaces).where(eq(spaces.id, live.id));
    const space = await readHostSpace(
      tx,
      deps.storage,
      now!,
      await pendingRevisionRow(tx, live.id, false),
    );
    return { space, applied, underReview, resubmitted };
  });
  await removeStoredFiles(deps.storage, filesToRemove);
  return result;
}

/**
 * Uploads a replaced proposal showed that the new one no longer does, and that no listing has
 * claimed: nobody will show them, so they go (rows now, files after the commit).
 */
export async function dropUnclaimed(
  q: Queryable,
  before: readonly string[],
  after: readonly string[],
): Promise<string[]> {
  const gone = before.filter((id) => !after.includes(id));
  if (gone.length === 0) return [];
  const unclaimed = (await imagesById(q, gone)).filter((image) => image.spaceId === null);
  return deleteImages(
    q,
    unclaimed.map((image) => image.id),
  );
}
