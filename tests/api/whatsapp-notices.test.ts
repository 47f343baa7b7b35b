import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { bookings, jobs, users } from '#server/db/schema.ts';
import { createJobHandlers } from '#server/job-wiring.ts';
import { expireDueRequests } from '#server/features/bookings/request-sweeps.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import { riyadhClock, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import type { MeResponse } from '#shared/schemas/me.ts';
import { createSpace } from '../fixtures/factories.ts';
import { requestNoticesDueNow } from '../support/request-notices.ts';
import { startWhatsAppCloudServer } from '../support/servers/whatsapp-cloud-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInUser } from './listing-support.ts';

const ORIGIN = 'http://localhost:3000';

function nextSunday(daysAhead = 14): string {
  const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  while (weekdayOf(d.toISOString().slice(0, 10)) !== 'sunday') d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

interface Written {
  to: string;
  template: string;
  language: string;
  params: string[];
  text: string;
}

describe('WhatsApp notices (opt-in, PDPL)', () => {
  let t: TestApp;
  let ip = 0;
  const SUNDAY = nextSunday();

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { origin: ORIGIN, 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
      remoteAddress: `10.30.${Math.floor(++ip / 250)}.${ip % 250}`,
    });

  const runWorker = () =>
    createJobWorker({
      db: t.deps.database.db,
      handlers: createJobHandlers(t.deps),
      logger: silentLogger,
    }).runDue();

  const written = async (): Promise<Written[]> => {
    try {
      const text = await readFile(path.join(t.dataDir, 'whatsapp', 'messages.jsonl'), 'utf8');
      return text
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Written);
    } catch {
      return [];
    }
  };

  const whatsappJobs = async () =>
    t.deps.database.db.select().from(jobs).where(like(jobs.dedupeKey, 'whatsapp:%'));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.deps.database.db.delete(jobs);
  });

  describe('PUT /api/me/whatsapp', () => {
    it('is off by default; a yes keeps its time, a repeated yes keeps the first, a no clears it', async () => {
      const { cookie } = await signedInUser(t, { phone: '+966511000001' });
      const me = async () => (await call('GET', '/api/me', cookie)).json<MeResponse>().user;
      expect((await me()).whatsappOptInAt).toBeNull();

      const before = Date.now();
      const on = await call('PUT', '/api/me/whatsapp', cookie, { optIn: true });
      expect(on.statusCode).toBe(200);
      expect(on.headers['cache-control']).toBe('no-store');
      const { whatsappOptInAt } = on.json<{ optIn: boolean; whatsappOptInAt: string }>();
      expect(on.json()).toMatchObject({ optIn: true });
      expect(Date.parse(whatsappOptInAt)).toBeGreaterThanOrEqual(before - 1000);
      expect((await me()).whatsappOptInAt).toBe(whatsappOptInAt);

      const again = await call('PUT', '/api/me/whatsapp', cookie, { optIn: true });
      expect(again.json()).toEqual({ optIn: true, whatsappOptInAt });

      const off = await call('PUT', '/api/me/whatsapp', cookie, { optIn: false });
      expect(off.json()).toEqual({ optIn: false, whatsappOptInAt: null });
      expect((await me()).whatsappOptInAt).toBeNull();
    });

    it('refuses a yes without a verified mobile, bad bodies, and the signed out', async () => {
      const noPhone = await signedInUser(t, { phone: null });
      const res = await call('PUT', '/api/me/whatsapp', noPhone.cookie, { optIn: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('WHATSAPP_NEEDS_PHONE');
      const [row] = await t.deps.database.db
        .select({ at: users.whatsappOptInAt })
        .from(users)
        .where(eq(users.id, noPhone.user.id));
      expect(row!.at).toBeNull();

      for (const body of [{}, { optIn: 'yes' }, { optIn: true, extra: 1 }, []]) {
        const bad = await call('PUT', '/api/me/whatsapp', noPhone.cookie, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json().error.code).toBe('VALIDATION_ERROR');
      }
      const out = await call('PUT', '/api/me/whatsapp', undefined, { optIn: true });
      expect(out.statusCode).toBe(401);
    });
  });

  describe('booking notices', () => {
    let host: Awaited<ReturnType<typeof signedInUser>>;
    let renter: Awaited<ReturnType<typeof signedInUser>>;
    let admin: Awaited<ReturnType<typeof signedInUser>>;
    let spaceId: string;
    beforeAll(async () => {
      host = await signedInUser(t, { phone: '+966512000001', locale: 'en' });
      renter = await signedInUser(t, { phone: '+966512000002', locale: 'ar' });
      admin = await signedInUser(t, { roles: ['admin'] });
      spaceId = (
        await createSpace(t.deps.database.db, {
          hostId: host.user.id,
          nameAr: 'قاعة الياسمين',
          nameEn: 'Jasmine Hall',
          priceHalalas: 15_000,
          availableDays: ['sunday'],
        })
      ).id;
    });
    beforeEach(async () => {
      await t.deps.database.db.delete(bookings);
      await call('PUT', '/api/me/whatsapp', host.cookie, { optIn: false });
      await call('PUT', '/api/me/whatsapp', renter.cookie, { optIn: false });
    });

    let slot = 0;
    const request = async () => {
      const start = 8 + (slot++ % 12);
      const res = await call('POST', '/api/bookings', renter.cookie, {
        spaceId,
        date: SUNDAY,
        startTime: `${String(start).padStart(2, '0')}:00`,
        endTime: `${String(start + 1).padStart(2, '0')}:00`,
        guests: 2,
        contactPhone: '0512000002',
      });
      expect(res.statusCode).toBe(201);
      return res.json<MyBooking>();
    };

    it('sends nothing to anyone who did not opt in', async () => {
      const before = (await written()).length;
      const booking = await request();
      expect(
        (await call('POST', `/api/admin/bookings/${booking.id}/confirm`, admin.cookie)).statusCode,
      ).toBe(200);
      const other = await request();
      expect(
        (await call('POST', `/api/admin/bookings/${other.id}/reject`, admin.cookie, {})).statusCode,
      ).toBe(200);
      const third = await request();
      expect(
        (await call('POST', `/api/me/bookings/${third.id}/cancel`, renter.cookie)).statusCode,
      ).toBe(200);
      expect(await whatsappJobs()).toEqual([]);
      await runWorker();
      expect((await written()).length).toBe(before);
    });

    it('tells the renter and the host who opted in, each in their language, at every step', async () => {
      await call('PUT', '/api/me/whatsapp', renter.cookie, { optIn: true });
      await call('PUT', '/api/me/whatsapp', host.cookie, { optIn: true });
      const before = (await written()).length;

      const confirmed = await request();
      expect(
        (await call('POST', `/api/admin/bookings/${confirmed.id}/confirm`, admin.cookie))
          .statusCode,
      ).toBe(200);
      const declined = await request();
      expect(
        (await call('POST', `/api/admin/bookings/${declined.id}/reject`, admin.cookie, {}))
          .statusCode,
      ).toBe(200);
      const cancelled = await request();
      expect(
        (await call('POST', `/api/me/bookings/${cancelled.id}/cancel`, renter.cookie)).statusCode,
      ).toBe(200);
      await requestNoticesDueNow(t.deps.database.db);
      await runWorker();

      const sent = (await written()).slice(before);
      const to = (phone: string) => sent.filter((m) => m.to === phone).map((m) => m.template);
      expect(to('+966512000002').sort()).toEqual(
        [
          'booking_requested_renter',
          'booking_confirmed_renter',
          'booking_requested_renter',
          'booking_declined_renter',
          'booking_requested_renter',
        ].sort(),
      );
      // The host's three new requests came in one burst: one email lists them, and one WhatsApp
      // tells of the first (decision 072), not one per request.
      expect(to('+966512000001').sort()).toEqual(
        [
          'booking_requested_host',
          'booking_confirmed_host',
          'booking_declined_host',
          'booking_cancelled_host',
        ].sort(),
      );
      const renterConfirmed = sent.find((m) => m.template === 'booking_confirmed_renter')!;
      expect(renterConfirmed.language).toBe('ar');
      expect(renterConfirmed.text).toContain('تم تأكيد حجزك في قاعة الياسمين');
      expect(renterConfirmed.text).toContain('شامل ضريبة القيمة المضافة');
      const hostConfirmed = sent.find((m) => m.template === 'booking_confirmed_host')!;
      expect(hostConfirmed.language).toBe('en');
      expect(hostConfirmed.params[0]).toBe('Jasmine Hall');
    });

    it('tells of a request that expired, one declined as taken and a booking the team cancelled', async () => {
      await call('PUT', '/api/me/whatsapp', renter.cookie, { optIn: true });
      await call('PUT', '/api/me/whatsapp', host.cookie, { optIn: true });
      const ask = async (startTime: string, endTime: string) => {
        const res = await call('POST', '/api/bookings', renter.cookie, {
          spaceId,
          date: SUNDAY,
          startTime,
          endTime,
          guests: 2,
          contactPhone: '0512000002',
        });
        expect(res.statusCode).toBe(201);
        return res.json<MyBooking>();
      };
      const expiring = await ask('08:00', '09:00');
      const expiredCount = await expireDueRequests(
        t.deps.database.db,
        new Date(Date.now() + 49 * 3_600_000),
        { ttlHours: 48, publicUrl: t.config.publicUrl, teamEmail: t.config.mail.teamEmail },
      );
      expect(expiredCount).toBe(1);
      const winner = await ask('10:00', '12:00');
      const loser = await ask('11:00', '13:00');
      expect(
        (await call('POST', `/api/admin/bookings/${winner.id}/confirm`, admin.cookie)).statusCode,
      ).toBe(200);
      const [declined] = await t.deps.database.db
        .select({ status: bookings.status, reason: bookings.statusReason })
        .from(bookings)
        .where(eq(bookings.id, loser.id));
      expect(declined).toEqual({ status: 'rejected', reason: 'SLOT_TAKEN' });
      const before = (await written()).length;
      await requestNoticesDueNow(t.deps.database.db);
      await runWorker();
      const revoked = await call('POST', `/api/admin/bookings/${winner.id}/cancel`, admin.cookie, {
        reason: 'The hall is closed that day.',
      });
      expect(revoked.statusCode).toBe(200);
      await runWorker();

      const sent = (await written()).slice(before);
      const to = (phone: string) =>
        sent
          .filter((m) => m.to === phone)
          .map((m) => m.template)
          .sort();
      expect(to('+966512000002')).toEqual(
        [
          'booking_requested_renter',
          'booking_expired_renter',
          'booking_requested_renter',
          'booking_requested_renter',
          'booking_confirmed_renter',
          'booking_declined_renter',
          'booking_revoked_renter',
        ].sort(),
      );
      // The host hears of the expiry and of the team's cancel; a decline is told by the confirm.
      // Its three requests reach the host as one burst: one WhatsApp (decision 072).
      expect(to('+966512000001')).toEqual(
        [
          'booking_requested_host',
          'booking_expired_host',
          'booking_confirmed_host',
          'booking_revoked_host',
        ].sort(),
      );
      const expired = sent.find((m) => m.template === 'booking_expired_renter')!;
      expect(expired.language).toBe('ar');
      expect(expired.text).toContain('انتهت مهلة طلب حجزك في قاعة الياسمين');
      expect(expired.params[2]).toBe(
        sent.find((m) => m.template === 'booking_requested_renter')!.params[2],
      );
      expect(expiring.startTime).toBe('08:00');
      const taken = sent.find((m) => m.template === 'booking_declined_renter')!;
      expect(taken.params[2]).toContain('11:00');
      const revokedRenter = sent.find((m) => m.template === 'booking_revoked_renter')!;
      expect(revokedRenter.language).toBe('ar');
      expect(revokedRenter.text).toContain('ألغى فريقنا حجزك المؤكد في قاعة الياسمين');
      const revokedHost = sent.find((m) => m.template === 'booking_revoked_host')!;
      expect(revokedHost.language).toBe('en');
      expect(revokedHost.text).toContain('Our team cancelled the confirmed booking at your space');
    });

    it('only the one who opted in hears: the renter yes, the host no', async () => {
      await call('PUT', '/api/me/whatsapp', renter.cookie, { optIn: true });
      await request();
      const queued = await whatsappJobs();
      expect(queued.map((j) => (j.payload as { template: string }).template)).toEqual([
        'booking_requested_renter',
      ]);
    });

    it('an opt-out after the message was queued wins: the worker sends nothing', async () => {
      await call('PUT', '/api/me/whatsapp', renter.cookie, { optIn: true });
      const before = (await written()).length;
      await request();
      expect(await whatsappJobs()).toHaveLength(1);
      await call('PUT', '/api/me/whatsapp', renter.cookie, { optIn: false });
      await runWorker();
      expect((await written()).length).toBe(before);
      const [job] = await whatsappJobs();
      expect(job!.status).toBe('done');
    });
  });
});

