import { z } from 'zod';
import { priceRulesSchema } from './price-rules.ts';

import {
  AMENITIES,
  CANCELLATION_POLICIES,
  CITIES,
  DAYS,
  LOCALES,
  SPACE_STATUSES,
  SPACE_TYPES,
} from '../constants.ts';
import { fieldRule } from '../message-codes.ts';
import { emailField } from './fields.ts';
import {
  availabilityShape,
  basicsShape,
  bookingSettingsFields,
  contactPhoneField,
  COUNTRIES,
  imagesShape,
  locationShape,
  requireClosingTime,
  vatNumberField,
  requireListingLanguage,
  type Ctx,
} from './space-form.ts';
import { capacityHalalasRequestField, priceHalalasField } from './space-request.ts';
import { spaceImageSchema } from './spaces.ts';

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
  'vatNumber',
  'capacity',
  'opensAt',
  'closesAt',
  'availableDays',
  'amenities',
  'bufferMinutes',
  'minNoticeHours',
  'horizonDays',
  'minBookingMinutes',
  'cancellationPolicy',
  // rates by day and time, day rate, minimum hours, add-ons (issue 35)
  'priceRules',
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
  // How renters reach the host: reviewed like the text on a live listing, since a changed number
  // or address is where an off-platform payment scam starts (issue 37, decision 066).
  'contactPhone',
  'contactEmail',
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
  vatNumber: vatNumberField,
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
  requireClosingTime(value, ctx);
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
  /** null: the host is no longer VAT-registered */
  vatNumber: fields.vatNumber.optional(),
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
  cancellationPolicy: fields.cancellationPolicy.optional(),
  priceRules: priceRulesSchema.optional(),
});
export type UpdateSpaceRequestInput = z.input<typeof updateSpaceRequestSchema>;
export type UpdateSpaceRequest = z.output<typeof updateSpaceRequestSchema>;

/** The content of a listing as a revision proposes it: only what differs from the live one. */
export const revisionContentSchema = z.object({
  listingLanguage: z.enum(LOCALES).optional(),
  nameAr: z.string().nullable().optional(),
  nameEn: z.string().nullable().optional(),
  descriptionAr: z.string().nullable().optional(),
  descriptionEn: z.string().nullable().optional(),
  type: z.enum(SPACE_TYPES).optional(),
  address: z.string().optional(),
  city: z.enum(CITIES).optional(),
  country: z.string().optional(),
  googleMapsUrl: z.string().nullable().optional(),
  contactPhone: z.string().optional(),
  contactEmail: z.string().optional(),
});
export type RevisionContent = z.infer<typeof revisionContentSchema>;

/** An image of the host's listing with the id the edit form sends back. */
export const hostSpaceImageSchema = spaceImageSchema.extend({ id: z.string() });
export type HostSpaceImage = z.infer<typeof hostSpaceImageSchema>;

/** A content edit waiting for an admin (null fields in `content` clear the field). */
export const pendingRevisionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  content: revisionContentSchema,
  /** the proposed pictures in order, or null when the pictures stay as they are */
  images: z.array(hostSpaceImageSchema).nullable(),
  /** the version of the proposal shown: sent back with an approval (issue 37) */
  version: z.string(),
  /** when the host last rewrote this proposal after submitting it ("changed since submitted"), else null */
  changedAt: z.string().nullable(),
});
export type PendingRevision = z.infer<typeof pendingRevisionSchema>;

/** GET /api/me/spaces/:id: the listing as its host edits it, every field, and its pending edit. */
export const hostSpaceSchema = z.object({
  id: z.string(),
  status: z.enum(SPACE_STATUSES),
  reviewNote: z.string().nullable(),
  listingLanguage: z.enum(LOCALES),
  nameAr: z.string().nullable(),
  nameEn: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  type: z.enum(SPACE_TYPES),
  address: z.string(),
  city: z.enum(CITIES),
  country: z.string(),
  googleMapsUrl: z.string().nullable(),
  /** VAT included (decision 035) */
  priceHalalas: z.number(),
  /** the host's VAT number; null: not VAT-registered */
  vatNumber: z.string().nullable(),
  capacity: z.number(),
  amenities: z.array(z.enum(AMENITIES)),
  contactPhone: z.string(),
  contactEmail: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  availableDays: z.array(z.enum(DAYS)),
  bufferMinutes: z.number(),
  minNoticeHours: z.number(),
  horizonDays: z.number(),
  minBookingMinutes: z.number(),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  priceRules: priceRulesSchema,
  images: z.array(hostSpaceImageSchema),
  pendingRevision: pendingRevisionSchema.nullable(),
});
export type HostSpace = z.infer<typeof hostSpaceSchema>;

const contentFieldSchema = z.enum([...CONTENT_TEXT_FIELDS, 'imageIds']);

/** PATCH /api/me/spaces/:id: the listing now, and what went live and what waits for review. */
export const updateSpaceResponseSchema = z.object({
  space: hostSpaceSchema,
  /** fields that changed and are live now */
  applied: z.array(z.union([z.enum(OPERATIONAL_FIELDS), contentFieldSchema])),
  /** fields that changed and wait for an admin (in `space.pendingRevision`) */
  underReview: z.array(contentFieldSchema),
  /** a rejected listing was sent back for review */
  resubmitted: z.boolean(),
});
export type UpdateSpaceResponse = z.infer<typeof updateSpaceResponseSchema>;

/** The answer to a revision decision. */
export const revisionDecisionResponseSchema = z.object({
  revision: z.object({
    id: z.string(),
    spaceId: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
  }),
});
export type RevisionDecisionResponse = z.infer<typeof revisionDecisionResponseSchema>;
