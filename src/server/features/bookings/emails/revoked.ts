import { hostChangeEmail } from './booking-details.ts';

/**
 * To the host: our team cancelled a confirmed booking on their space (notice table: booking
 * `revoked`; the renter's and the admins' emails of it are the cancellation's, cancelled.ts).
 */
export const bookingRevokedHostEmail = hostChangeEmail((w) => w.booking.revoked.host);
