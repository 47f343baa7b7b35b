import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings, jobs, spaces } from '#server/db/schema.ts';
import { REVIEW_REASON_MAX } from '#shared/schemas/admin.ts';
import { createSpace, createSpaceImage, createUser } from '../fixtures/factories.ts';
import {
  deliverMail,
  deskVersion,
  insertBooking,
  recipient,
  sentMail,
  signInCookie,
} from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PASSWORD = 'Review#2026';

describe('the admin review desk', () => {
  let t: TestApp;
  let adminCookie: string;
  let hostEn: Awaited<ReturnType<typeof createUser>>;
  let hostAr: Awaited<ReturnType<typeof createUser>>;
  let renterAr: Awaited<ReturnType<typeof createUser>>;
  let renterEn: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;

  const db = () => t.deps.database.db;
  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    lang = 'en',
    cookie = adminCookie,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { cookie, 'accept-language': lang },
    });

  /** The version the desk shows for a pending listing: what the approval sends (issue 37). */
  const shown = (spaceId: string) => deskVersion(t, adminCookie, spaceId);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(db(), {
      email: 'desk-admin@example.test',
      fullName: 'مشرفة المنصة',
      password: PASSWORD,
      roles: ['admin'],
    });
    hostEn = await createUser(db(), {
      email: 'host-en@example.test',
      fullName: 'Sam Host',
      phone: '+966511111111',
      locale: 'en',
    });
    hostAr = await createUser(db(), {
      email: 'host-ar@example.test',
      fullName: 'نورة المضيفة',
      locale: 'ar',
    });
    renterAr = await createUser(db(), {
      email: 'renter-ar@example.test',
      fullName: 'فيصل الحربي',
      locale: 'ar',
    });
    renterEn = await createUser(db(), {
      email: 'renter-en@example.test',
      fullName: 'Lina Renter',
      locale: 'en',
    });
    adminCookie = await signInCookie(t, admin.email, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await db().delete(jobs);
    await db().delete(auditLog);
    await db().delete(bookings);
    await db().delete(spaces);
  });

  const jobsFor = async (dedupeKey: string) =>
    db().select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey));

  describe('spaces', () => {
    it('lists pending listings newest first with everything the host entered, and tab counts', async () => {
      const older = await createSpace(db(), {
        hostId: hostEn.id,
        status: 'pending',
        nameEn: 'Older studio',
        createdAt: new Date(Date.now() - 60_000),
      });
      const newer = await createSpace(db(), {
        hostId: hostEn.id,
        status: 'pending',
        nameEn: 'Newer hall',
        amenities: ['wifi', 'projector'],
        googleMapsUrl: 'https://maps.google.com/?q=24.7,46.6',
      });
      await createSpace(db(), { hostId: hostAr.id, status: 'approved' });
      await createSpaceImage(db(), {
        spaceId: newer.id,
        uploaderId: hostEn.id,
        variants: { '960': 'spaces/a/960.webp', '480': 'spaces/a/480.webp' },
        width: 1600,
        height: 1000,
      });

      const res = await call('GET', '/api/admin/spaces?status=pending');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body.counts).toEqual({
        pending: 2,
        approved: 1,
        rejected: 0,
        paused: 0,
        archived: 0,
        revision: 0,
        all: 3,
      });
      expect(body.total).toBe(2);
      expect(body.items.map((s: { id: string }) => s.id)).toEqual([newer.id, older.id]);
      expect(body.items[0]).toMatchObject({
        status: 'pending',
        nameEn: 'Newer hall',
        nameAr: 'قاعة اجتماعات',
        descriptionAr: 'قاعة هادئة مجهزة للاجتماعات.',
        descriptionEn: 'A quiet room equipped for meetings.',
        priceHalalas: 15_000,
        capacity: 10,
        amenities: ['wifi', 'projector'],
        opensAt: '08:00',
        closesAt: '22:00',
        availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
        contactPhone: '0512345678',
        contactEmail: 'host@example.test',
        googleMapsUrl: 'https://maps.google.com/?q=24.7,46.6',
        host: {
          id: hostEn.id,
          name: 'Sam Host',
          email: 'host-en@example.test',
          phone: '+966511111111',
        },
      });
      expect(body.items[0].images).toHaveLength(1);
      // One image shape for every answer about a space (the details page's): URLs by width.
      const variants: { width: number; url: string }[] = body.items[0].images[0].variants;
      expect(variants.map((v) => v.width)).toEqual([480, 960]);
      expect(variants[0]!.url).toMatch(/spaces\/a\/480\.webp$/);

      const all = (await call('GET', '/api/admin/spaces')).json();
      expect(all.total).toBe(3);
    });

    it('paginates, and refuses a bad filter or page with 400', async () => {
      for (let i = 0; i < 5; i += 1)
        await createSpace(db(), {
          hostId: hostEn.id,
          status: 'pending',
          createdAt: new Date(Date.now() - i * 1000),
        });
      const first = (await call('GET', '/api/admin/spaces?status=pending&pageSize=2')).json();
      const third = (
        await call('GET', '/api/admin/spaces?status=pending&pageSize=2&page=3')
      ).json();
      expect(first.items).toHaveLength(2);
      expect(third.items).toHaveLength(1);
      expect(third).toMatchObject({ page: 3, pageSize: 2, total: 5 });
      for (const query of ['status=open', 'page=0', 'pageSize=500', 'page=abc']) {
        const res = await call('GET', `/api/admin/spaces?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
      }
    });

    it('approves: the space becomes visible, the host is emailed in their language, the audit records it', async () => {
      const space = await createSpace(db(), { hostId: hostEn.id, status: 'pending' });
      const res = await call(
        'POST',
        `/api/admin/spaces/${space.id}/approve`,
        { version: await shown(space.id) },
        'ar',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ space: { id: space.id, status: 'approved', reviewNote: null } });
      const [row] = await db().select().from(spaces).where(eq(spaces.id, space.id));
      expect(row).toMatchObject({ status: 'approved', reviewedBy: admin.id });
      expect(row!.reviewedAt).toBeInstanceOf(Date);

      const [job] = await jobsFor(`mail:space-${space.id}-approved-host`);
      expect(job).toBeDefined();
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({
        actorId: admin.id,
        action: 'space.approve',
        subjectType: 'space',
        subjectId: space.id,
        reason: null,
      });

      await deliverMail(t);
      const mail = (await sentMail(t)).find((m) => recipient(m) === 'host-en@example.test')!;
      // The host's stored language (English) wins over the admin's request (Arabic).
      expect(mail.subject).toBe('Your space “Meeting room” is approved');
      // Names people wrote are isolated: invisible U+2068/U+2069 in text, <bdi> in HTML (034).
      expect(mail.text).toContain('Hello \u2068Sam Host\u2069,');
      expect(mail.html).toContain('<bdi dir="auto">\u2068Sam Host\u2069</bdi>');
      expect(mail.text).toContain(`${t.config.publicUrl}/space/${space.id}`);
      expect(mail.html).toContain('dir="ltr"');
    });

    it('approves: a host whose language is Arabic gets the email in Arabic, right to left', async () => {
      // A host of its own: the mail folder keeps every earlier test's emails to hostAr.
      const host = await createUser(db(), {
        email: 'host-ar-approved@example.test',
        fullName: 'ريم المضيفة',
        locale: 'ar',
      });
      const space = await createSpace(db(), { hostId: host.id, status: 'pending' });
      const res = await call('POST', `/api/admin/spaces/${space.id}/approve`, {
        version: await shown(space.id),
      });
      expect(res.statusCode).toBe(200);

      await deliverMail(t);
      const mail = (await sentMail(t)).find(
        (m) => recipient(m) === 'host-ar-approved@example.test',
      )!;
      expect(mail.subject).toBe('تمت الموافقة على مساحتك «قاعة اجتماعات»');
      expect(mail.html).toContain('dir="rtl"');
      expect(mail.text).toContain('أصبحت الآن ظاهرة في صفحة استكشاف المساحات');
    });

    it('rejects with a reason: the host gets it by email (Arabic, right to left) and on the listing', async () => {
      const space = await createSpace(db(), { hostId: hostAr.id, status: 'pending' });
      const reason = 'الصور غير واضحة، يرجى رفع صور أوضح للقاعة.';
      const res = await call('POST', `/api/admin/spaces/${space.id}/reject`, {
        reason: `  ${reason} `,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        space: { id: space.id, status: 'rejected', reviewNote: reason },
      });
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: 'space.reject', reason });

      await deliverMail(t);
      const mail = (await sentMail(t)).find((m) => recipient(m) === 'host-ar@example.test')!;
      expect(mail.subject).toBe('لم تتم الموافقة على مساحتك «قاعة اجتماعات»');
      expect(mail.text).toContain(reason);
      expect(mail.html).toContain('dir="rtl"');
      expect(mail.html).toContain('lang="ar"');
    });

    it('refuses a rejection without a reason or over the limit, and changes nothing', async () => {
      const space = await createSpace(db(), { hostId: hostAr.id, status: 'pending' });
      for (const payload of [
        {},
        { reason: '   ' },
        { reason: 'x'.repeat(REVIEW_REASON_MAX + 1) },
        { reason: 7 },
      ]) {
        const res = await call('POST', `/api/admin/spaces/${space.id}/reject`, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
        expect(res.json().error.fields.reason).toMatch(/required|too long|not valid/);
      }
      const [row] = await db().select().from(spaces).where(eq(spaces.id, space.id));
      expect(row!.status).toBe('pending');
      expect((await db().select({ n: count() }).from(jobs))[0]!.n).toBe(0);
      expect((await db().select({ n: count() }).from(auditLog))[0]!.n).toBe(0);
    });

    it('answers 409 with the current state when the listing was already decided, 404 when it does not exist', async () => {
      const space = await createSpace(db(), { hostId: hostEn.id, status: 'pending' });
      const version = await shown(space.id);
      expect(
        (await call('POST', `/api/admin/spaces/${space.id}/approve`, { version })).statusCode,
      ).toBe(200);
      const again = await call(
        'POST',
        `/api/admin/spaces/${space.id}/reject`,
        { reason: 'late' },
        'ar',
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: {
          code: 'SPACE_ALREADY_DECIDED',
          message: 'اتخذ مشرف آخر قرارًا بشأن هذه المساحة. تعرض القائمة الآن حالتها الحالية.',
          current: { id: space.id, status: 'approved', reviewNote: null },
        },
      });
      const missing = await call(
        'POST',
        '/api/admin/spaces/00000000-0000-4000-8000-000000000000/approve',
        { version },
      );
      expect(missing.statusCode).toBe(404);
      const malformed = await call('POST', '/api/admin/spaces/not-a-uuid/approve', { version });
      expect(malformed.statusCode).toBe(400);
      expect((await db().select({ n: count() }).from(auditLog))[0]!.n).toBe(1);
    });

    it('two admins approving and rejecting one listing at once: one 200, one 409', async () => {
      const space = await createSpace(db(), { hostId: hostEn.id, status: 'pending' });
      const results = await Promise.all([
        call('POST', `/api/admin/spaces/${space.id}/approve`, { version: await shown(space.id) }),
        call('POST', `/api/admin/spaces/${space.id}/reject`, { reason: 'Not a real venue' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await db().select({ n: count() }).from(auditLog))[0]!.n).toBe(1);
      expect((await db().select({ n: count() }).from(jobs))[0]!.n).toBe(1);
    });
  });

  describe('bookings', () => {
    let space: Awaited<ReturnType<typeof createSpace>>;
    beforeEach(async () => {
      space = await createSpace(db(), {
        hostId: hostEn.id,
        status: 'approved',
        nameAr: 'استوديو العليا',
        nameEn: 'Olaya studio',
        address: 'طريق الملك فهد، العليا',
        contactPhone: '0550000000',
      });
    });
    const book = (
      startTime: string,
      endTime: string,
      extra: Partial<Parameters<typeof insertBooking>[1]> = {},
    ) =>
      insertBooking(db(), {
        spaceId: space.id,
        renterId: renterAr.id,
        renterEmail: renterAr.email,
        date: '2030-01-06',
        startTime,
        endTime,
        ...extra,
      });

    it('lists pending requests with everything the admin needs, and flags those overlapping a confirmed one', async () => {
      await book('10:00', '12:00', { status: 'confirmed' });
      const clash = await book('11:00', '13:00', { createdAt: new Date(Date.now() - 1000) });
      const free = await book('12:00', '14:00', {
        renterId: renterEn.id,
        renterEmail: renterEn.email,
      });
      const res = await call('GET', '/api/admin/bookings?status=pending');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.counts).toEqual({
        pending: 2,
        confirmed: 1,
        rejected: 0,
        cancelled: 0,
        expired: 0,
        completed: 0,
        all: 3,
      });
      // Soonest to expire first (issue 18): the one sent a second earlier.
      expect(body.items.map((b: { id: string }) => b.id)).toEqual([clash.id, free.id]);
      expect(body.items[0]).toMatchObject({
        id: clash.id,
        status: 'pending',
        space: { id: space.id, nameAr: 'استوديو العليا', nameEn: 'Olaya studio', city: 'riyadh' },
        renterName: 'فيصل الحربي',
        renterEmail: 'renter-ar@example.test',
        date: '2030-01-06',
        startTime: '11:00',
        endTime: '13:00',
        guests: 4,
        contactPhone: '0512345678',
        totalHalalas: 30_000,
        hostEmail: 'host-en@example.test',
        hostPhone: '0550000000',
        conflict: true,
        statusReason: null,
      });
      expect(new Date(body.items[0].expiresAt).getTime()).toBe(
        clash.createdAt.getTime() + 48 * 3_600_000,
      );
      // Back to back with the confirmed one ([10,12) and [12,14) do not overlap).
      expect(body.items[1].conflict).toBe(false);
    });

    it('confirms: the renter gets an Arabic email with an .ics attachment; deduplicated; audited', async () => {
      const booking = await book('10:00', '12:00');
      const res = await call('POST', `/api/admin/bookings/${booking.id}/confirm`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ booking: { id: booking.id, status: 'confirmed' } });
      const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row).toMatchObject({ status: 'confirmed', decidedBy: admin.id });
      expect(await jobsFor(`mail:booking-${booking.id}-confirmed-renter`)).toHaveLength(1);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({
        action: 'booking.confirm',
        subjectType: 'booking',
        subjectId: booking.id,
      });

      await deliverMail(t);
      const mail = (await sentMail(t)).find((m) => recipient(m) === 'renter-ar@example.test')!;
      expect(mail.subject).toBe('تم تأكيد حجزك في «استوديو العليا»');
      expect(mail.html).toContain('dir="rtl"');
      expect(mail.text).toContain('الأحد، 6 يناير 2030');
      expect(mail.text).toContain('10:00 ص – 12:00 م');
      expect(mail.text).toContain('300');
      expect(mail.attachments).toHaveLength(1);
      const ics = mail.attachments[0]!;
      expect(ics.filename).toBe('hourspace-booking.ics');
      expect(ics.contentType).toBe('text/calendar');
      const text = ics.content.toString('utf8');
      expect(text).toContain('BEGIN:VEVENT');
      expect(text).toContain(`UID:booking-${booking.id}@hourspace.sa`);
      expect(text).toContain('DTSTART:20300106T070000Z');
      expect(text).toContain('DTEND:20300106T090000Z');
      expect(text).toContain('\r\n');
    });

    it('rejects: the renter is emailed (in English, their language) that the host did not accept', async () => {
      const booking = await book('10:00', '12:00', {
        renterId: renterEn.id,
        renterEmail: renterEn.email,
      });
      const res = await call(
        'POST',
        `/api/admin/bookings/${booking.id}/reject`,
        { reason: 'Closed for maintenance' },
        'ar',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ booking: { id: booking.id, status: 'rejected' } });
      await deliverMail(t);
      const mail = (await sentMail(t)).find((m) => recipient(m) === 'renter-en@example.test')!;
      expect(mail.subject).toBe('Your booking request at “Olaya studio” was not accepted');
      expect(mail.text).toContain('the host did not accept your booking request');
      expect(mail.text).toContain('Closed for maintenance');
      expect(mail.attachments).toHaveLength(0);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: 'booking.reject', reason: 'Closed for maintenance' });
    });

    it('rejects without a body too; refuses a note over the limit', async () => {
      const booking = await book('10:00', '12:00');
      const long = await call('POST', `/api/admin/bookings/${booking.id}/reject`, {
        reason: 'x'.repeat(REVIEW_REASON_MAX + 1),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().error.fields.reason).toBe('This is too long.');
      const [still] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
      expect(still!.status).toBe('pending');
      const res = await call('POST', `/api/admin/bookings/${booking.id}/reject`);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('confirming a request that overlaps a confirmed booking answers the translated 409', async () => {
      await book('10:00', '12:00', { status: 'confirmed' });
      const clash = await book('11:30', '12:30');
      const en = await call('POST', `/api/admin/bookings/${clash.id}/confirm`);
      expect(en.statusCode).toBe(409);
      expect(en.json().error).toEqual({
        code: 'BOOKING_OVERLAP',
        message: 'This time overlaps a confirmed booking of this space.',
        current: { id: clash.id, status: 'pending', conflict: true },
      });
      const ar = await call('POST', `/api/admin/bookings/${clash.id}/confirm`, undefined, 'ar');
      expect(ar.json().error.message).toBe('هذا الوقت يتداخل مع حجز مؤكد لهذه المساحة.');
      const [row] = await db().select().from(bookings).where(eq(bookings.id, clash.id));
      expect(row!.status).toBe('pending');
      expect((await db().select({ n: count() }).from(jobs))[0]!.n).toBe(0);
      expect((await db().select({ n: count() }).from(auditLog))[0]!.n).toBe(0);
    });

    it('answers 409 with the current state for a decided or cancelled request, 404 for none', async () => {
      const cancelled = await book('10:00', '12:00', { status: 'cancelled' });
      const res = await call('POST', `/api/admin/bookings/${cancelled.id}/confirm`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'BOOKING_ALREADY_DECIDED',
        current: { id: cancelled.id, status: 'cancelled' },
      });
      const missing = await call(
        'POST',
        '/api/admin/bookings/00000000-0000-4000-8000-000000000000/reject',
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
    });

    it('two admins deciding one request at once: one 200, one 409, one decision told once', async () => {
      const booking = await book('10:00', '12:00');
      const results = await Promise.all([
        call('POST', `/api/admin/bookings/${booking.id}/confirm`),
        call('POST', `/api/admin/bookings/${booking.id}/reject`),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().error.code).toBe('BOOKING_ALREADY_DECIDED');
      const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
      expect(loser.json().error.current.status).toBe(row!.status);
      // The winner's decision, told once to the renter and once to the host.
      const keys = (await db().select().from(jobs)).map((j) => j.dedupeKey).sort();
      expect(keys).toEqual([
        `mail:booking-${booking.id}-${row!.status}-host`,
        `mail:booking-${booking.id}-${row!.status}-renter`,
      ]);
    });
  });

  describe('audit', () => {
    it('shows who decided what, when and why, newest first', async () => {
      const a = await createSpace(db(), { hostId: hostEn.id, status: 'pending' });
      const b = await createSpace(db(), { hostId: hostEn.id, status: 'pending' });
      await call('POST', `/api/admin/spaces/${a.id}/approve`, { version: await shown(a.id) });
      await call('POST', `/api/admin/spaces/${b.id}/reject`, { reason: 'Duplicate listing' });
      const res = await call('GET', '/api/admin/audit?pageSize=10');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(2);
      expect(body.items[0]).toMatchObject({
        action: 'space.reject',
        subjectId: b.id,
        reason: 'Duplicate listing',
        actor: { id: admin.id, name: 'مشرفة المنصة', email: 'desk-admin@example.test' },
        details: { from: 'pending', to: 'rejected', nameEn: 'Meeting room' },
      });
      expect(body.items[1]).toMatchObject({ action: 'space.approve', subjectId: a.id });
      expect(new Date(body.items[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });
  });
});
