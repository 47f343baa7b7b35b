import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema.ts';
import { riyadhDate } from '../support/live-app.ts';
import { createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 17: the host hears of every request on their space and of each later change, in their
 * own language, through the job queue — what the approval email promises.
 */
const PASSWORD = 'Riyadh#2026';

describe('the host is told about requests on their space', () => {
  let t: TestApp;
  let renterCookie: string;
  let adminCookie: string;
  let spaceId: string;
  const date = riyadhDate(10);

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  const requestBooking = async (startTime: string, endTime: string) => {
    const res = await call('POST', '/api/bookings', renterCookie, {
      spaceId,
      date,
      startTime,
      endTime,
      guests: 3,
      contactPhone: '0512345678',
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; reference: string }>();
  };

  const mailTo = async (address: string) => {
    await deliverMail(t);
    return (await sentMail(t)).filter((m) => recipient(m) === address);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.database.db;
    const host = await createUser(db, {
      email: 'host@example.test',
      fullName: 'نورة العتيبي',
      locale: 'ar',
    });
    await createUser(db, {
      email: 'renter@example.test',
      fullName: 'Faisal Al-Harbi',
      password: PASSWORD,
      locale: 'en',
    });
    await createUser(db, { email: 'admin@example.test', password: PASSWORD, roles: ['admin'] });
    const space = await createSpace(db, {
      ...openAllDay(host.id),
      nameAr: 'قاعة النخيل',
      nameEn: 'Palm Hall',
      priceHalalas: 20_000,
      capacity: 10,
    });
    spaceId = space.id;
    renterCookie = await signInCookie(t, 'renter@example.test', PASSWORD);
    adminCookie = await signInCookie(t, 'admin@example.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await deliverMail(t);
    await t.deps.database.db.delete(jobs);
  });

  it('a new request: in the host language, with the space, date, times, guests, total and renter, not their contact', async () => {
    const before = (await mailTo('host@example.test')).length;
    const { id, reference } = await requestBooking('10:00', '12:30');
    const mails = (await mailTo('host@example.test')).slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('طلب حجز جديد على «قاعة النخيل»');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('أهلًا \u2068نورة العتيبي\u2069،');
    expect(mail.text).toContain('Faisal Al-Harbi');
    // An English name in an Arabic email keeps its direction; counts in Arabic plural forms and
    // the Umm al-Qura date beside the Gregorian one (decision 034).
    expect(mail.html).toContain('<bdi dir="auto">\u2068Faisal Al-Harbi\u2069</bdi>');
    expect(mail.text).toContain('الضيوف: 3 ضيوف');
    expect(mail.text).toMatch(/التاريخ: .+ 2026 · \d+ [^\d]+ 144\d هـ/);
    expect(mail.text).toContain('500'); // 2.5 h × SAR 200
    expect(mail.text).toContain('10:00');
    expect(mail.text).toContain('12:30');
    expect(mail.text).toContain(reference);
    expect(mail.text).not.toContain(id);
    // The admin arranges the booking: the host is not handed the renter's contact.
    expect(mail.text).not.toContain('renter@example.test');
    expect(mail.text).not.toContain('0512345678');
  });

  it('each later change: confirmed, declined, cancelled — once each', async () => {
    const confirmed = (await requestBooking('13:00', '14:00')).id;
    const declined = (await requestBooking('15:00', '16:00')).id;
    const cancelled = (await requestBooking('17:00', '18:00')).id;
    await mailTo('host@example.test');
    await t.deps.database.db.delete(jobs);

    expect(
      (await call('POST', `/api/admin/bookings/${confirmed}/confirm`, adminCookie)).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/admin/bookings/${declined}/reject`, adminCookie, {})).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/me/bookings/${cancelled}/cancel`, renterCookie)).statusCode,
    ).toBe(200);

    const keys = (await t.deps.database.db.select().from(jobs))
      .map((j) => j.dedupeKey)
      .filter((k) => k?.endsWith('-host'))
      .sort();
    expect(keys).toEqual(
      [
        `mail:booking-${confirmed}-confirmed-host`,
        `mail:booking-${declined}-rejected-host`,
        `mail:booking-${cancelled}-cancelled-host`,
      ].sort(),
    );
    const subjects = (await mailTo('host@example.test')).map((m) => m.subject);
    for (const subject of [
      'تم تأكيد حجز في «قاعة النخيل»',
      'لم يُقبل طلب حجز على «قاعة النخيل»',
      'ألغى المستأجر حجزًا على «قاعة النخيل»',
    ]) {
      expect(
        subjects.filter((s) => s === subject),
        subject,
      ).toHaveLength(1);
    }
  });
});
