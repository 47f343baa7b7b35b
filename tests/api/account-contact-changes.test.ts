import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { createUser } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { onPostgres } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Changing the email (a single-use link to the new address, an hour; the old address told) and
 * the phone (an SMS code to the new number), each limited per account so that 50 at once pass
 * no more than the limit; better-auth's own /change-email is closed (decision 071).
 */
const PASSWORD = 'Riyadh#2026';

describe(`change email and phone (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  });
  afterAll(async () => {
    await t.close();
  });
  const db = () => t.deps.database.db;

  const post = (url: string, payload: object, cookie?: string, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        origin: t.config.publicUrl,
        'accept-language': lang,
        ...(cookie ? { cookie } : {}),
      },
    });

  async function person(locale: 'ar' | 'en' = 'en') {
    n += 1;
    const email = `change-${n}@example.test`;
    const user = await createUser(db(), {
      email,
      password: PASSWORD,
      phone: `+9665513${String(30000 + n).padStart(5, '0')}`,
      locale,
    });
    return { user, email, cookie: await signInCookie(t, email, PASSWORD) };
  }

  const mailsTo = async (email: string) => {
    await deliverMail(t);
    return (await sentMail(t)).filter((m) => recipient(m) === email);
  };
  const tokenIn = (text: string) => /confirm-email\?token=([\w-]+)/.exec(text)![1]!;

  async function lastCode(phone: string): Promise<string | null> {
    const file = path.join(t.dataDir, 'sms', 'messages.jsonl');
    const lines = (await readFile(file, 'utf8').catch(() => '')).trim().split('\n');
    const last = lines
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; body: string })
      .filter((m) => m.to === phone)
      .at(-1);
    return last ? /\d{6}/.exec(last.body)![0] : null;
  }

  describe('email', () => {
    it('sends a link to the new address; using it changes the email once and tells the old one', async () => {
      const { user, email, cookie } = await person('ar');
      const res = await post('/api/me/email-change', { newEmail: 'new-1@example.test' }, cookie);
      expect(res.statusCode, res.body).toBe(202);
      // nothing changes until the link is used
      const [before] = await db().select().from(users).where(eq(users.id, user.id));
      expect(before!.email).toBe(email);
      const [link] = await mailsTo('new-1@example.test');
      expect(link!.subject).toBe('أكّد بريدك الإلكتروني الجديد في مساحة بالساعة');
      const token = tokenIn(link!.text!);

      const used = await post('/api/me/email-change/confirm', { token });
      expect(used.statusCode, used.body).toBe(200);
      expect(used.json()).toEqual({ status: 'changed', email: 'new-1@example.test' });
      const [after] = await db().select().from(users).where(eq(users.id, user.id));
      expect(after).toMatchObject({ email: 'new-1@example.test', emailVerified: true });
      const told = await mailsTo(email);
      expect(told.map((m) => m.subject)).toContain(
        'تم تغيير البريد الإلكتروني لحسابك في مساحة بالساعة',
      );
      // single use
      const again = await post('/api/me/email-change/confirm', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().error.code).toBe('INVALID_TOKEN');
      // signing in with the new address works
      await signInCookie(t, 'new-1@example.test', PASSWORD);
    });

    it('refuses a guessed, superseded or expired link with the same INVALID_TOKEN', async () => {
      const { cookie } = await person();
      await post('/api/me/email-change', { newEmail: 'new-2a@example.test' }, cookie);
      await post('/api/me/email-change', { newEmail: 'new-2b@example.test' }, cookie);
      const [first] = await mailsTo('new-2a@example.test');
      const [second] = await mailsTo('new-2b@example.test');
      for (const token of [tokenIn(first!.text!), 'x'.repeat(43)]) {
        const res = await post('/api/me/email-change/confirm', { token });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('INVALID_TOKEN');
      }
      // an hour later the newest link is dead too
      const { contactChanges } = await import('#server/db/schema.ts');
      await db()
        .update(contactChanges)
        .set({ expiresAt: new Date(Date.now() - 1000) });
      const late = await post('/api/me/email-change/confirm', { token: tokenIn(second!.text!) });
      expect(late.json().error.code).toBe('INVALID_TOKEN');
    });

    it('refuses the current address, another account’s, a bad one, and no session', async () => {
      const a = await person();
      const b = await person();
      const same = await post(
        '/api/me/email-change',
        { newEmail: a.email.toUpperCase() },
        a.cookie,
      );
      expect(same.statusCode).toBe(400);
      expect(same.json().error.fields.newEmail).toBeDefined();
      const taken = await post('/api/me/email-change', { newEmail: b.email }, a.cookie);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('EMAIL_TAKEN');
      const bad = await post('/api/me/email-change', { newEmail: 'not an email' }, a.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_ERROR');
      expect((await post('/api/me/email-change', { newEmail: 'x@example.test' })).statusCode).toBe(
        401,
      );
    });

    it('better-auth’s own /change-email is closed', async () => {
      const { cookie } = await person();
      const res = await post('/api/auth/change-email', { newEmail: 'sneaky@example.test' }, cookie);
      expect(res.statusCode).toBe(404);
    });

    it('50 requests at once pass no more than the hourly limit', async () => {
      const { cookie } = await person();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          post('/api/me/email-change', { newEmail: `burst-${i}@example.test` }, cookie),
        ),
      );
      expect(results.filter((r) => r.statusCode === 202)).toHaveLength(3);
      const limited = results.filter((r) => r.statusCode === 429);
      expect(limited).toHaveLength(47);
      expect(limited[0]!.json().error.code).toBe('CHANGE_RATE_LIMITED');
    });
  });

  describe('phone', () => {
    it('sends a code to the new number; the code changes the phone, verified', async () => {
      const { user, cookie } = await person();
      const sent = await post('/api/me/phone/code', { phone: '0551399001' }, cookie);
      expect(sent.statusCode, sent.body).toBe(200);
      const code = (await lastCode('+966551399001'))!;
      const wrong = await post(
        '/api/me/phone',
        { phone: '0551399001', code: code === '000000' ? '111111' : '000000' },
        cookie,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('INVALID_CODE');
      const res = await post('/api/me/phone', { phone: '0551399001', code }, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'changed', phone: '+966551399001' });
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ phone: '+966551399001', phoneVerified: true });
      // used once
      const again = await post('/api/me/phone', { phone: '0551399001', code }, cookie);
      expect(again.json().error.code).toBe('INVALID_CODE');
    });

    it('a code is good only for the account that asked for it', async () => {
      const a = await person();
      const b = await person();
      await post('/api/me/phone/code', { phone: '0551399002' }, a.cookie);
      const code = (await lastCode('+966551399002'))!;
      const stolen = await post('/api/me/phone', { phone: '0551399002', code }, b.cookie);
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().error.code).toBe('INVALID_CODE');
      const [row] = await db().select().from(users).where(eq(users.id, b.user.id));
      expect(row!.phone).not.toBe('+966551399002');
    });

    it('refuses the current number, another account’s, a bad one, and no session', async () => {
      const a = await person();
      const b = await person();
      const same = await post('/api/me/phone/code', { phone: a.user.phone! }, a.cookie);
      expect(same.statusCode).toBe(400);
      expect(same.json().error.fields.phone).toBeDefined();
      const taken = await post('/api/me/phone/code', { phone: b.user.phone! }, a.cookie);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('PHONE_TAKEN');
      const bad = await post('/api/me/phone/code', { phone: '12345' }, a.cookie);
      expect(bad.json().error.code).toBe('VALIDATION_ERROR');
      expect((await post('/api/me/phone/code', { phone: '0551399003' })).statusCode).toBe(401);
    });

    it('50 code requests at once: no more than the account’s limit, and one SMS', async () => {
      const { cookie } = await person();
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          post('/api/me/phone/code', { phone: '0551399004' }, cookie),
        ),
      );
      // the account's 3 an hour, of which the number's one a minute sends one SMS
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(49);
      const codes = results
        .filter((r) => r.statusCode === 429)
        .map((r) => r.json().error.code as string);
      expect(codes.filter((c) => c === 'CHANGE_RATE_LIMITED')).toHaveLength(47);
      const file = await readFile(path.join(t.dataDir, 'sms', 'messages.jsonl'), 'utf8');
      expect(file.split('\n').filter((l) => l.includes('+966551399004'))).toHaveLength(1);
    });
  });
});
