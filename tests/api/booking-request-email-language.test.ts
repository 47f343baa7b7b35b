import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { createJobHandlers } from '#server/job-wiring.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import { riyadhClock, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import { formatBookingDate } from '#shared/format.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 20: the "request received" email is written in the renter's language, whatever the
 * language of the page they booked from — the Umm al-Qura date beside the Gregorian one and the
 * guests counted in that language's plural forms (moved from the e2e spec
 * arabic-dates-and-counts.spec.ts, where the demo renter, who writes in English, books from the
 * Arabic space page).
 */
const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'Riyadh#2026';
const RENTER = 'renter-en@example.test';

describe('the "request received" email', () => {
  let t: TestApp;
  let cookie: string;
  let spaceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'host@example.test', password: PASSWORD });
    await createUser(db, {
      email: RENTER,
      fullName: 'Faisal Al-Harbi',
      password: PASSWORD,
      locale: 'en',
    });
    spaceId = (
      await createSpace(db, {
        hostId: host.id,
        priceHalalas: 15_000,
        capacity: 20,
        opensAt: '08:00',
        closesAt: '22:00',
        availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
      })
    ).id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: RENTER, password: PASSWORD },
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    const raw = res.headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : [String(raw)];
    cookie = list.find((c) => c.startsWith('hs.session_token='))!.split(';')[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('to a renter who writes in English, booked from the Arabic page: the Hijri date and "2 guests" in English', async () => {
    const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 40);
    while (weekdayOf(d.toISOString().slice(0, 10)) !== 'sunday') d.setUTCDate(d.getUTCDate() + 1);
    const date = d.toISOString().slice(0, 10);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        spaceId,
        date,
        startTime: '10:00',
        endTime: '12:00',
        guests: 2,
        contactPhone: '0551234567',
      },
      // The Arabic page asks in Arabic (apiFetch sends the page's language).
      headers: { cookie, 'accept-language': 'ar' },
    });
    expect(res.statusCode).toBe(201);

    await createJobWorker({
      db: t.deps.database.db,
      handlers: createJobHandlers(t.deps),
      logger: silentLogger,
    }).runDue();
    const mails: ParsedMail[] = [];
    for (const file of await readdir(t.config.mail.dir))
      mails.push(await simpleParser(await readFile(path.join(t.config.mail.dir, file))));
    const mail = mails.find(
      (m) =>
        !Array.isArray(m.to) &&
        m.to?.text === RENTER &&
        (m.subject ?? '').startsWith('We received your booking request') &&
        (m.text ?? '').includes(formatBookingDate(date, 'en')),
    );
    expect(
      mail,
      JSON.stringify(mails.map((m) => [m.subject, m.text?.slice(0, 400)])),
    ).toBeDefined();
    expect(formatBookingDate(date, 'en')).toMatch(/ AH$/);
    expect(mail!.text).toContain('Guests: 2 guests');
  });
});
