import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import { riyadhDate } from '../support/live-app.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The renter's "request received" email is in the renter's own language, whatever the language
 * of the page they asked from: an English-speaking renter booking from the Arabic site reads it in
 * English, told that nothing has been charged (booking.spec.ts's journey books from the Arabic
 * site as the demo renter, whose language is English; bookings.test.ts holds the other way round).
 */
const PASSWORD = 'Riyadh#2026';

describe("the renter's request-received email", () => {
  let t: TestApp;
  let renterCookie: string;
  let spaceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'host@example.test', locale: 'ar' });
    await createUser(db, {
      email: 'renter@example.test',
      fullName: 'Faisal Al-Harbi',
      password: PASSWORD,
      locale: 'en',
    });
    spaceId = (
      await createSpace(db, {
        ...openAllDay(host.id),
        nameAr: 'قاعة النخيل',
        nameEn: 'Palm Hall',
        priceHalalas: 20_000,
        capacity: 10,
      })
    ).id;
    renterCookie = await signInCookie(t, 'renter@example.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is in English for an English-speaking renter who asked from the Arabic site: nothing charged', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: renterCookie, 'accept-language': 'ar' },
      payload: {
        spaceId,
        date: riyadhDate(10),
        startTime: '10:00',
        endTime: '12:00',
        guests: 3,
        contactPhone: '0551234567',
      },
    });
    expect(res.statusCode).toBe(201);
    const { id, reference } = res.json<{ id: string; reference: string }>();
    await deliverMail(t);
    const mails = (await sentMail(t)).filter(
      (m) =>
        recipient(m) === 'renter@example.test' &&
        (m.subject ?? '').startsWith('We received your booking request'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('We received your booking request: Palm Hall');
    expect(mails[0]!.text).toContain('Nothing has been charged');
    // Named by its short reference, as on the renter's screens (issue 31), never by its id.
    expect(mails[0]!.text).toContain(reference);
    expect(mails[0]!.text).not.toContain(id);
  });
});
