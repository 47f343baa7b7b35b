import { eq } from 'drizzle-orm';
import { displayName } from '#shared/domain/display-name.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import {
  bookingChangedHostEmail,
  bookingRequestedHostEmail,
  type BookingForEmail,
  type HostBookingChange,
} from './booking-emails.ts';
import { HOST_WHATSAPP, whatsAppAboutBooking } from './booking-whatsapp.ts';

/**
 * The host hears of every request on their space and of each later change of it, in their own
 * language, queued in the transaction that makes the change (so a rolled-back change tells no
 * one). The approval email promises this. A host who opted in hears it on WhatsApp too.
 */
export async function tellHost(
  tx: Queryable,
  input: {
    hostId: string;
    booking: BookingForEmail;
    event: 'requested' | HostBookingChange;
    publicUrl: string;
  },
): Promise<void> {
  const [host] = await tx
    .select({
      email: users.email,
      locale: users.locale,
      name: users.name,
      fullName: users.fullName,
    })
    .from(users)
    .where(eq(users.id, input.hostId));
  if (!host) return;
  const common = {
    locale: host.locale,
    to: host.email,
    hostName: displayName(host),
    booking: input.booking,
    publicUrl: input.publicUrl,
  };
  await enqueueMail(
    tx,
    `booking-${input.booking.id}-${input.event}-host`,
    input.event === 'requested'
      ? bookingRequestedHostEmail(common)
      : bookingChangedHostEmail({ ...common, change: input.event }),
  );
  await whatsAppAboutBooking(tx, input.hostId, HOST_WHATSAPP[input.event], input.booking);
}
