/**
 * The English texts of the API's error codes and field rules (see ../messages.ts). Split by language so
 * the web downloads only the language it shows; the server imports both.
 */
import type { ErrorCode } from '../message-codes.ts';
import { fields, webErrors } from './en-web.ts';

export { fields };

export const errors: Record<ErrorCode, string> = {
  ...webErrors,
  VALIDATION_ERROR: 'Some fields need your attention.',
  INVALID_JSON: 'The request body is not valid JSON.',
  INVALID_URL: 'This address is not valid.',
  INVALID_MULTIPART: 'The upload was cut off or malformed. Please try again.',
  UNAUTHORIZED: 'Please sign in to continue.',
  FORBIDDEN: 'You are not allowed to do this.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  CONFLICT: 'This was changed by someone else. Please refresh and try again.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  CROSS_SITE_REQUEST:
    'This request came from another website and was refused. Please use HourSpace directly.',
  ORIGIN_NOT_TRUSTED:
    'This address of the site is not the one the server is set up for. Open the site at its public address (the server’s PUBLIC_URL setting).',
  INVALID_CODE: 'Invalid verification code.',
  SMS_SEND_FAILED: 'An error occurred while sending the verification code.',
  PHONE_CODE_TOO_SOON: 'Please wait a minute before asking for a new code.',
  PHONE_CODE_LIMIT: 'Too many codes were sent to this number. Please try again in an hour.',
  PHONE_NOT_VERIFIED: 'Please verify your phone number first.',
  SIGNUP_RATE_LIMITED:
    'You have exceeded the allowed number of registration attempts. Please try again later.',
  SIGNIN_RATE_LIMITED: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  CREDENTIALS_REQUIRED: 'You must provide either an email or phone number and a password',
  EMAIL_PASSWORD_REQUIRED: 'Email and password are required.',
  INVALID_CREDENTIALS: 'Incorrect login credentials',
  EMAIL_NOT_VERIFIED: 'Please activate your account from the email we sent you before signing in.',
  PASSWORD_POLICY: 'Password does not meet the required criteria',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  EMAIL_TAKEN: 'An account with this email already exists.',
  PHONE_TAKEN: 'An account with this phone number already exists.',
  INVALID_TOKEN: 'This link is invalid or has expired.',
  WRONG_PASSWORD: 'The current password is not correct.',
  NO_PASSWORD:
    'This account signs in with Google or a phone code and has no password yet. Use “Forgot your password?” to set one.',
  RESET_RATE_LIMITED: 'Too many reset requests. Try again in an hour.',
  CHANGE_RATE_LIMITED: 'Too many change requests. Try again in an hour.',
  ACCOUNT_HAS_UPCOMING_BOOKINGS:
    'The account cannot be deleted while it has upcoming bookings or booking requests, as renter or host. Cancel them or wait until they are over, then try again.',
  ACCOUNT_HAS_LISTED_SPACES:
    'The account cannot be deleted while it has spaces listed or waiting for review. Archive them first, then try again.',
  ACCOUNT_HAS_MONEY_OWED:
    'The account cannot be deleted while money is still owed to it. We pay it out first; then you can delete the account.',
  ACCOUNT_DELETION_PENDING:
    'This account is in its deletion grace period and takes no new bookings.',
  IMAGE_EMPTY: 'The file is empty.',
  IMAGE_UNSUPPORTED: 'This file is not a JPEG, PNG, WebP or AVIF image.',
  IMAGE_FILE_NAME: 'The file name is not allowed. Rename the file and try again.',
  IMAGE_MISSING: 'Choose an image file to upload.',
  TRANSLATION_OFF: 'Automatic translation is not available.',
  // admin review desk
  SPACE_ALREADY_DECIDED:
    'Another admin already decided on this listing. The list now shows its current state.',
  BOOKING_ALREADY_DECIDED:
    'This booking request was already decided or cancelled. The list now shows its current state.',
  // renters find spaces
  // bookings (issue 7)
  BOOKING_OVERLAP: 'This time overlaps a confirmed booking of this space.',
  BOOKING_NOT_CANCELLABLE:
    'This booking can no longer be cancelled: it was declined, cancelled or has expired.',
  // requests expire, confirmed bookings can be cancelled (issue 18)
  BOOKING_STARTED: 'This booking has already started, so it can no longer be cancelled.',
  // hosts control their spaces (issue 17)
  SPACE_PAUSED: 'The host has paused this space: it is not taking booking requests for now.',
  SPACE_ARCHIVED: 'This space has been removed by its host and can no longer be booked.',
  SPACE_HAS_UPCOMING_BOOKINGS:
    'This space has upcoming confirmed bookings. It can be archived once they have taken place; pause it to stop new requests now.',
  SPACE_STATE: 'This space cannot do that in its current state. The page now shows its state.',
  BLOCK_OVER_BOOKING: 'This time overlaps a confirmed booking, so it cannot be blocked.',
  TIME_BLOCKED: 'The host has blocked this time. Choose another time.',
  SLOT_IN_BUFFER:
    'This time falls within the break the host keeps between bookings. Choose a time further from the confirmed booking.',
  WHATSAPP_NEEDS_PHONE: 'Add and verify a mobile number before turning on WhatsApp notifications.',
  // reviews (issue 18)
  REVIEW_BOOKING_NOT_COMPLETED: 'This booking has not ended yet.',
  REVIEW_EXISTS: 'You have already reviewed this booking.',
  REVIEW_EDIT_CLOSED: 'The time to edit this review has passed.',
  REVIEW_HIDDEN: 'This review is hidden.',
  REVIEW_ALREADY_REPLIED: 'You have already replied to this review.',
  // money (issue 32)
  REFUND_EXCEEDS_PAID:
    'A refund cannot be more than what was paid for the booking less what was already refunded.',
  PAYOUT_NOTHING_DUE:
    'Nothing is owed to hosts right now: every ended booking has been paid out, or its host has no IBAN.',
  TOO_MANY_PENDING_REQUESTS:
    'You already have as many requests waiting for an answer as you can (5 for one space, 10 in all). Wait for an answer, or cancel one in My bookings, before sending another.',
  SPACE_CHANGED:
    'The host changed this listing after you opened it. The desk now shows the new version: look at it again before approving.',
  INVALID_CURSOR: 'This page of the list is no longer valid. Start again from the first page.',
  OWN_SPACE:
    'This is your own space, so you cannot book or review it. To keep a time for yourself, block it on your space’s calendar.',
  HOST_DECISIONS_OFF:
    'The HourSpace team decides the requests of this space. Change how requests are accepted in the space settings if it is open to you.',
  DECISION_MODE_NOT_ALLOWED:
    'This way of accepting requests is not open to your account yet. The HourSpace team opens it.',
  MESSAGE_RATE_LIMITED:
    'You have sent many messages in a short time. Wait a minute and send again.',
  MESSAGING_BLOCKED: 'The host is not taking messages from you in this conversation.',
  CONVERSATION_OWN_SPACE: 'This is your own space; you cannot message yourself about it.',
  MESSAGE_ALREADY_REPORTED: 'You have already reported this message.',
  // payments (issue 32)
  ALREADY_PAID: 'This booking is already paid; you will not be charged again.',
  BOOKING_NOT_PAYABLE: 'Only a confirmed booking can be paid, and this one is no longer confirmed.',
  PAYMENT_DEADLINE_PASSED:
    'The time to pay for this booking has passed: it was cancelled and the slot is free again.',
  PAYMENT_GATEWAY_UNAVAILABLE:
    'The payment gateway cannot be reached right now. Nothing was charged; please try again shortly.',
  INVOICE_NOT_RETRYABLE: 'This document is not sent to ZATCA again: its report has not failed.',
};
