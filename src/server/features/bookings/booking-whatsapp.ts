import { eq } from 'drizzle-orm';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatDate, formatPrice, formatTimeRange } from '#shared/format.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { enqueueWhatsApp } from '#server/jobs/enqueue-whatsapp.ts';
import type { BookingForEmail } from './booking-emails.ts';
import type { HostBookingChange } from './booking-emails.ts';

/** The booking templates whose parameters are the space, the date and the time. */
type BookingTemplate =
  | 'booking_requested_host'
  | 'booking_confirmed_host'
  | 'booking_declined_host'
  | 'booking_cancelled_host'
  | 'booking_expired_host'
  | 'booking_revoked_host'
  | 'booking_declined_renter'
  | 'booking_expired_renter'
  | 'booking_revoked_renter';
/** …and those that also name the total (VAT included). */
type BookingTemplateWithTotal = 'booking_requested_renter' | 'booking_confirmed_renter';

/** The host's WhatsApp notice of each change of a booking on their space. */
export const HOST_WHATSAPP: Record<'requested' | HostBookingChange, BookingTemplate> = {
  requested: 'booking_requested_host',
  confirmed: 'booking_confirmed_host',
  rejected: 'booking_declined_host',
  cancelled: 'booking_cancelled_host',
  expired: 'booking_expired_host',
  revoked: 'booking_revoked_host',
};

/**
 * Queues a booking's WhatsApp notice to one person (renter or host) in the caller's transaction,
 * in their language — when they agreed to WhatsApp notices; else nothing (`enqueueWhatsApp`).
 */
export async function whatsAppAboutBooking(
  tx: Queryable,
  userId: string,
  template: BookingTemplate | BookingTemplateWithTotal,
  booking: BookingForEmail,
): Promise<void> {
  const [user] = await tx
    .select({
      id: users.id,
      phone: users.phone,
      locale: users.locale,
      whatsappOptInAt: users.whatsappOptInAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.whatsappOptInAt) return;
  const locale = user.locale === 'en' ? 'en' : 'ar';
  const params = {
    space: spaceName(booking.space, locale),
    date: formatDate(booking.date, locale),
    time: formatTimeRange(booking.startTime, booking.endTime, locale),
    total: formatPrice(booking.totalHalalas, locale),
  };
  await enqueueWhatsApp(tx, user, template, params, `booking-${booking.id}`);
}
