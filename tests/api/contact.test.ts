import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { contactMessages, jobs } from '#server/db/schema.ts';
import { createJobHandlers } from '#server/job-wiring.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import { CONTACT_MESSAGE_MAX } from '#shared/schemas/contact.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('POST /api/contact', () => {
  let t: TestApp;
  let ip = 0;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as object,
      headers,
      remoteAddress: `10.0.0.${++ip}`,
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { TEAM_EMAIL: 'team@hourspace.test' } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.deps.database.db.delete(contactMessages);
    await t.deps.database.db.delete(jobs);
  });

  const rows = async () =>
    (await t.deps.database.db.select({ n: count() }).from(contactMessages))[0]!.n;

  it('stores the message and queues its email to the team in one transaction', async () => {
    const res = await post({
      name: ' Sara ',
      email: 'Sara@Example.com',
      message: 'هل القاعة متاحة يوم الجمعة؟',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [row] = await t.deps.database.db.select().from(contactMessages);
    expect(row).toMatchObject({
      id,
      name: 'Sara',
      email: 'sara@example.com',
      message: 'هل القاعة متاحة يوم الجمعة؟',
      locale: 'ar',
    });
    const [job] = await t.deps.database.db.select().from(jobs);
    expect(job).toMatchObject({
      kind: 'mail.send',
      status: 'queued',
      dedupeKey: `mail:contact-${id}-team`,
    });

    // The worker delivers it through the mail adapter (files by default).
    const worker = createJobWorker({
      db: t.deps.database.db,
      handlers: createJobHandlers(t.deps),
      logger: silentLogger,
    });
    expect(await worker.runDue()).toBe(1);
    const files = await readdir(t.config.mail.dir);
    const eml = await readFile(path.join(t.config.mail.dir, files[0]!), 'utf8');
    expect(eml).toContain('To: team@hourspace.test');
    expect(eml).toContain('Reply-To: sara@example.com');
    expect(eml).toContain(id);
  });

  it('records the language of the request', async () => {
    await post(
      { name: 'Sam', email: 'sam@example.com', message: 'Hi' },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    const [row] = await t.deps.database.db.select().from(contactMessages);
    expect(row!.locale).toBe('en');
  });

  it('stores what the contact page posts in English: name, email and the page language', async () => {
    // The body and header the English contact form sends (tests/e2e/shell.spec.ts checks the
    // browser posts exactly this: the form's three fields, Accept-Language: en).
    const message = `Is the rooftop free on Thursday? ${Date.now()}`;
    const res = await post(
      { name: 'Reem Al-Qahtani', email: 'reem@example.com', message },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(201);
    const stored = await t.deps.database.db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        locale: contactMessages.locale,
      })
      .from(contactMessages)
      .where(eq(contactMessages.message, message));
    expect(stored).toEqual([{ name: 'Reem Al-Qahtani', email: 'reem@example.com', locale: 'en' }]);
  });

  it.each([
    [{ name: '', email: 'a@example.com', message: 'x' }, 'name', 'This field is required.'],
    [{ name: 'A', email: 'not-an-email', message: 'x' }, 'email', 'Enter a valid email address.'],
    [{ name: 'A', email: 'a@example.com', message: '   ' }, 'message', 'This field is required.'],
    [
      { name: 'A', email: 'a@example.com', message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) },
      'message',
      'This is too long.',
    ],
    [{ name: 'A'.repeat(101), email: 'a@example.com', message: 'x' }, 'name', 'This is too long.'],
    [{ email: 'a@example.com', message: 'x' }, 'name', 'This field is required.'],
    [{ name: 7, email: 'a@example.com', message: 'x' }, 'name', 'This value is not valid.'],
  ])('refuses %o with a field message and stores nothing', async (payload, field, message) => {
    const res = await post(payload, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; fields: Record<string, string> } }>();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.fields[field]).toBe(message);
    expect(await rows()).toBe(0);
  });

  it('answers field messages in Arabic by default', async () => {
    const res = await post({ name: '', email: 'x', message: '' });
    const { fields } = res.json<{ error: { fields: Record<string, string> } }>().error;
    expect(fields).toEqual({
      name: 'هذا الحقل مطلوب.',
      email: 'أدخل بريدًا إلكترونيًا صحيحًا.',
      message: 'هذا الحقل مطلوب.',
    });
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['"hello"', '[]', 'null', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await rows()).toBe(0);
  });

  it('limits repeated submissions from one address (429, translated)', async () => {
    const from = { remoteAddress: '10.99.0.1' };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'A', email: 'a@example.com', message: 'x' },
        headers: { 'accept-language': 'en' },
        ...from,
      });
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await send()).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const res = await send();
    expect(res.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait a moment and try again.',
      },
    });
    expect(await rows()).toBe(5);
  });
});

describe('GET /api/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WHATSAPP_NUMBER: '966512345678' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no WhatsApp number when WHATSAPP_NUMBER is unset (never a placeholder)', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json()).toMatchObject({ whatsappNumber: null });
    } finally {
      await bare.close();
    }
  });

  it('tells the web which switches are on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      googleSignIn: false,
      translation: false,
      whatsappNumber: '966512345678',
      // no BUSINESS_* set: the labelled development identity, and the web is told so
      business: expect.objectContaining({
        vatNumber: '399999999900003',
        isDevelopmentDefault: true,
      }),
    });
  });
});
