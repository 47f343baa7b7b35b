import { HALALAS_PER_SAR } from '#shared/constants.ts';
import type { HostSpace, HostSpaceImage } from '#shared/schemas/space-edit.ts';
import { spaceFormSchema, type SpaceFormInput } from '#shared/schemas/space-form.ts';
import { priceRulesFormOf } from '#shared/schemas/price-rules-form.ts';
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
 * Every field of the wizard's form, as the form holds it (text, numbers as typed, '' for none).
 */
export function editFormOf(space: HostSpace): { values: SpaceFormInput; images: DraftImage[] } {
  const listing: Record<string, unknown> = { ...space, ...space.pendingRevision?.content };
  const images = (space.pendingRevision?.images ?? space.images).map(toDraftImage);
  listing.priceSar = space.priceHalalas / HALALAS_PER_SAR;
  listing.vatRegistered = space.vatNumber !== null;
  listing.vatNumber = space.vatNumber ?? '';
  listing.priceRules = priceRulesFormOf(space.priceRules);
  listing.imageIds = images.map((image) => image.id);
  const values = Object.fromEntries(
    Object.keys(spaceFormSchema.shape).map((field) => {
      const value = listing[field];
      return [field, typeof value === 'number' ? String(value) : (value ?? '')];
    }),
  );
  return { values: values as SpaceFormInput, images };
}
