import { z } from 'zod';
import { LOCALES, SPACE_STATUSES } from '../constants.ts';

/** GET /api/me/spaces — the signed-in user's listings with their review status. */
export const mySpaceSchema = z.object({
  id: z.string(),
  nameAr: z.string().nullable(),
  nameEn: z.string().nullable(),
  listingLanguage: z.enum(LOCALES),
  type: z.string(),
  city: z.string(),
  priceHalalas: z.number().int(),
  status: z.enum(SPACE_STATUSES),
  /** the admin's reason when the listing was rejected */
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
});
export type MySpace = z.infer<typeof mySpaceSchema>;

export const mySpacesSchema = z.object({ items: z.array(mySpaceSchema) });
