/**
 * The English texts the web app needs by itself (see ../message-codes.ts, WEB_ERROR_CODES): the
 * field rules its forms check before sending, and the few errors it shows without a server
 * answer. The server's full catalogue (en.ts) includes these.
 */
import type { FieldRule, WebErrorCode } from '../message-codes.ts';

export const webErrors: Record<WebErrorCode, string> = {
  NOT_FOUND: 'Page Not Found',
  SPACE_NOT_FOUND: 'Space not found or not approved yet',
  INTERNAL_ERROR: 'Oops! Something went wrong',
  IMAGE_TOO_LARGE: 'The image is larger than 10 MB.',
  TRANSLATION_FAILED: 'Translation failed. Please try again or enter manually.',
};

export const fields: Record<FieldRule, string> = {
  required: 'This field is required.',
  invalid: 'This value is not valid.',
  tooLong: 'This is too long.',
  email: 'Enter a valid email address.',
  number: 'Enter a number.',
  wholeNumber: 'Enter a whole number.',
  notOneOf: 'Choose one of the offered values.',
  phone: 'Enter a Saudi mobile number, e.g. 5XXXXXXXX.',
  passwordPolicy: 'Password does not meet the required criteria',
  passwordsMismatch: 'Passwords do not match',
  code: 'Enter the 6-digit code.',
  sameAsCurrent: 'This is the current one; enter a new one.',
  priceRange: 'Enter a price greater than 0 and at most 1,000 SAR per hour.',
  priceDecimals: 'Use at most two decimal places.',
  capacityPositive: 'Enter a whole number of guests greater than 0.',
  contactPhone: 'Enter a Saudi mobile number: 05XXXXXXXX or 9665XXXXXXXX.',
  googleMapsUrl: 'Enter a Google Maps link, e.g. https://maps.app.goo.gl/…',
  time: 'Enter a time as HH:mm.',
  closesSameAsOpens:
    'The closing time must differ from the opening time (an earlier closing time means the next day).',
  daysRequired: 'Choose at least one day.',
  imagesRequired: 'Add at least one image.',
  imagesTooMany: 'You can add at most 10 images.',
  imageNotFound: 'An image is not among your uploads. Upload it again.',
  vatNumber: 'Enter the 15-digit VAT number, which starts and ends with 3.',
  // renters find spaces
  dateInPast: 'Choose today or a later date.',
  outOfRange: 'This value is outside the allowed range.',
  minAboveMax: 'The minimum price must not be above the maximum.',
  // bookings (issue 7)
  bookingDate: 'Choose a valid date.',
  bookingTime: 'Choose a valid time.',
  bookingDatePast: 'The date cannot be in the past.',
  bookingTimePast: 'This time has already passed today. Choose a later time.',
  bookingEndBeforeStart: 'The end time must be after the start time.',
  bookingTimeGrid: 'Times go in steps of 30 minutes (on the hour or half past).',
  bookingMinDuration: 'A booking lasts at least one hour.',
  bookingBelowMinimum: "Shorter than this space's minimum booking. Choose a later end time.",
  bookingTooSoon: 'This space needs more notice before a booking. Choose a later time or day.',
  bookingBeyondHorizon: 'This date is further ahead than this space takes bookings.',
  bookingClosedDay: 'The space is closed on this day. Choose one of its open days.',
  bookingOutsideHours: "This time is outside the space's opening hours.",
  bookingGuestsMin: 'At least one guest.',
  bookingGuestsMax: 'More guests than this space can hold.',
  bookingPhone: 'Enter a Saudi mobile number as 05XXXXXXXX or 9665XXXXXXXX.',
  reviewStars: 'Choose from one to five stars.',
  // hosts' payout accounts (issue 32)
  iban: 'Enter a Saudi IBAN: SA followed by 22 digits.',
  ibanChecksum:
    "This IBAN's check digits do not match the rest of it. Copy it as your bank's app shows it.",
  holderName: "Enter the account holder's name as the bank has it (2 to 70 characters).",
  // hosts' invoicing details (issue 33)
  legalNameAr:
    'Enter the registered name in Arabic, as on the commercial registration or VAT certificate (2 to 200 characters).',
  legalNameEn:
    'Enter the registered name in English in Latin letters (2 to 200 characters), or leave it empty.',
  crNumber: 'Enter the 10-digit commercial registration number, or leave it empty.',
  addressPart: 'Enter 2 to 100 characters.',
  buildingNumber: 'Enter the 4-digit building number from the national address.',
  additionalNumber: 'Enter the 4-digit additional number from the national address.',
  postalCode: 'Enter the 5-digit postal code.',
  bandEndBeforeStart: 'The band must end after it starts.',
  bandsOverlap: 'This band overlaps another band on the same day.',
  dayRateTooLow: 'The day rate is less than its hours cost at the lowest hourly rate.',
  minHoursTooLong: 'The minimum is longer than the opening hours.',
  addOnQuantityMax: 'The quantity is more than this add-on allows.',
  bookingBelowDayMinimum: 'A booking on this day is shorter than its minimum hours.',
};
