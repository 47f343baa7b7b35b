import { z } from 'zod';
import type { Amenity, City, Day, Locale, SpaceStatus, SpaceType } from '../constants.ts';
import { AMENITIES } from '../constants.ts';
import { fieldRule } from '../message-codes.ts';
import { emailField } from './fields.ts';
import {
  availabilityShape,
  basicsShape,
  bookingSettingsFields,
  capacityHalalasRequestField,
  contactPhoneField,
  COUNTRIES,
  imagesShape,
  locationShape,
  priceHalalasField,
  requireClosingAfterOpening,
  requireListingLanguage,
  type Ctx,
} from './space-form.ts';
import type { SpaceImage } from './spaces.ts';

/**
 * Editing a listing (issue 17): GET and PATCH /api/me/spaces/:id, and the revisions of content an
 * admin reviews. Two kinds of fields (docs/decisions/029):
 *
 * - **operational** — price, capacity, hours, days, amenities, contact, booking settings: they
 *   apply at once and never change a booking already made (a booking keeps its own price and
 *   times);
 * - **content** — what renters read and see (names, descriptions, language, type, address, city,
 *   map link, pictures): on an approved or paused listing they wait for an admin as a revision
 *   while the live version stays; on a pending or rejected one they apply at once (nothing is
 *   live yet; a rejected one is resubmitted).
 */
export const OPERATIONAL_FIELDS = [
  'priceHalalas',
  'capacity',
  'opensAt',
  'closesAt',
  'availableDays',
  'amenities',
  'contactPhone',
  'contactEmail',
  'bufferMinutes',
  'minNoticeHours',
  'horizonDays',
  'minBookingMinutes',
] as const;
export type OperationalField = (typeof OPERATIONAL_FIELDS)[number];

/** Content fields stored on the space row (the pictures are `imageIds`, kept apart). */
export const CONTENT_TEXT_FIELDS = [
  'listingLanguage',
  'nameAr',
  'nameEn',
  'descriptionAr',
  'descriptionEn',
  'type',
  'address',
  'city',
  'country',
  'googleMapsUrl',
] as const;
export type ContentTextField = (typeof CONTENT_TEXT_FIELDS)[number];
export type ContentField = ContentTextField | 'imageIds';
export type EditableField = OperationalField | ContentField;

/**
 * The API's fields one by one, without defaults (PATCH /api/me/spaces/:id takes any of them;
 * src/shared/schemas/space-edit.ts). The same rules as the wizard's steps and POST /api/spaces.
 */
export const listingRequestFields = {
  ...basicsShape,
  address: locationShape.address,
  city: locationShape.city,
  country: z.enum(COUNTRIES, { error: fieldRule('notOneOf') }),
  googleMapsUrl: locationShape.googleMapsUrl,
  priceHalalas: priceHalalasField,
  capacity: capacityHalalasRequestField,
  amenities: z
    .array(z.enum(AMENITIES, { error: fieldRule('notOneOf') }), { error: fieldRule('invalid') })
    .max(AMENITIES.length, { error: fieldRule('invalid') })
    .transform((list) => [...new Set(list)]),
  contactPhone: contactPhoneField,
  contactEmail: emailField(),
  ...imagesShape,
  availableDays: availabilityShape.availableDays,
  opensAt: availabilityShape.opensAt,
  closesAt: availabilityShape.closesAt,
  ...bookingSettingsFields,
};

/**
 * The cross-field rules of a whole listing (name and description in the listing language,
 * closing after opening) as `{ field: message }`: an edit checks them on the listing as it
 * would be after the change.
 */
export function listingCrossFieldIssues(value: Record<string, unknown>): Record<string, string> {
  const issues: Record<string, string> = {};
  const ctx = {
    addIssue: (issue: { path?: PropertyKey[]; message?: string }) => {
      issues[String(issue.path?.[0] ?? '')] = issue.message ?? fieldRule('invalid');
    },
  } as unknown as Ctx;
  requireListingLanguage(value, ctx);
  requireClosingAfterOpening(value, ctx);
  return issues;
}