describe('WhatsApp notices through the Cloud API (a local server that speaks it)', () => {
  let t: TestApp;
  let cloud: Awaited<ReturnType<typeof startWhatsAppCloudServer>>;
  beforeAll(async () => {
    cloud = await startWhatsAppCloudServer({ phoneNumberId: '1098765', token: 'EAAlocal' });
    t = await createTestApp({
      env: {
        WHATSAPP_API_URL: cloud.url,
        WHATSAPP_PHONE_NUMBER_ID: '1098765',
        WHATSAPP_ACCESS_TOKEN: 'EAAlocal',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await cloud.close();
  });

  it('a request queues the template, and the worker sends it to the API with its parameters', async () => {
    expect(t.deps.whatsapp.kind).toBe('cloud');
    const renter = await signedInUser(t, { phone: '+966513000002', locale: 'en' });
    const host = await signedInUser(t, { phone: null });
    const spaceId = (
      await createSpace(t.deps.database.db, {
        hostId: host.user.id,
        nameEn: 'Cedar Room',
        priceHalalas: 10_000,
        availableDays: ['sunday'],
      })
    ).id;
    const optIn = await t.app.inject({
      method: 'PUT',
      url: '/api/me/whatsapp',
      payload: { optIn: true },
      headers: { cookie: renter.cookie },
    });
    expect(optIn.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        spaceId,
        date: nextSunday(),
        startTime: '10:00',
        endTime: '12:00',
        guests: 2,
        contactPhone: '0513000002',
      },
      headers: { cookie: renter.cookie },
    });
    expect(res.statusCode).toBe(201);
    await createJobWorker({
      db: t.deps.database.db,
      handlers: createJobHandlers(t.deps),
      logger: silentLogger,
    }).runDue();
    expect(cloud.delivered).toEqual([
      {
        to: '966513000002',
        template: 'hourspace_booking_requested_renter',
        language: 'en',
        params: [
          'Cedar Room',
          expect.stringMatching(/^Sunday, \d{1,2} \w+ \d{4}$/),
          expect.stringMatching(/10:00.*12:00/),
          expect.stringContaining('200'),
        ],
      },
    ]);
    const [job] = await t.deps.database.db
      .select()
      .from(jobs)
      .where(like(jobs.dedupeKey, 'whatsapp:%'));
    expect(job!.status).toBe('done');
  });
});
