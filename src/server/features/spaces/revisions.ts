import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '#shared/schemas/booking.ts';
import type { RevisionContent, RevisionDecisionResponse } from '#shared/schemas/space-edit.ts';
import type { Storage } from '#server/adapters/storage/storage.ts';
import type { Db } from '#server/db/client.ts';
import { recordTransition } from '#server/db/audit.ts';
import { spaceRevisions, spaces } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import type { DecisionContext } from '#server/http/admin-decision.ts';
import { revisionContentVersion } from './content-version.ts';
import { dropUnclaimed } from './edit-space.ts';
import { tellOfSpace } from './space-notices.ts';
import {
  imagesOfSpace,
  removeStoredFiles,
  setSpaceImages,
  usableImageIds,
} from './space-images.ts';

export type RevisionDecision = 'approve' | 'reject';

const notFound = () => new AppError('NOT_FOUND');

/**
 * An admin approves or rejects a host's edit of a live listing (docs/decisions/029). One
 * transaction, under the space's row lock then the revision's (the order an edit takes them
 * too): a revision no longer pending is a 409 with its state now — two admins deciding at once,
 * one wins. Approving copies the proposed content onto the space and makes the proposed pictures
 * its pictures (dropped ones deleted); rejecting keeps the live version, deletes uploads only the
 * proposal used, and emails the host the reason in their language. Both are audited as
 * `space.revision_approve` / `space.revision_reject`. The space's status never changes here.
 */
export async function decideRevision(
  deps: { db: Db; storage: Storage },
  revisionId: string,
  decision: RevisionDecision,
  admin: { userId: string },
  context: DecisionContext & { reason?: string; version?: string },
): Promise<RevisionDecisionResponse> {
  if (!isUuid(revisionId)) throw notFound();
  const filesToRemove: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ spaceId: spaceRevisions.spaceId })
      .from(spaceRevisions)
      .where(eq(spaceRevisions.id, revisionId));
    if (!found) throw notFound();
    const [space] = await tx
      .select()
      .from(spaces)
      .where(eq(spaces.id, found.spaceId))
      .for('update');
    const [revision] = await tx
      .select()
      .from(spaceRevisions)
      .where(eq(spaceRevisions.id, revisionId))
      .for('update');
    if (!space || !revision) throw notFound();
    const current = {
      id: revision.id,
      spaceId: revision.spaceId,
      status: revision.status,
      reviewNote: revision.reviewNote,
    };
    if (revision.status !== 'pending')
      throw new AppError('SPACE_ALREADY_DECIDED', undefined, { current });
    if (decision === 'approve' && space.status === 'archived')
      throw new AppError('SPACE_ARCHIVED', undefined, { current });
    // The proposal approved is the one the desk showed: a second edit rewrites the row (issue 37).
    if (decision === 'approve') {
      const version = revisionContentVersion(revision);
      if (version !== context.version)
        throw new AppError('SPACE_CHANGED', undefined, { current: { ...current, version } });
    }

    const [decided] = await tx
      .update(spaceRevisions)
      .set({
        status: decision === 'approve' ? 'approved' : 'rejected',
        reviewNote: decision === 'reject' ? (context.reason ?? null) : null,
        reviewedBy: admin.userId,
        reviewedAt: sql`now()`,
      })
      .where(and(eq(spaceRevisions.id, revision.id), eq(spaceRevisions.status, 'pending')))
      .returning();
    if (!decided) throw new AppError('SPACE_ALREADY_DECIDED', undefined, { current });

    const content = revision.content as RevisionContent;
    let names = { nameAr: space.nameAr, nameEn: space.nameEn };
    let hostEmail: string | undefined;
    if (decision === 'approve') {
      const [updated] = await tx
        .update(spaces)
        .set({
          listingLanguage: content.listingLanguage,
          nameAr: content.nameAr,
          nameEn: content.nameEn,
          descriptionAr: content.descriptionAr,
          descriptionEn: content.descriptionEn,
          type: content.type,
          address: content.address,
          city: content.city,
          country: content.country,
          googleMapsUrl: content.googleMapsUrl,
          contactPhone: content.contactPhone,
          contactEmail: content.contactEmail,
          updatedAt: sql`now()`,
        })
        .where(eq(spaces.id, space.id))
        .returning();
      names = { nameAr: updated!.nameAr, nameEn: updated!.nameEn };
      if (revision.imageIds) {
        // An upload swept meanwhile is skipped; the listing never ends up without pictures.
        const usable = await usableImageIds(tx, revision.imageIds, space.id, space.hostId);
        const ids = revision.imageIds.filter((id) => usable.has(id));
        if (ids.length > 0) filesToRemove.push(...(await setSpaceImages(tx, space.id, ids)));
      }
    } else {
      const live = new Set((await imagesOfSpace(tx, space.id)).map((image) => image.id));
      filesToRemove.push(
        ...(await dropUnclaimed(
          tx,
          (revision.imageIds ?? []).filter((id) => !live.has(id)),
          [],
        )),
      );
      hostEmail =
        (await tellOfSpace(tx, {
          event: 'revisionRejected',
          eventKey: `space-revision-${revision.id}-rejected`,
          space,
          publicUrl: context.publicUrl,
          requestLocale: context.requestLocale,
          reason: context.reason,
        })) ?? undefined;
    }

    await recordTransition(tx, {
      subjectType: 'space',
      subjectId: space.id,
      transition: decision === 'approve' ? 'revision_approve' : 'revision_reject',
      actorId: admin.userId,
      from: 'pending',
      to: decided.status,
      reason: decision === 'reject' ? context.reason : null,
      details: {
        revisionId: revision.id,
        fields: [...Object.keys(content), ...(revision.imageIds ? ['imageIds'] : [])],
        ...names,
        ...(hostEmail ? { hostEmail } : {}),
      },
    });
    return { revision: { id: decided.id, spaceId: decided.spaceId, status: decided.status } };
  });
  await removeStoredFiles(deps.storage, filesToRemove);
  return result;
}
