import { rm } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings, jobs } from '#server/db/schema.ts';
import {
  expireDueRequests,
  remindAdminsOfWaitingRequests,
} from '#server/features/bookings/request-sweeps.ts';
import { formatTime } from '#shared/format.ts';
import {
  createBooking,
  createSpace,
  createUser,
  openAllDay,
  type NewSpace,
} from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 18, on both engines: requests expire at their time to live or their start, the admins
 * get one reminder digest each, a confirm declines the requests it overlaps in its own
 * transaction, and confirmed bookings are cancelled by the renter (before the start) or the
 * admin (with a reason) — each with its emails.
 */
const PASSWORD = 'Riyadh#2026';
const HOUR = 3_600_000;

describe('no request left hanging', () => {
  let t: TestApp;
  let renterCookie: string;
  let adminCookie: string;
  let hostId: string;
  let renter: { id: string; email: string };
  const settings = () => ({
    ttlHours: 48,
    reminderHours: 24,
    publicUrl: t.config.publicUrl,
    teamEmail: t.config.mail.teamEmail,
  });
  const db = () => t.deps.database.db;

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  const mailTo = async (address: string): Promise<ParsedMail[]> => {
    await deliverMail(t);
    return (await sentMail(t)).filter((m) => recipient(m) === address);
  };

  const newSpace = (extra: Partial<NewSpace>) =>
    createSpace(db(), {
      ...openAllDay(hostId),
      nameEn: 'Palm Hall',
      nameAr: 'قاعة النخيل',
      ...extra,
    });

  const pending = (
    spaceId: string,
    date: string,
    startTime: string,
    endTime: string,
    createdAt?: Date,
  ) =>
    createBooking(db(), {
      spaceId,
      renterId: renter.id,
      renterEmail: renter.email,
      date,
      startTime,
      endTime,
      ...(createdAt ? { createdAt } : {}),
    });

  const statusOf = async (id: string) =>
    (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    hostId = (
      await createUser(db(), { email: 'host@example.test', fullName: 'نورة العتيبي', locale: 'ar' })
    ).id;
    renter = await createUser(db(), {
      email: 'renter@example.test',
      fullName: 'Faisal Al-Harbi',
      password: PASSWORD,
      locale: 'en',
    });
    await createUser(db(), {
      email: 'admin-ar@example.test',
      password: PASSWORD,
      roles: ['admin'],
      locale: 'ar',
    });
    await createUser(db(), {
      email: 'admin-en@example.test',
      roles: ['super_admin'],
      locale: 'en',
    });
    renterCookie = await signInCookie(t, 'renter@example.test', PASSWORD);
    adminCookie = await signInCookie(t, 'admin-ar@example.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await db().delete(jobs);
    await db().delete(bookings);
    await rm(t.config.mail.dir, { recursive: true, force: true });
  });

  describe('expiry', () => {
    it(`expires a request ${48} hours after it was sent, not a second before; tells renter and host`, async () => {
      const space = await newSpace({});
      const sent = new Date(Date.now() - 60_000);
      const b = await pending(space.id, riyadhDate(30), '10:00', '12:00', sent);
      const at = new Date(sent.getTime() + 48 * HOUR);
      expect(await expireDueRequests(db(), new Date(at.getTime() - 1000), settings())).toBe(0);
      expect((await statusOf(b.id)).status).toBe('pending');
      expect(await expireDueRequests(db(), at, settings())).toBe(1);
      expect(await statusOf(b.id)).toMatchObject({ status: 'expired', decidedBy: null });
      // Once: a second run finds nothing.
      expect(await expireDueRequests(db(), at, settings())).toBe(0);

      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, b.id), eq(auditLog.action, 'booking.expire')));
      expect(audit).toMatchObject({ actorId: null, details: { from: 'pending', to: 'expired' } });

      const [toRenter] = await mailTo('renter@example.test');
      expect(toRenter!.subject).toBe('Your booking request at “Palm Hall” expired');
      expect(toRenter!.text).toContain(`${t.config.publicUrl}/explore-spaces`);
      const [toHost] = await mailTo('host@example.test');
      expect(toHost!.subject).toBe('انتهت مهلة طلب حجز على «قاعة النخيل»');
      expect(toHost!.html).toContain('dir="rtl"');
      const keys = (await db().select().from(jobs)).map((j) => j.dedupeKey).sort();
      expect(keys).toEqual([
        `mail:booking-${b.id}-expired-host`,
        `mail:booking-${b.id}-expired-renter`,
      ]);
    });

    it('takes fractions of an hour', async () => {
      const space = await newSpace({});
      const sent = new Date(Date.now() - 60_000);
      const b = await pending(space.id, riyadhDate(30), '10:00', '12:00', sent);
      const short = { ...settings(), ttlHours: 0.5 };
      expect(await expireDueRequests(db(), new Date(sent.getTime() + 29 * 60_000), short)).toBe(0);
      expect(await expireDueRequests(db(), new Date(sent.getTime() + 30 * 60_000), short)).toBe(1);
      expect((await statusOf(b.id)).status).toBe('expired');
    });

    it('expires at the start when that comes before the time to live', async () => {
      const space = await newSpace({});
      const date = riyadhDate(1);
      const b = await pending(space.id, date, '10:00', '11:00', new Date());
      const start = new Date(`${date}T10:00:00+03:00`);
      expect(await expireDueRequests(db(), new Date(start.getTime() - 1000), settings())).toBe(0);
      expect(await expireDueRequests(db(), start, settings())).toBe(1);
      expect((await statusOf(b.id)).status).toBe('expired');
    });

    it('leaves decided and cancelled bookings alone', async () => {
      const space = await newSpace({});
      const old = new Date(Date.now() - 72 * HOUR);
      const confirmed = await createBooking(db(), {
        spaceId: space.id,
        renterId: renter.id,
        renterEmail: renter.email,
        date: riyadhDate(30),
        startTime: '10:00',
        endTime: '11:00',
        status: 'confirmed',
        createdAt: old,
      });
      const cancelled = await createBooking(db(), {
        spaceId: space.id,
        renterId: renter.id,
        renterEmail: renter.email,
        date: riyadhDate(30),
        startTime: '12:00',
        endTime: '13:00',
        status: 'cancelled',
        createdAt: old,
      });
      expect(await expireDueRequests(db(), new Date(), settings())).toBe(0);
      expect((await statusOf(confirmed.id)).status).toBe('confirmed');
      expect((await statusOf(cancelled.id)).status).toBe('cancelled');
    });
  });

  describe('reminders', () => {
    it('sends one digest per admin, soonest to expire first, each request once', async () => {
      const space = await newSpace({});
      const now = new Date();
      const waited = [30, 25, 40].map((h) => new Date(now.getTime() - h * HOUR));
      const ids = [];
      for (const [i, createdAt] of waited.entries())
        ids.push((await pending(space.id, riyadhDate(20 + i), '10:00', '11:00', createdAt)).id);
      const fresh = await pending(
        space.id,
        riyadhDate(25),
        '10:00',
        '11:00',
        new Date(now.getTime() - HOUR),
      );

      expect(await remindAdminsOfWaitingRequests(db(), now, settings())).toBe(3);
      expect(await remindAdminsOfWaitingRequests(db(), now, settings())).toBe(0);
      const digests = (await db().select().from(jobs)).filter((j) =>
        j.dedupeKey?.startsWith('mail:reminder-digest-'),
      );
      expect(digests).toHaveLength(2);
      const ar = await mailTo('admin-ar@example.test');
      const en = await mailTo('admin-en@example.test');
      expect(ar).toHaveLength(1);
      expect(en).toHaveLength(1);
      expect(ar[0]!.subject).toBe('طلبات حجز تنتظر قرارك (3)');
      expect(en[0]!.subject).toBe('Booking requests waiting for a decision (3)');
      // 40 h waited → 8 h left; 30 → 18; 25 → 23: in that order.
      const lines = en[0]!.text!.split('\n').filter((l) => l.startsWith('•'));
      expect(lines).toHaveLength(3);
      expect(lines[0]).toContain('8 hours left');
      expect(lines[1]).toContain('18 hours left');
      expect(lines[2]).toContain('23 hours left');
      expect(ar[0]!.text).toContain('المتبقي: 8 ساعات');

      const marked = await db().select().from(bookings).where(inArray(bookings.id, ids));
      expect(marked.every((b) => b.remindedAt !== null)).toBe(true);
      expect((await statusOf(fresh.id)).remindedAt).toBeNull();
      // The fresh one's turn comes later, in a digest of its own.
      expect(
        await remindAdminsOfWaitingRequests(db(), new Date(now.getTime() + 24 * HOUR), settings()),
      ).toBe(1);
    });

    it('the review desk lists pending requests soonest to expire first, with the expiry', async () => {
      const space = await newSpace({});
      const now = Date.now();
      const late = await pending(space.id, riyadhDate(30), '10:00', '11:00', new Date(now - HOUR));
      const early = await pending(
        space.id,
        riyadhDate(30),
        '12:00',
        '13:00',
        new Date(now - 40 * HOUR),
      );
      const startsSoon = await pending(space.id, riyadhDate(1), '23:00', '23:30', new Date(now));
      const res = await call('GET', '/api/admin/bookings?status=pending', adminCookie);
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { id: string; expiresAt: string }[];
      const expected = [early, startsSoon, late]
        .map((b) => ({
          id: b.id,
          at: Math.min(
            b.createdAt.getTime() + 48 * HOUR,
            new Date(`${b.date}T${b.startTime}+03:00`).getTime(),
          ),
        }))
        .sort((a, b) => a.at - b.at);
      expect(items.map((i) => i.id)).toEqual(expected.map((e) => e.id));
      expect(items.map((i) => new Date(i.expiresAt).getTime())).toEqual(expected.map((e) => e.at));
      const all = await call('GET', '/api/admin/bookings', adminCookie);
      expect((all.json().items as { id: string }[]).map((i) => i.id)).toEqual([
        startsSoon.id,
        late.id,
        early.id,
      ]);
    });

    it('two sweeps at once remind of each request once', async () => {
      const space = await newSpace({});
      const now = new Date();
      for (let i = 0; i < 12; i += 1)
        await pending(
          space.id,
          riyadhDate(20 + i),
          '10:00',
          '11:00',
          new Date(now.getTime() - 30 * HOUR),
        );
      const counts = await Promise.all(
        Array.from({ length: 4 }, () => remindAdminsOfWaitingRequests(db(), now, settings())),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    });
  });

  describe('taken slots decline themselves', () => {
    it('declines every pending request the confirmed one overlaps, buffer included, in its transaction', async () => {
      const space = await newSpace({ bufferMinutes: 60 });
      const date = riyadhDate(14);
      const a = await pending(space.id, date, '10:00', '12:00');
      const overlapping = await pending(space.id, date, '11:00', '13:00');
      const inBuffer = await pending(space.id, date, '12:30', '13:30');
      const bufferReaches = await pending(space.id, date, '08:30', '09:30');
      const after = await pending(space.id, date, '13:00', '14:00');
      const before = await pending(space.id, date, '08:00', '09:00');
      const otherDay = await pending(space.id, riyadhDate(15), '10:00', '12:00');

      const res = await call('POST', `/api/admin/bookings/${a.id}/confirm`, adminCookie);
      expect(res.statusCode).toBe(200);
      const confirmed = await statusOf(a.id);
      for (const id of [overlapping.id, inBuffer.id, bufferReaches.id]) {
        const row = await statusOf(id);
        expect(row).toMatchObject({
          status: 'rejected',
          statusReason: 'SLOT_TAKEN',
          decidedBy: null,
        });
        // now() is the transaction's start: the same instant proves the same transaction.
        expect(row.decidedAt).toEqual(confirmed.decidedAt);
      }
      for (const id of [after.id, before.id, otherDay.id])
        expect((await statusOf(id)).status).toBe('pending');

      const declines = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'booking.decline'));
      expect(declines.map((d) => d.reason)).toEqual(['SLOT_TAKEN', 'SLOT_TAKEN', 'SLOT_TAKEN']);

      const mails = (await mailTo('renter@example.test')).filter((m) =>
        m.subject?.startsWith('The time you asked for'),
      );
      expect(mails).toHaveLength(3);
      // The day's other free times: before 09:00 and from 13:00 (an hour of buffer each side).
      expect(mails[0]!.text).toContain(
        `${formatTime('13:00', 'en')} – ${formatTime('23:30', 'en')}`,
      );
      expect(mails[0]!.text).toContain(
        `${formatTime('00:00', 'en')} – ${formatTime('09:00', 'en')}`,
      );
      // The host heard of the confirm only, not of each decline.
      const keys = (await db().select().from(jobs)).map((j) => j.dedupeKey);
      expect(keys.filter((k) => k?.endsWith('-host'))).toEqual([
        `mail:booking-${a.id}-confirmed-host`,
      ]);
    });

    it('a confirm that fails declines nothing', async () => {
      const space = await newSpace({});
      const date = riyadhDate(14);
      await createBooking(db(), {
        spaceId: space.id,
        renterId: renter.id,
        renterEmail: renter.email,
        date,
        startTime: '10:00',
        endTime: '12:00',
        status: 'confirmed',
      });
      // Overlaps the confirmed one: the database refuses its confirm and the transaction rolls back.
      const loser = await pending(space.id, date, '11:00', '13:00');
      const bystander = await pending(space.id, date, '12:00', '14:00');
      const res = await call('POST', `/api/admin/bookings/${loser.id}/confirm`, adminCookie);
      expect(res.statusCode).toBe(409);
      expect((await statusOf(bystander.id)).status).toBe('pending');
      expect((await statusOf(loser.id)).status).toBe('pending');
    });
  });

  describe('cancelling a confirmed booking', () => {
    const confirmedBooking = async (
      policy: 'flexible' | 'moderate' | 'strict',
      daysAhead: number,
    ) => {
      const space = await newSpace({ cancellationPolicy: policy });
      const date = riyadhDate(daysAhead);
      const b = await pending(space.id, date, '10:00', '12:00');
      expect(
        (await call('POST', `/api/admin/bookings/${b.id}/confirm`, adminCookie)).statusCode,
      ).toBe(200);
      await deliverMail(t);
      await rm(t.config.mail.dir, { recursive: true, force: true });
      await db().delete(jobs);
      return { space, date, booking: b };
    };

    it('the renter, inside the free window: cancelled, the slot free at once, all three told', async () => {
      const { space, date, booking } = await confirmedBooking('flexible', 10);
      const busy = async () =>
        (await call('GET', `/api/spaces/${space.id}/availability?date=${date}`)).json().busy;
      expect(await busy()).toHaveLength(1);
      const res = await call('POST', `/api/me/bookings/${booking.id}/cancel`, renterCookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: booking.id, status: 'cancelled' });
      expect(await busy()).toEqual([]);

      const [toRenter] = await mailTo('renter@example.test');
      expect(toRenter!.subject).toBe('Your booking at “Palm Hall” is cancelled');
      expect(toRenter!.text).toContain('within the free cancellation window');
      const ics = toRenter!.attachments.find((a) => a.filename?.endsWith('.ics'));
      const lines = ics!.content.toString('utf8').split('\r\n');
      expect(lines).toContain('METHOD:CANCEL');
      expect(lines).toContain('STATUS:CANCELLED');
      expect(lines).toContain(`UID:booking-${booking.id}@hourspace.sa`);
      const [toHost] = await mailTo('host@example.test');
      expect(toHost!.subject).toBe('ألغى المستأجر حجزًا على «قاعة النخيل»');
      expect(await mailTo('admin-ar@example.test')).toHaveLength(1);
      expect(await mailTo('admin-en@example.test')).toHaveLength(1);

      // Again: 409, nothing changes and nobody is told twice.
      const again = await call('POST', `/api/me/bookings/${booking.id}/cancel`, renterCookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('BOOKING_NOT_CANCELLABLE');
      expect((await db().select().from(jobs)).filter((j) => j.status === 'queued')).toEqual([]);
    });

    it('the renter, after the free window: still cancelled, and the email says plainly what it means', async () => {
      const { booking } = await confirmedBooking('strict', 3);
      const res = await call('POST', `/api/me/bookings/${booking.id}/cancel`, renterCookie);
      expect(res.statusCode).toBe(200);
      const [toRenter] = await mailTo('renter@example.test');
      expect(toRenter!.text).toContain('after the free cancellation window');
      expect(toRenter!.text).toContain('Strict: free cancellation until 7 days before the start');
      // Issue 32: payments exist now; the email says what a late cancellation gives back.
      expect(toRenter!.text).toContain(
        'what the space’s cancellation policy gives for a late cancellation',
      );
    });

    it('the admin, with a reason the renter reads; without one it is refused and nothing changes', async () => {
      const { booking } = await confirmedBooking('moderate', 10);
      const none = await call('POST', `/api/admin/bookings/${booking.id}/cancel`, adminCookie, {});
      expect(none.statusCode).toBe(400);
      expect(none.json().error.fields.reason).toBeTruthy();
      const byRenter = await call(
        'POST',
        `/api/admin/bookings/${booking.id}/cancel`,
        renterCookie,
        {
          reason: 'x',
        },
      );
      expect(byRenter.statusCode).toBe(403);
      expect((await statusOf(booking.id)).status).toBe('confirmed');
      expect(await db().select().from(jobs)).toEqual([]);

      const res = await call('POST', `/api/admin/bookings/${booking.id}/cancel`, adminCookie, {
        reason: 'The hall is closed for repairs that day.',
      });
      expect(res.statusCode).toBe(200);
      expect(await statusOf(booking.id)).toMatchObject({
        status: 'cancelled',
        statusReason: 'The hall is closed for repairs that day.',
      });
      const [toRenter] = await mailTo('renter@example.test');
      expect(toRenter!.text).toContain('Reason: The hall is closed for repairs that day.');
      expect(
        toRenter!.attachments.some((a) => a.content.toString('utf8').includes('METHOD:CANCEL')),
      ).toBe(true);
      const [toHost] = await mailTo('host@example.test');
      expect(toHost!.subject).toBe('أُلغي حجز مؤكد على «قاعة النخيل»');
      const [toAdmin] = await mailTo('admin-en@example.test');
      expect(toAdmin!.text).toContain('The hall is closed for repairs that day.');

      const again = await call('POST', `/api/admin/bookings/${booking.id}/cancel`, adminCookie, {
        reason: 'again',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'BOOKING_NOT_CANCELLABLE',
        current: { id: booking.id, status: 'cancelled' },
      });
    });

    it('the admin cannot cancel a pending request (it is rejected instead) or an expired one', async () => {
      const space = await newSpace({});
      const b = await pending(space.id, riyadhDate(9), '10:00', '11:00');
      const res = await call('POST', `/api/admin/bookings/${b.id}/cancel`, adminCookie, {
        reason: 'x',
      });
      expect(res.statusCode).toBe(409);
      await expireDueRequests(db(), new Date(Date.now() + 100 * HOUR), settings());
      expect((await statusOf(b.id)).status).toBe('expired');
      const expired = await call('POST', `/api/admin/bookings/${b.id}/cancel`, adminCookie, {
        reason: 'x',
      });
      expect(expired.statusCode).toBe(409);
      expect((await statusOf(b.id)).status).toBe('expired');
    });
  });
});