const fields = listingRequestFields;

/**
 * PATCH /api/me/spaces/:id: any of the listing's fields with the wizard's rules, only those that
 * change (or all of them — unchanged ones are left alone); an unknown key is refused.
 */
export const updateSpaceRequestSchema = z.strictObject({
  listingLanguage: fields.listingLanguage.optional(),
  nameAr: fields.nameAr.optional(),
  nameEn: fields.nameEn.optional(),
  descriptionAr: fields.descriptionAr.optional(),
  descriptionEn: fields.descriptionEn.optional(),
  type: fields.type.optional(),
  address: fields.address.optional(),
  city: fields.city.optional(),
  country: fields.country.optional(),
  googleMapsUrl: fields.googleMapsUrl.optional(),
  imageIds: fields.imageIds.optional(),
  priceHalalas: fields.priceHalalas.optional(),
  capacity: fields.capacity.optional(),
  amenities: fields.amenities.optional(),
  contactPhone: fields.contactPhone.optional(),
  contactEmail: fields.contactEmail.optional(),
  availableDays: fields.availableDays.optional(),
  opensAt: fields.opensAt.optional(),
  closesAt: fields.closesAt.optional(),
  bufferMinutes: fields.bufferMinutes.optional(),
  minNoticeHours: fields.minNoticeHours.optional(),
  horizonDays: fields.horizonDays.optional(),
  minBookingMinutes: fields.minBookingMinutes.optional(),
});
export type UpdateSpaceRequestInput = z.input<typeof updateSpaceRequestSchema>;
export type UpdateSpaceRequest = z.output<typeof updateSpaceRequestSchema>;

/** The content of a listing as a revision proposes it: only what differs from the live one. */
export interface RevisionContent {
  listingLanguage?: Locale;
  nameAr?: string | null;
  nameEn?: string | null;
  descriptionAr?: string | null;
  descriptionEn?: string | null;
  type?: SpaceType;
  address?: string;
  city?: City;
  country?: string;
  googleMapsUrl?: string | null;
}

/** An image of the host's listing with the id the edit form sends back. */
export interface HostSpaceImage extends SpaceImage {
  id: string;
}

/** A content edit waiting for an admin (null fields in `content` clear the field). */
export interface PendingRevision {
  id: string;
  createdAt: string;
  content: RevisionContent;
  /** the proposed pictures in order, or null when the pictures stay as they are */
  images: HostSpaceImage[] | null;
}

/** GET /api/me/spaces/:id: the listing as its host edits it, every field, and its pending edit. */
export interface HostSpace {
  id: string;
  status: SpaceStatus;
  reviewNote: string | null;
  listingLanguage: Locale;
  nameAr: string | null;
  nameEn: string | null;
  descriptionAr: string | null;
  descriptionEn: string | null;
  type: SpaceType;
  address: string;
  city: City;
  country: string;
  googleMapsUrl: string | null;
  priceHalalas: number;
  capacity: number;
  amenities: Amenity[];
  contactPhone: string;
  contactEmail: string;
  opensAt: string;
  closesAt: string;
  availableDays: Day[];
  bufferMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  minBookingMinutes: number;
  images: HostSpaceImage[];
  pendingRevision: PendingRevision | null;
}

/** PATCH /api/me/spaces/:id: the listing now, and what went live and what waits for review. */
export interface UpdateSpaceResponse {
  space: HostSpace;
  /** fields that changed and are live now */
  applied: EditableField[];
  /** fields that changed and wait for an admin (in `space.pendingRevision`) */
  underReview: ContentField[];
  /** a rejected listing was sent back for review */
  resubmitted: boolean;
}

/** The answer to a revision decision. */
export interface RevisionDecisionResponse {
  revision: { id: string; spaceId: string; status: 'pending' | 'approved' | 'rejected' };
}
