import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema.ts';
import { riyadhClock } from '#shared/domain/riyadh-calendar.ts';
import { vatPartHalalas } from '#shared/domain/vat.ts';
import { formatPrice } from '#shared/format.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import { createSpace, openAllDay } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInUser } from './listing-support.ts';

/**
 * Issue 20, the confirmation emails of a VAT-registered host's booking, each in its reader's
 * language: the renter's (English here) and the host's (Arabic here) give the total with "VAT
 * included" and the VAT part of it. Moved from the e2e spec vat-whatsapp.spec.ts (issue 30),
 * which booked through the page and read the .eml files: the same emails, from the same
 * confirmation, with the same assertions. That the booking dialog sends a booking with its VAT
 * part stays in the browser.
 */
const NAME_AR = 'قاعة الضريبة التجريبية';
const NAME_EN = 'VAT Test Hall';
const PRICE = 18_000; // 180 SAR an hour, VAT included
const VAT_NUMBER = '310122393500003';

const T = {
  ar: { total: 'الإجمالي (شامل ضريبة القيمة المضافة)', vat: 'منها ضريبة القيمة المضافة (15%)' },
  en: { total: 'Total (VAT included)', vat: 'Of which VAT (15%)' },
} as const;

interface MailJob {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A date `daysAhead` days from today in Riyadh (the space is open every day). */
function dateAhead(daysAhead: number) {
  const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  return d.toISOString().slice(0, 10);
}

describe('the confirmation emails of a VAT-registered host’s booking', () => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof signedInUser>>;
  let renter: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let ip = 0;

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { cookie },
      remoteAddress: `10.22.${Math.floor(++ip / 250)}.${ip % 250}`,
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { TEAM_EMAIL: 'team@hourspace.test' } });
    // The demo host reads Arabic, the demo renter English, as in the e2e spec this came from.
    host = await signedInUser(t, { email: 'vat-mail-host@example.test', locale: 'ar' });
    renter = await signedInUser(t, { email: 'vat-mail-renter@example.test', locale: 'en' });
    admin = await signedInUser(t, { email: 'vat-mail-admin@example.test', roles: ['admin'] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the renter’s and the host’s each show the total, VAT included, and its VAT part', async () => {
    const space = await createSpace(t.deps.database.db, {
      ...openAllDay(host.user.id),
      nameAr: NAME_AR,
      nameEn: NAME_EN,
      priceHalalas: PRICE,
      vatNumber: VAT_NUMBER,
      status: 'approved',
    });
    const total = PRICE * 2;
    const vat = vatPartHalalas(total);

    const made = await call('POST', '/api/bookings', renter.cookie, {
      spaceId: space.id,
      date: dateAhead(12),
      startTime: '13:00',
      endTime: '15:00',
      guests: 3,
      contactPhone: '0551234567',
    });
    expect(made.statusCode).toBe(201);
    const booking = made.json<MyBooking>();
    expect(booking).toMatchObject({ totalHalalas: total, vatHalalas: vat });
    const confirmed = await call('POST', `/api/admin/bookings/${booking.id}/confirm`, admin.cookie);
    expect(confirmed.statusCode).toBe(200);

    const mails = new Map(
      (
        await t.deps.database.db
          .select()
          .from(jobs)
          .where(like(jobs.dedupeKey, `mail:booking-${booking.id}-confirmed-%`))
      ).map((j) => [j.dedupeKey!, j.payload as MailJob]),
    );

    // The renter reads English.
    const toRenter = mails.get(`mail:booking-${booking.id}-confirmed-renter`)!;
    expect(toRenter.to).toBe(renter.user.email);
    expect(toRenter.subject).toBe(`Your booking at “${NAME_EN}” is confirmed`);
    expect(toRenter.text).toContain(formatPrice(total, 'en'));
    expect(toRenter.text).toContain(T.en.total);
    expect(toRenter.text).toContain(T.en.vat);
    expect(toRenter.text).toContain(formatPrice(vat, 'en'));

    // The host reads Arabic.
    const toHost = mails.get(`mail:booking-${booking.id}-confirmed-host`)!;
    expect(toHost.to).toBe(host.user.email);
    expect(toHost.subject).toBe(`تم تأكيد حجز في «${NAME_AR}»`);
    expect(toHost.text).toContain(formatPrice(total, 'ar'));
    expect(toHost.text).toContain(T.ar.total);
    expect(toHost.text).toContain(T.ar.vat);
    expect(toHost.text).toContain(formatPrice(vat, 'ar'));
  });
});
