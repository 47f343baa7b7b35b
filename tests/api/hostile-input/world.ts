import { eq } from 'drizzle-orm';
import { spaceRevisions, spaces } from '#server/db/schema.ts';
import { issueBookingInvoice } from '#server/features/invoices/issue-documents.ts';
import { createInvoiceSigners } from '#server/features/invoices/signers.ts';
import { newCalendarToken } from '#server/features/spaces/calendar-token.ts';
import {
  createBooking,
  createReview,
  createSpace,
  createSpaceImage,
  createUser,
} from '../../fixtures/factories.ts';
import { signInCookie } from '../../support/admin-desk.ts';
import { createTestApp } from '../../support/test-app.ts';
import type { FuzzWorld } from './hostile.ts';

const PASSWORD = 'Fuzz#2026hs';

/**
 * A fresh app and database with what the fuzz aims at: a renter, a host and an admin signed in,
 * an approved space (with its calendar feed's token) and a pending one, a pending booking and an
 * unattached image, and a conversation between the renter and the host. The API limiter
 * is raised so it does not answer everything with 429; the per-route limits stay as they are
 * (each run comes from its own address).
 */
export async function createFuzzWorld(env: Record<string, string> = {}): Promise<FuzzWorld> {
  const t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '1000000', ...env } });
  const db = t.deps.database.db;
  const emails = {
    renter: 'fuzz-renter@example.test',
    host: 'fuzz-host@example.test',
    admin: 'fuzz-admin@example.test',
  };
  const renter = await createUser(db, {
    email: emails.renter,
    password: PASSWORD,
    phone: '+966512345671',
  });
  const host = await createUser(db, {
    email: emails.host,
    password: PASSWORD,
    phone: '+966512345672',
  });
  await createUser(db, { email: emails.admin, password: PASSWORD, roles: ['admin'] });
  const approved = await createSpace(db, { hostId: host.id, status: 'approved' });
  const pending = await createSpace(db, { hostId: host.id, status: 'pending' });
  // Made beforehand, so the host asking for the feed's URL reads it and writes nothing.
  const calendarToken = newCalendarToken();
  await db.update(spaces).set({ calendarToken }).where(eq(spaces.id, approved.id));
  const booking = await createBooking(db, {
    spaceId: approved.id,
    renterId: renter.id,
    renterEmail: emails.renter,
    date: '2032-03-07',
    startTime: '10:00',
    endTime: '12:00',
  });
  const completed = await createBooking(db, {
    spaceId: approved.id,
    renterId: renter.id,
    renterEmail: emails.renter,
    date: '2026-01-04',
    startTime: '10:00',
    endTime: '12:00',
    status: 'completed',
  });
  const review = await createReview(db, {
    bookingId: completed.id,
    stars: 4,
    body: 'قاعة مريحة',
  });
  // Its receipt (the host is not VAT-registered): a real document for the invoice routes.
  const signers = await createInvoiceSigners(t.config.zatca);
  const { invoice } = await db.transaction((tx) =>
    issueBookingInvoice(tx, signers, {
      bookingId: completed.id,
      seller: { hostUserId: host.id, name: 'مضيف الاختبار', vatNumber: null, address: null },
      buyerName: 'مستأجر الاختبار',
      lines: [
        {
          description: { ar: 'حجز قاعة', en: 'Hall booking' },
          minutes: 120,
          totalHalalas: completed.totalHalalas,
        },
      ],
      paidAt: new Date('2026-01-01T09:00:00Z'),
      paymentRef: `fuzz-payment-${completed.id}`,
      supplyDate: '2026-01-04',
    }),
  );
  const image = await createSpaceImage(db, {
    spaceId: null,
    uploaderId: host.id,
    variants: { '480': 'images/fuzz-480.webp' },
    width: 480,
    height: 320,
  });
  const [revision] = await db
    .insert(spaceRevisions)
    .values({ spaceId: approved.id, submittedBy: host.id, content: { nameEn: 'Fuzz Hall' } })
    .returning();
  const cookies = {
    renter: await signInCookie(t, emails.renter, PASSWORD),
    host: await signInCookie(t, emails.host, PASSWORD),
    admin: await signInCookie(t, emails.admin, PASSWORD),
  };
  // The renter's question to the host: a conversation and its first message (no worker runs,
  // so the notice it queues stays a job row, the same before and after every case).
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/spaces/${approved.id}/conversation`,
    headers: { cookie: cookies.renter, origin: t.config.publicUrl, 'accept-language': 'ar' },
    payload: { body: 'هل القاعة متاحة يوم الخميس؟' },
  });
  if (asked.statusCode !== 201) throw new Error(`fuzz world: asking the host: ${asked.body}`);
  const { message } = asked.json<{ message: { id: number; conversationId: string } }>();
  return {
    t,
    cookies,
    emails,
    ids: {
      approvedSpace: approved.id,
      pendingSpace: pending.id,
      pendingBooking: booking.id,
      pendingRevision: revision!.id,
      image: image.id,
      calendarToken,
      completedBooking: completed.id,
      review: review.id,
      host: host.id,
      conversation: message.conversationId,
      message: String(message.id),
      invoice: invoice.id,
    },
  };
}
