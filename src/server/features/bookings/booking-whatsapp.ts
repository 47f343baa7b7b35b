import { eq } from 'drizzle-orm';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatDate, formatPrice, formatTimeRange } from '#shared/format.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { enqueueWhatsApp } from '#server/jobs/enqueue-whatsapp.ts';
import type {
  BookingWhatsAppTemplate,
  WhatsAppTemplate,
} from '#server/notices/whatsapp-templates.ts';
import { formatDeadline, payUrl, type BookingForEmail } from './emails/booking-details.ts';

/**
 * Queues a booking's WhatsApp notice to one person (renter or host) in the caller's transaction,
 * in their language — when they agreed to WhatsApp notices; else nothing (`enqueueWhatsApp`).
 * Every booking template takes the space, the date and the time; some also the total (VAT
 * included): each template picks the parameters it names.
 */
export async function whatsAppAboutBooking(
  tx: Queryable,
  userId: string,
  template: WhatsAppTemplate,
  booking: BookingForEmail,
  publicUrl = '',
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
    deadline: booking.paymentDueAt ? formatDeadline(booking.paymentDueAt, locale) : '',
    link: payUrl(publicUrl, booking),
  };
  // A booking's row names a booking template (they take these parameters).
  const bookingTemplate = template as BookingWhatsAppTemplate;
  await enqueueWhatsApp(tx, user, bookingTemplate, params, `booking-${booking.id}`);
}
