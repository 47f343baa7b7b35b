import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, jobs, spaces } from '#server/db/schema.ts';
import { riyadhClock, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import { vatPartHalalas } from '#shared/domain/vat.ts';
import type { AdminBooking } from '#shared/schemas/admin.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import type { HostBookings } from '#shared/schemas/host.ts';
import type { HostSpace } from '#shared/schemas/space-edit.ts';
import type { CreateSpaceRequestInput } from '#shared/schemas/space-request.ts';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import { createSpace } from '../fixtures/factories.ts';
import { deliverMail } from '../support/admin-desk.ts';
import { requestNoticesDueNow } from '../support/request-notices.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { multipartFile, signedInUser } from './listing-support.ts';

/** The first date `daysAhead` days from today (Riyadh) or later that falls on a Sunday. */
function nextSunday(daysAhead = 14): string {
  const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  while (weekdayOf(d.toISOString().slice(0, 10)) !== 'sunday') d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

interface MailJob {
  to: string;
  subject: string;
  text: string;
  html: string;
}

describe('VAT-inclusive prices (decision 035)', () => {
  let t: TestApp;
  let host: Awaited<ReturnType<typeof signedInUser>>;
  let renter: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let ip = 0;
  const SUNDAY = nextSunday();

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    cookie: string | null,
    payload?: unknown,
    lang = 'en',
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(cookie ? { cookie } : {}), 'accept-language': lang },
      remoteAddress: `10.20.${Math.floor(++ip / 250)}.${ip % 250}`,
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { TEAM_EMAIL: 'team@hourspace.test' } });
    host = await signedInUser(t, { email: 'vat-host@example.test', locale: 'en' });
    renter = await signedInUser(t, { email: 'vat-renter@example.test', locale: 'ar' });
    admin = await signedInUser(t, { email: 'vat-admin@example.test', roles: ['admin'] });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.deps.database.db.delete(jobs);
  });

  describe('the space', () => {
    let jpeg: Buffer;
    let uploads = 0;
    beforeAll(async () => {
      jpeg = await sharp({
        create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 90, b: 80 } },
      })
        .jpeg()
        .toBuffer();
    });
    /** A new upload: each listing claims its own. */
    const upload = async () => {
      const body = multipartFile('hall.jpg', jpeg);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/images',
        payload: body.payload,
        headers: { ...body.headers, cookie: host.cookie },
        remoteAddress: `10.21.0.${++uploads}`,
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ id: string }>().id;
    };

    const listing = (imageId: string, vatNumber?: string | null): CreateSpaceRequestInput => ({
      listingLanguage: 'ar',
      nameAr: 'قاعة الضريبة',
      nameEn: null,
      descriptionAr: 'قاعة اجتماعات هادئة.',
      descriptionEn: null,
      type: 'meeting_room',
      address: 'طريق الملك فهد، حي العليا',
      city: 'riyadh',
      country: 'SA',
      googleMapsUrl: null,
      priceHalalas: 15_000,
      capacity: 12,
      amenities: ['wifi'],
      contactPhone: '0512345678',
      contactEmail: 'host@example.test',
      imageIds: [imageId],
      availableDays: ['sunday'],
      opensAt: '08:00',
      closesAt: '22:00',
      ...(vatNumber === undefined ? {} : { vatNumber }),
    });

    it('refuses a VAT number that is not 15 digits starting and ending with 3, and stores nothing', async () => {
      const before = (await t.deps.database.db.select().from(spaces)).length;
      const imageId = await upload();
      for (const bad of ['30000000000003', '200000000000003', '300000000000004', 'abc', 42]) {
        const res = await call('POST', '/api/spaces', host.cookie, {
          ...listing(imageId),
          vatNumber: bad,
        });
        expect(res.statusCode, String(bad)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
        expect(res.json().error.fields).toEqual({
          vatNumber: 'Enter the 15-digit VAT number, which starts and ends with 3.',
        });
      }
      const ar = await call(
        'POST',
        '/api/spaces',
        host.cookie,
        { ...listing(imageId), vatNumber: '1' },
        'ar',
      );
      expect(ar.json().error.fields.vatNumber).toBe(
        'أدخل الرقم الضريبي المكوّن من 15 رقمًا، ويبدأ بالرقم 3 وينتهي به.',
      );
      expect((await t.deps.database.db.select().from(spaces)).length).toBe(before);
    });

    it('stores the VAT number as 15 Latin digits; the page says the host is VAT-registered', async () => {
      const res = await call(
        'POST',
        '/api/spaces',
        host.cookie,
        listing(await upload(), '٣١٠ ١٢٣٤ ٥٦٧٨ ٩٠٠٣'),
      );
      expect(res.statusCode).toBe(201);
      const { id } = res.json<{ id: string }>();
      const [row] = await t.deps.database.db.select().from(spaces).where(eq(spaces.id, id));
      expect(row!.vatNumber).toBe('310123456789003');
      // The host's own view has the number; the public page only whether VAT is charged.
      const mine = await call('GET', `/api/me/spaces/${id}`, host.cookie);
      expect(mine.json<HostSpace>()).toMatchObject({ vatNumber: '310123456789003' });
      await t.deps.database.db.update(spaces).set({ status: 'approved' }).where(eq(spaces.id, id));
      const details = (await call('GET', `/api/spaces/${id}`, null)).json<SpaceDetails>();
      expect(details).toMatchObject({ priceHalalas: 15_000, vatRegistered: true });
      expect(details).not.toHaveProperty('vatNumber');
    });

    it('a listing without a VAT number is not VAT-registered', async () => {
      const res = await call('POST', '/api/spaces', host.cookie, listing(await upload(), null));
      expect(res.statusCode).toBe(201);
      const { id } = res.json<{ id: string }>();
      expect(
        (await call('GET', `/api/me/spaces/${id}`, host.cookie)).json<HostSpace>().vatNumber,
      ).toBeNull();
      await t.deps.database.db.update(spaces).set({ status: 'approved' }).where(eq(spaces.id, id));
      expect(
        (await call('GET', `/api/spaces/${id}`, null)).json<SpaceDetails>().vatRegistered,
      ).toBe(false);
    });

    it('the listing edit sets, checks and clears the VAT number at once (an operational field)', async () => {
      const space = await createSpace(t.deps.database.db, { hostId: host.user.id });
      const url = `/api/me/spaces/${space.id}`;
      const bad = await call('PATCH', url, host.cookie, { vatNumber: '399999999999999' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('vatNumber');

      const set = await call('PATCH', url, host.cookie, { vatNumber: '399999999999993' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({
        applied: ['vatNumber'],
        underReview: [],
        space: { status: 'approved', vatNumber: '399999999999993' },
      });
      expect((await call('GET', `/api/spaces/${space.id}`, null)).json().vatRegistered).toBe(true);

      const cleared = await call('PATCH', url, host.cookie, { vatNumber: null });
      expect(cleared.json()).toMatchObject({ applied: ['vatNumber'], space: { vatNumber: null } });
      expect((await call('GET', `/api/spaces/${space.id}`, null)).json().vatRegistered).toBe(false);
    });
  });

  describe('the booking and its emails', () => {
    let vatSpaceId: string;
    let plainSpaceId: string;
    beforeAll(async () => {
      const db = t.deps.database.db;
      const days = ['sunday'] as const;
      vatSpaceId = (
        await createSpace(db, {
          hostId: host.user.id,
          nameEn: 'VAT hall',
          priceHalalas: 15_000,
          vatNumber: '310122393500003',
          availableDays: [...days],
        })
      ).id;
      plainSpaceId = (
        await createSpace(db, {
          hostId: host.user.id,
          nameEn: 'Plain hall',
          priceHalalas: 15_000,
          availableDays: [...days],
        })
      ).id;
    });
    beforeEach(async () => {
      await t.deps.database.db.delete(bookings);
    });

    const request = (spaceId: string, startTime = '10:00', endTime = '11:30') =>
      call('POST', '/api/bookings', renter.cookie, {
        spaceId,
        date: SUNDAY,
        startTime,
        endTime,
        guests: 2,
        contactPhone: '0512345678',
      });

    const mailJobs = async () =>
      (
        await t.deps.database.db.select().from(jobs).where(like(jobs.dedupeKey, 'mail:booking-%'))
      ).map((j) => ({ key: j.dedupeKey!, mail: j.payload as MailJob }));

    it('keeps the VAT part of a VAT-registered host’s booking, in the answer, the row and My bookings', async () => {
      const res = await request(vatSpaceId);
      expect(res.statusCode).toBe(201);
      // 1.5 h × 150 SAR = 225 SAR, VAT included; 225 × 15 / 115 = 29.35 SAR of it is VAT.
      expect(res.json<MyBooking>()).toMatchObject({ totalHalalas: 22_500, vatHalalas: 2_935 });
      expect(vatPartHalalas(22_500)).toBe(2_935);
      const [row] = await t.deps.database.db.select().from(bookings);
      expect(row).toMatchObject({ totalHalalas: 22_500, vatHalalas: 2_935 });
      const mine = (await call('GET', '/api/me/bookings', renter.cookie)).json<{
        items: MyBooking[];
      }>();
      expect(mine.items[0]).toMatchObject({ totalHalalas: 22_500, vatHalalas: 2_935 });
    });

    it('a host who is not VAT-registered charges no VAT: vatHalalas is null', async () => {
      const res = await request(plainSpaceId);
      expect(res.json<MyBooking>()).toMatchObject({ totalHalalas: 22_500, vatHalalas: null });
    });

    it('a booking keeps its price and VAT when the host later changes both', async () => {
      const made = (await request(vatSpaceId)).json<MyBooking>();
      const edit = await call('PATCH', `/api/me/spaces/${vatSpaceId}`, host.cookie, {
        priceHalalas: 20_000,
        vatNumber: null,
      });
      expect(edit.statusCode).toBe(200);
      try {
        const mine = (await call('GET', '/api/me/bookings', renter.cookie)).json<{
          items: MyBooking[];
        }>();
        expect(mine.items.find((b) => b.id === made.id)).toMatchObject({
          totalHalalas: 22_500,
          vatHalalas: 2_935,
        });
        const later = (await request(vatSpaceId, '13:00', '14:00')).json<MyBooking>();
        expect(later).toMatchObject({ totalHalalas: 20_000, vatHalalas: null });
      } finally {
        await call('PATCH', `/api/me/spaces/${vatSpaceId}`, host.cookie, {
          priceHalalas: 15_000,
          vatNumber: '310122393500003',
        });
      }
    });

    it('the admin desk and the host’s bookings show the VAT part', async () => {
      const made = (await request(vatSpaceId)).json<MyBooking>();
      const desk = (await call('GET', '/api/admin/bookings?status=pending', admin.cookie)).json<{
        items: AdminBooking[];
      }>();
      expect(desk.items.find((b) => b.id === made.id)).toMatchObject({
        totalHalalas: 22_500,
        vatHalalas: 2_935,
      });
      const hosted = (await call('GET', '/api/host/bookings', host.cookie)).json<HostBookings>();
      expect(hosted.items.find((b) => b.id === made.id)).toMatchObject({
        totalHalalas: 22_500,
        vatHalalas: 2_935,
      });
    });

    it('the emails say the total includes VAT and, for a VAT-registered host, how much', async () => {
      const made = (await request(vatSpaceId)).json<MyBooking>();
      // The host's email is queued by the coalesced notices' job (decision 072).
      await requestNoticesDueNow(t.deps.database.db);
      await deliverMail(t);
      let mails = await mailJobs();
      const toRenter = mails.find((m) => m.key === `mail:booking-${made.id}-requested-renter`)!;
      // The renter reads Arabic.
      expect(toRenter.mail.text).toContain('الإجمالي (شامل ضريبة القيمة المضافة)');
      expect(toRenter.mail.text).toContain('منها ضريبة القيمة المضافة (15%)');
      expect(toRenter.mail.text).toContain('29.35');
      const toHost = mails.find((m) => m.key === `mail:booking-${made.id}-requested-host`)!;
      expect(toHost.mail.text).toContain('Total (VAT included)');
      expect(toHost.mail.text).toContain('Of which VAT (15%)');

      const confirm = await call('POST', `/api/admin/bookings/${made.id}/confirm`, admin.cookie);
      expect(confirm.statusCode).toBe(200);
      mails = await mailJobs();
      const confirmed = mails.find((m) => m.key === `mail:booking-${made.id}-confirmed-renter`)!;
      expect(confirmed.mail.text).toContain('منها ضريبة القيمة المضافة (15%)');
      expect(confirmed.mail.html).toContain('29.35');

      await t.deps.database.db.delete(jobs);
      const plain = (await request(plainSpaceId, '13:00', '14:00')).json<MyBooking>();
      const plainMail = (await mailJobs()).find(
        (m) => m.key === `mail:booking-${plain.id}-requested-renter`,
      )!;
      expect(plainMail.mail.text).toContain('الإجمالي (شامل ضريبة القيمة المضافة)');
      expect(plainMail.mail.text).not.toContain('منها ضريبة القيمة المضافة');
    });
  });
});
