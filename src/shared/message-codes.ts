/**
 * The stable codes of API errors and field rules, without their texts: what schemas and the web
 * need to name a message. The texts are in messages/{en,ar}.ts; messages.ts joins them.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'INVALID_URL',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'CROSS_SITE_REQUEST',
  // accounts
  'ORIGIN_NOT_TRUSTED',
  'INVALID_CODE',
  'SMS_SEND_FAILED',
  'PHONE_CODE_TOO_SOON',
  'PHONE_CODE_LIMIT',
  'PHONE_NOT_VERIFIED',
  'SIGNUP_RATE_LIMITED',
  'SIGNIN_RATE_LIMITED',
  'CREDENTIALS_REQUIRED',
  'EMAIL_PASSWORD_REQUIRED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'PASSWORD_POLICY',
  'PASSWORDS_DO_NOT_MATCH',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'INVALID_TOKEN',
  // managing one's account (issue 38)
  'WRONG_PASSWORD',
  'NO_PASSWORD',
  'RESET_RATE_LIMITED',
  'CHANGE_RATE_LIMITED',
  'ACCOUNT_HAS_UPCOMING_BOOKINGS',
  'ACCOUNT_HAS_LISTED_SPACES',
  'ACCOUNT_HAS_MONEY_OWED',
  'ACCOUNT_DELETION_PENDING',
  // listing a space: uploads, translation, the listing itself
  'IMAGE_EMPTY',
  'IMAGE_TOO_LARGE',
  'IMAGE_UNSUPPORTED',
  'IMAGE_FILE_NAME',
  'IMAGE_MISSING',
  'INVALID_MULTIPART',
  'TRANSLATION_OFF',
  'TRANSLATION_FAILED',
  // admin review desk
  'SPACE_ALREADY_DECIDED',
  'BOOKING_ALREADY_DECIDED',
  'BOOKING_OVERLAP',
  // renters find spaces (search and details)
  'SPACE_NOT_FOUND',
  // bookings (issue 7)
  'BOOKING_NOT_CANCELLABLE',
  // requests expire, confirmed bookings can be cancelled (issue 18)
  'BOOKING_STARTED',
  // hosts control their spaces (issue 17)
  'SPACE_PAUSED',
  'SPACE_ARCHIVED',
  'SPACE_HAS_UPCOMING_BOOKINGS',
  'SPACE_STATE',
  'BLOCK_OVER_BOOKING',
  'TIME_BLOCKED',
  // a refusal for the host's break between bookings named as such (issue 31)
  'SLOT_IN_BUFFER',
  // WhatsApp notices (issue 20)
  'WHATSAPP_NEEDS_PHONE',
  // reviews (issue 18)
  'REVIEW_BOOKING_NOT_COMPLETED',
  'REVIEW_EXISTS',
  'REVIEW_EDIT_CLOSED',
  'REVIEW_HIDDEN',
  'REVIEW_ALREADY_REPLIED',
  // money: the ledger and payouts (issue 32)
  'REFUND_EXCEEDS_PAID',
  'PAYOUT_NOTHING_DUE',
  // what a hostile tester found (issue 37)
  'INVALID_CURSOR',
  'OWN_SPACE',
  'TOO_MANY_PENDING_REQUESTS',
  'SPACE_CHANGED',
  // hosts decide their own requests (issue 35)
  'HOST_DECISIONS_OFF',
  'DECISION_MODE_NOT_ALLOWED',
  // conversations (issue 34)
  'MESSAGE_RATE_LIMITED',
  'MESSAGING_BLOCKED',
  'CONVERSATION_OWN_SPACE',
  'MESSAGE_ALREADY_REPORTED',
  // payments (issue 32)
  'ALREADY_PAID',
  'BOOKING_NOT_PAYABLE',
  'PAYMENT_DEADLINE_PASSED',
  'PAYMENT_GATEWAY_UNAVAILABLE',
  // e-invoices (issue 33)
  'INVOICE_NOT_RETRYABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The error texts the web app shows by itself, without an answer from the server (the network
 * failed, a file is too large to send, translating failed, a page or space that is not there). Every other error's text comes from
 * the server in the user's language, so the web downloads only these (messages/{ar,en}-web.ts).
 */
export const WEB_ERROR_CODES = [
  'INTERNAL_ERROR',
  'NOT_FOUND',
  'SPACE_NOT_FOUND',
  'IMAGE_TOO_LARGE',
  'TRANSLATION_FAILED',
] as const satisfies readonly ErrorCode[];
export type WebErrorCode = (typeof WEB_ERROR_CODES)[number];

export const FIELD_RULES = [
  'required',
  'invalid',
  'tooLong',
  'email',
  'number',
  'wholeNumber',
  'notOneOf',
  'phone',
  'passwordPolicy',
  'passwordsMismatch',
  'code',
  'sameAsCurrent',
  // listing a space
  'priceRange',
  'priceDecimals',
  'capacityPositive',
  'contactPhone',
  'googleMapsUrl',
  'time',
  'closesSameAsOpens',
  'daysRequired',
  'imagesRequired',
  'imagesTooMany',
  'imageNotFound',
  'vatNumber',
  // renters find spaces (search filters)
  'dateInPast',
  'outOfRange',
  'minAboveMax',
  // bookings (issue 7)
  'bookingDate',
  'bookingTime',
  'bookingDatePast',
  'bookingTimePast',
  'bookingEndBeforeStart',
  'bookingTimeGrid',
  'bookingMinDuration',
  'bookingBelowMinimum',
  'bookingTooSoon',
  'bookingBeyondHorizon',
  'bookingClosedDay',
  'bookingOutsideHours',
  'bookingGuestsMin',
  'bookingGuestsMax',
  'bookingPhone',
  // reviews (issue 18)
  'reviewStars',
  // hosts' payout accounts (issue 32)
  'iban',
  'ibanChecksum',
  'holderName',
  // hosts' invoicing details (issue 33)
  'legalNameAr',
  'legalNameEn',
  'crNumber',
  'addressPart',
  'buildingNumber',
  'additionalNumber',
  'postalCode',
  // price rules and add-ons (issue 35)
  'bandEndBeforeStart',
  'bandsOverlap',
  'dayRateTooLow',
  'minHoursTooLong',
  'addOnQuantityMax',
  'bookingBelowDayMinimum',
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

export const fieldKeyPrefix = 'fields.';
/** The zod message for a field rule: `fields.required`. */
export const fieldRule = (rule: FieldRule) => `${fieldKeyPrefix}${rule}`;
