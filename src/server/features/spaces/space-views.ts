import { readPriceRules } from '#shared/domain/price-rules.ts';
import { ratingAverage } from '#shared/domain/reviews.ts';
import { toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import type { MySpace } from '#shared/schemas/my-spaces.ts';
import type { SpaceDetails, SpaceImage } from '#shared/schemas/spaces.ts';
import type { HostSpace, PendingRevision, RevisionContent } from '#shared/schemas/space-edit.ts';
import type { Storage } from '#server/adapters/storage/storage.ts';
import type { spaceRevisions, spaces } from '#server/db/schema.ts';
import { revisionContentVersion } from './content-version.ts';

/** A stored space row. */
export type SpaceRow = typeof spaces.$inferSelect;

/** A stored picture: its variants by width (`{"480": key, …}`) and its intrinsic size. */
export interface StoredImage {
  variants: Record<string, string>;
  width: number;
  height: number;
}

/**
 * The one image shape every answer uses (cards, details, the review desk): URLs by width,
 * smallest first, with the intrinsic size.
 */
export function toSpaceImage(storage: Storage, image: StoredImage): SpaceImage {
  const variants = Object.entries(image.variants)
    .map(([width, key]) => ({ width: Number(width), url: storage.publicUrl(key) }))
    .filter((v) => Number.isInteger(v.width) && v.width > 0)
    .sort((a, b) => a.width - b.width);
  return { width: image.width, height: image.height, variants };
}

/** A space as its page shows it — and, with review fields added, as the review desk does. */
export function toSpaceDetails(
  storage: Storage,
  space: SpaceRow,
  images: StoredImage[],
): SpaceDetails {
  return {
    id: space.id,
    status: space.status,
    type: space.type as SpaceDetails['type'],
    city: space.city as SpaceDetails['city'],
    country: space.country,
    address: space.address,
    listingLanguage: space.listingLanguage,
    nameAr: space.nameAr,
    nameEn: space.nameEn,
    descriptionAr: space.descriptionAr,
    descriptionEn: space.descriptionEn,
    priceHalalas: space.priceHalalas,
    vatRegistered: space.vatNumber !== null,
    capacity: space.capacity,
    amenities: space.amenities as SpaceDetails['amenities'],
    contactPhone: space.contactPhone,
    contactEmail: space.contactEmail,
    contactPrivate: space.contactPrivate,
    googleMapsUrl: space.googleMapsUrl,
    opensAt: toHourMinute(space.opensAt),
    closesAt: toHourMinute(space.closesAt),
    availableDays: space.availableDays as SpaceDetails['availableDays'],
    minBookingMinutes: space.minBookingMinutes,
    minNoticeHours: space.minNoticeHours,
    horizonDays: space.horizonDays,
    bufferMinutes: space.bufferMinutes,
    cancellationPolicy: space.cancellationPolicy,
    priceRules: readPriceRules(space.priceRules),
    decisionMode: space.decisionMode,
    images: images.map((image) => toSpaceImage(storage, image)),
    rating: {
      average: ratingAverage(space.reviewStarsSum, space.reviewCount),
      count: space.reviewCount,
    },
  };
}

/** A host's view of one of their listings ("My spaces"): its review status and reason. */
export function toMySpace(space: SpaceRow): MySpace {
  return {
    id: space.id,
    nameAr: space.nameAr,
    nameEn: space.nameEn,
    listingLanguage: space.listingLanguage,
    type: space.type,
    city: space.city,
    priceHalalas: space.priceHalalas,
    status: space.status,
    reviewNote: space.status === 'rejected' ? space.reviewNote : null,
    createdAt: space.createdAt.toISOString(),
  };
}

/** A stored picture with its id (the edit form sends ids back in the order it wants). */
export interface StoredImageWithId extends StoredImage {
  id: string;
}

/** A stored revision row. */
export type RevisionRow = typeof spaceRevisions.$inferSelect;

/** A pending revision as the host's edit form and the review desk read it. */
export function toPendingRevision(
  storage: Storage,
  revision: RevisionRow,
  images: StoredImageWithId[],
): PendingRevision {
  const byId = new Map(images.map((image) => [image.id, image]));
  return {
    id: revision.id,
    createdAt: revision.createdAt.toISOString(),
    version: revisionContentVersion(revision),
    changedAt: revision.changedAt?.toISOString() ?? null,
    content: revision.content as RevisionContent,
    images: revision.imageIds
      ? revision.imageIds.flatMap((id) => {
          const image = byId.get(id);
          return image ? [{ id, ...toSpaceImage(storage, image) }] : [];
        })
      : null,
  };
}

/** The listing as its host edits it: every field, the settings, pictures with ids, the edit under review. */
export function toHostSpace(
  storage: Storage,
  space: SpaceRow,
  images: StoredImageWithId[],
  pendingRevision: PendingRevision | null,
): HostSpace {
  const details = toSpaceDetails(storage, space, images);
  return {
    id: details.id,
    status: details.status,
    reviewNote: space.status === 'rejected' ? space.reviewNote : null,
    listingLanguage: details.listingLanguage,
    nameAr: details.nameAr,
    nameEn: details.nameEn,
    descriptionAr: details.descriptionAr,
    descriptionEn: details.descriptionEn,
    type: details.type,
    address: details.address,
    city: details.city,
    country: details.country,
    googleMapsUrl: details.googleMapsUrl,
    priceHalalas: details.priceHalalas,
    vatNumber: space.vatNumber,
    capacity: details.capacity,
    amenities: details.amenities,
    contactPhone: space.contactPhone,
    contactEmail: space.contactEmail,
    opensAt: details.opensAt,
    closesAt: details.closesAt,
    availableDays: details.availableDays,
    bufferMinutes: space.bufferMinutes,
    cancellationPolicy: space.cancellationPolicy,
    minNoticeHours: space.minNoticeHours,
    horizonDays: space.horizonDays,
    minBookingMinutes: space.minBookingMinutes,
    priceRules: details.priceRules,
    images: images.map((image, i) => ({ id: image.id, ...details.images[i]! })),
    pendingRevision,
  };
}
