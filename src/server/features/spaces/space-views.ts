import { toHourMinute } from '#shared/domain/riyadh-calendar.ts';
import type { MySpace } from '#shared/schemas/my-spaces.ts';
import type { SpaceDetails, SpaceImage } from '#shared/schemas/spaces.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { spaces } from '../../db/schema.ts';

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
    capacity: space.capacity,
    amenities: space.amenities as SpaceDetails['amenities'],
    contactPhone: space.contactPhone,
    contactEmail: space.contactEmail,
    googleMapsUrl: space.googleMapsUrl,
    opensAt: toHourMinute(space.opensAt),
    closesAt: toHourMinute(space.closesAt),
    availableDays: space.availableDays as SpaceDetails['availableDays'],
    minBookingMinutes: space.minBookingMinutes,
    minNoticeHours: space.minNoticeHours,
    horizonDays: space.horizonDays,
    bufferMinutes: space.bufferMinutes,
    images: images.map((image) => toSpaceImage(storage, image)),
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
