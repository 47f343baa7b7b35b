import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createSpace, createUser } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * "Download my data" (issue 38): asked on the account page, prepared by the job queue, emailed as
 * a link that works for the account's own session only, as JSON or readable HTML, for 7 days; a
 * person's bookings, spaces and consents are in it, and nobody else's data is.
 */
describe('download my data', () => {
  let t: TestApp;
  const PASSWORD = 'Riyadh#2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
    t.app.inject({
      method,
      url,
      headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
    });

  async function linkFor(email: string) {
    await deliverMail(t); // runs the export job
    await deliverMail(t); // sends the email it queued
    const mail = (await sentMail(t)).filter((m) => recipient(m) === email).at(-1)!;
    return /\/api\/me\/data-export\/[\w-]+/.exec(mail.text!)![0];
  }

  it('prepares the data by the job queue and emails a link to it, in JSON and HTML', async () => {
    const db = t.deps.database.db;
    const renter = await createUser(db, {
      email: 'export-me@example.test',
      password: PASSWORD,
      fullName: 'Sara <b>Export</b>',
      phone: '+966551239001',
    });
    const host = await createUser(db, { email: 'export-host@example.test', password: PASSWORD });
    const space = await createSpace(db, { hostId: host.id, status: 'approved' });
    await createBooking(db, {
      spaceId: space.id,
      renterId: renter.id,
      renterEmail: renter.email,
      date: '2031-03-04',
      startTime: '10:00',
      endTime: '12:00',
      totalHalalas: 46_000,
    });
    const cookie = await signInCookie(t, 'export-me@example.test', PASSWORD);
    const asked = await call('POST', '/api/me/data-export', cookie);
    expect(asked.statusCode).toBe(202);

    const link = await linkFor('export-me@example.test');
    const mail = (await sentMail(t)).find((m) => recipient(m) === 'export-me@example.test')!;
    expect(mail.subject).toBe('بياناتك في مساحة بالساعة جاهزة');

    const json = await call('GET', link, cookie);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/attachment; filename="hourspace-data-/);
    const data = json.json<{
      profile: { email: string; phone: string };
      bookings: { date: string; totalHalalas: number }[];
      consents: unknown;
      spaces: unknown[];
      reviews: unknown[];
      sessions: unknown[];
      auditEntries: unknown[];
    }>();
    expect(data.profile).toMatchObject({ email: 'export-me@example.test', phone: '+966551239001' });
    expect(data.bookings).toEqual([
      expect.objectContaining({ date: '2031-03-04', totalHalalas: 46_000 }),
    ]);
    expect(data.spaces).toEqual([]);
    expect(Object.keys(data)).toEqual([
      'profile',
      'consents',
      'sessions',
      'bookings',
      'spaces',
      'reviews',
      'auditEntries',
    ]);
    // nobody else's data: the host's email is not in the renter's copy
    expect(json.body).not.toContain('export-host@example.test');
    // no secret: no password hash, no session token
    expect(json.body).not.toMatch(/scrypt|\$|token/i);

    const html = await call('GET', `${link}?format=html`, cookie);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('<html lang="ar" dir="rtl">');
    expect(html.body).toContain('2031-03-04');
    // what people wrote is escaped
    expect(html.body).toContain('Sara &lt;b&gt;Export&lt;/b&gt;');
    expect(html.body).not.toContain('<b>Export</b>');
  });

  it('the link is 404 for another account, signed out it is 401, a guessed one 404', async () => {
    const db = t.deps.database.db;
    await createUser(db, { email: 'export-a@example.test', password: PASSWORD });
    await createUser(db, { email: 'export-b@example.test', password: PASSWORD });
    const a = await signInCookie(t, 'export-a@example.test', PASSWORD);
    const b = await signInCookie(t, 'export-b@example.test', PASSWORD);
    expect((await call('POST', '/api/me/data-export', a)).statusCode).toBe(202);
    const link = await linkFor('export-a@example.test');
    const other = await call('GET', link, b);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await call('GET', link)).statusCode).toBe(401);
    expect((await call('GET', '/api/me/data-export/guessed-token-aaaaaaaa', a)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/me/data-export')).statusCode).toBe(401);
  });

  it('50 requests at once queue no more than three a day', async () => {
    await createUser(t.deps.database.db, { email: 'export-many@example.test', password: PASSWORD });
    const cookie = await signInCookie(t, 'export-many@example.test', PASSWORD);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/api/me/data-export', cookie)),
    );
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(3);
    const limited = results.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(47);
    expect(limited[0]!.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });
});
