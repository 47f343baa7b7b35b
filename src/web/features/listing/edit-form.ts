import { HALALAS_PER_SAR } from '#shared/constants.ts';
import type { HostSpace, HostSpaceImage } from '#shared/schemas/space-edit.ts';
import type { SpaceFormInput } from '#shared/schemas/space-form.ts';
import type { DraftImage } from './listing-draft.ts';

const toDraftImage = (image: HostSpaceImage): DraftImage => ({
  id: image.id,
  url: image.variants[0]?.url ?? '',
  width: image.width,
  height: image.height,
  name: '',
});

/**
 * The edit form's starting values: the listing as its host last saved it — the live version
 * with the pending revision's proposal on top, so an edit continues from the host's own changes.
 */
export function editFormOf(space: HostSpace): { values: SpaceFormInput; images: DraftImage[] } {
  const content = { ...space, ...space.pendingRevision?.content };
  const images = (space.pendingRevision?.images ?? space.images).map(toDraftImage);
  return {
    values: {
      listingLanguage: content.listingLanguage,
      nameAr: content.nameAr ?? '',
      nameEn: content.nameEn ?? '',
      descriptionAr: content.descriptionAr ?? '',
      descriptionEn: content.descriptionEn ?? '',
      type: content.type,
      address: content.address,
      city: content.city,
      country: 'SA',
      googleMapsUrl: content.googleMapsUrl ?? '',
      priceSar: String(space.priceHalalas / HALALAS_PER_SAR),
      capacity: String(space.capacity),
      amenities: space.amenities,
      contactPhone: space.contactPhone,
      contactEmail: space.contactEmail,
      imageIds: images.map((image) => image.id),
      availableDays: space.availableDays,
      opensAt: space.opensAt,
      closesAt: space.closesAt,
      bufferMinutes: String(space.bufferMinutes),
      minNoticeHours: String(space.minNoticeHours),
      horizonDays: String(space.horizonDays),
      minBookingMinutes: String(space.minBookingMinutes),
    },
    images,
  };
}
