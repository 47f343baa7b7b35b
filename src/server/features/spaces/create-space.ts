import { and, eq, inArray, isNull } from 'drizzle-orm';
import { NEW_SPACE_STATUS } from '#shared/domain/space-lifecycle.ts';
import { fieldRule } from '#shared/messages.ts';
import type { CreateSpaceRequest, CreateSpaceResponse } from '#shared/schemas/space-request.ts';
import type { Db } from '#server/db/client.ts';
import { spaceImages, spaces } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { tellOfSpace } from './space-notices.ts';

export interface CreateSpaceDeps {
  db: Db;
  publicUrl: string;
  teamEmail: string;
}

/**
 * A host submits a listing (docs/product-spec.md §4: it becomes pending approval) — the one
 * place a space is created; its later status changes all go through `transitionSpace`. In one
 * transaction: the images must be the host's own unclaimed uploads, the space is stored as
 * `pending`, its images are attached in the order given (the first is the cover), and every
 * admin is sent a notice (with none, the team's address, in Arabic). Any failure leaves nothing
 * behind.
 */
export async function createSpace(
  deps: CreateSpaceDeps,
  host: { id: string; email: string },
  input: CreateSpaceRequest,
): Promise<CreateSpaceResponse> {
  return deps.db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: spaceImages.id })
      .from(spaceImages)
      .where(
        and(
          inArray(spaceImages.id, input.imageIds),
          eq(spaceImages.uploaderId, host.id),
          isNull(spaceImages.spaceId),
        ),
      )
      .for('update');
    if (owned.length !== input.imageIds.length) {
      // A forged id, someone else's upload, or one already used by another listing.
      throw new AppError('VALIDATION_ERROR', { imageIds: fieldRule('imageNotFound') });
    }

    const [space] = await tx
      .insert(spaces)
      .values({
        hostId: host.id,
        type: input.type,
        city: input.city,
        country: input.country,
        address: input.address,
        listingLanguage: input.listingLanguage,
        nameAr: input.nameAr,
        nameEn: input.nameEn,
        descriptionAr: input.descriptionAr,
        descriptionEn: input.descriptionEn,
        priceHalalas: input.priceHalalas,
        vatNumber: input.vatNumber,
        capacity: input.capacity,
        amenities: input.amenities,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        googleMapsUrl: input.googleMapsUrl,
        opensAt: input.opensAt,
        closesAt: input.closesAt,
        availableDays: input.availableDays,
        bufferMinutes: input.bufferMinutes,
        cancellationPolicy: input.cancellationPolicy,
        minNoticeHours: input.minNoticeHours,
        horizonDays: input.horizonDays,
        minBookingMinutes: input.minBookingMinutes,
        ...(input.priceRules ? { priceRules: input.priceRules } : {}),
        status: NEW_SPACE_STATUS,
      })
      .returning({ id: spaces.id, status: spaces.status });
    const spaceId = space!.id;

    for (const [position, imageId] of input.imageIds.entries()) {
      await tx
        .update(spaceImages)
        .set({ spaceId, position })
        .where(and(eq(spaceImages.id, imageId), isNull(spaceImages.spaceId)));
    }

    await tellOfSpace(tx, {
      event: 'submitted',
      eventKey: `space-${spaceId}-submitted`,
      space: { id: spaceId, hostId: host.id, ...input },
      publicUrl: deps.publicUrl,
      teamEmail: deps.teamEmail,
    });
    return { id: spaceId, status: 'pending' as const };
  });
}
