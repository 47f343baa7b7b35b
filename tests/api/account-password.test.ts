import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, verifications } from '#server/db/schema.ts';
import { createUser } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 38: changing a password (account page) and resetting a forgotten one (email link, SMS
 * code). A change ends the account's other sessions and bearer tokens by default — the client
 * that changed it keeps a fresh one — and the account is emailed; a reset ends every session.
 * Links and codes are single use, short-lived, the same error whatever is wrong with them, and
 * the same answer whether or not an account exists; the limits hold for 50 requests at once.
 */
describe('account passwords', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.38.${Math.floor(++ip / 250)}.${ip % 250}`;
  const PASSWORD = 'Riyadh#2026';

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (
    url: string,
    payload: object,
    extra: { ip?: string; cookie?: string; bearer?: string; lang?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: extra.ip ?? nextIp(),
      headers: {
        origin: t.config.publicUrl,
        'accept-language': extra.lang ?? 'en',
        ...(extra.cookie ? { cookie: extra.cookie } : {}),
        ...(extra.bearer ? { authorization: `Bearer ${extra.bearer}` } : {}),
      },
    });

  const me = (auth: { cookie?: string; bearer?: string }) =>
    t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: {
        ...(auth.cookie ? { cookie: auth.cookie } : {}),
        ...(auth.bearer ? { authorization: `Bearer ${auth.bearer}` } : {}),
      },
    });

  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const raw = res.headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
    const cookie = list.find((c: string) => c.startsWith('hs.session_token='));
    return cookie ? cookie.split(';')[0]! : null;
  };

  async function signIn(email: string, password: string) {
    const res = await post('/api/auth/sign-in/email', { email, password });
    expect(res.statusCode, res.body).toBe(200);
    return { cookie: cookieOf(res)!, bearer: String(res.headers['set-auth-token']) };
  }

  const mailsTo = async (email: string) => {
    await deliverMail(t);
    return (await sentMail(t)).filter((m) => recipient(m) === email);
  };

  /** The last SMS the embedded adapter wrote to this number. */
  async function lastSms(phone: string): Promise<string | null> {
    const file = path.join(t.dataDir, 'sms', 'messages.jsonl');
    const lines = (await readFile(file, 'utf8').catch(() => '')).trim().split('\n');
    const last = lines
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; body: string })
      .filter((m) => m.to === phone)
      .at(-1);
    return last ? /\d{6}/.exec(last.body)![0] : null;
  }

  describe('change (account page)', () => {
    it('ends the other sessions and bearer tokens, keeps this client signed in, and emails the account', async () => {
      const user = await createUser(t.deps.database.db, {
        email: 'change-1@example.test',
        password: PASSWORD,
        locale: 'ar',
      });
      const here = await signIn('change-1@example.test', PASSWORD);
      const laptop = await signIn('change-1@example.test', PASSWORD);
      const app = await signIn('change-1@example.test', PASSWORD);
      // a reset link asked for earlier ends too
      expect(
        (await post('/api/auth/request-password-reset', { email: 'change-1@example.test' }))
          .statusCode,
      ).toBe(200);

      const res = await post(
        '/api/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'Jeddah#2027' },
        { cookie: here.cookie },
      );
      expect(res.statusCode, res.body).toBe(200);
      const fresh = cookieOf(res);
      expect(fresh).not.toBeNull();
      expect((await me({ cookie: fresh! })).statusCode).toBe(200);
      expect((await me({ cookie: here.cookie })).statusCode).toBe(401);
      expect((await me({ cookie: laptop.cookie })).statusCode).toBe(401);
      expect((await me({ bearer: app.bearer })).statusCode).toBe(401);
      const rows = await t.deps.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
      const links = await t.deps.database.db
        .select()
        .from(verifications)
        .where(like(verifications.identifier, 'reset-password:%'));
      expect(links.filter((l) => l.value === user.id)).toEqual([]);

      const mails = await mailsTo('change-1@example.test');
      const told = mails.find((m) => m.subject === 'تم تغيير كلمة المرور في مساحة بالساعة');
      expect(told, mails.map((m) => m.subject).join(' | ')).toBeDefined();
      expect(told!.text).toContain('خرجت أجهزتك الأخرى');
      // the old password is gone, the new one works
      expect(
        (
          await post('/api/auth/sign-in/email', {
            email: 'change-1@example.test',
            password: PASSWORD,
          })
        ).statusCode,
      ).toBe(401);
      await signIn('change-1@example.test', 'Jeddah#2027');
    });

    it('keeps the other sessions when the client says so, and still emails', async () => {
      await createUser(t.deps.database.db, { email: 'change-2@example.test', password: PASSWORD });
      const here = await signIn('change-2@example.test', PASSWORD);
      const other = await signIn('change-2@example.test', PASSWORD);
      const res = await post(
        '/api/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'Dammam#2027', revokeOtherSessions: false },
        { cookie: here.cookie },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await me({ cookie: other.cookie })).statusCode).toBe(200);
      expect((await me({ cookie: here.cookie })).statusCode).toBe(200);
      expect(await mailsTo('change-2@example.test')).toHaveLength(1);
    });

    it('refuses a wrong current password with WRONG_PASSWORD in the user’s language, changing nothing', async () => {
      await createUser(t.deps.database.db, { email: 'change-3@example.test', password: PASSWORD });
      const here = await signIn('change-3@example.test', PASSWORD);
      const other = await signIn('change-3@example.test', PASSWORD);
      const wrong = (lang: string) =>
        post(
          '/api/auth/change-password',
          { currentPassword: 'Wrong#2026x', newPassword: 'Abha#20277' },
          { cookie: here.cookie, lang },
        );
      const en = await wrong('en');
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({
        error: { code: 'WRONG_PASSWORD', message: 'The current password is not correct.' },
      });
      const ar = await wrong('ar');
      expect(ar.json()).toMatchObject({
        error: { code: 'WRONG_PASSWORD', message: 'كلمة المرور الحالية غير صحيحة.' },
      });
      expect((await me({ cookie: other.cookie })).statusCode).toBe(200);
      expect(await mailsTo('change-3@example.test')).toHaveLength(0);
      const signedOut = await post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'Abha#20277',
      });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    });

    it('50 attempts at once pass no more than the limit per account', async () => {
      await createUser(t.deps.database.db, { email: 'change-4@example.test', password: PASSWORD });
      const here = await signIn('change-4@example.test', PASSWORD);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          post(
            '/api/auth/change-password',
            { currentPassword: 'Wrong#2026x', newPassword: 'Tabuk#20277' },
            { cookie: here.cookie },
          ),
        ),
      );
      const codes = results.map((r) => r.json<{ error: { code: string } }>().error.code);
      expect(codes.filter((c) => c === 'WRONG_PASSWORD')).toHaveLength(10);
      expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(40);
    });
  });

  describe('reset by email link', () => {
    const tokenOf = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

    it('answers the same whether or not the account exists; the link resets once and ends every session', async () => {
      const user = await createUser(t.deps.database.db, {
        email: 'reset-1@example.test',
        password: PASSWORD,
        locale: 'en',
      });
      const session = await signIn('reset-1@example.test', PASSWORD);
      const known = await post('/api/auth/request-password-reset', {
        email: 'reset-1@example.test',
      });
      const unknown = await post('/api/auth/request-password-reset', {
        email: 'nobody-here@example.test',
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(await mailsTo('nobody-here@example.test')).toHaveLength(0);

      const [mail] = await mailsTo('reset-1@example.test');
      expect(mail!.subject).toBe('Reset your HourSpace password');
      expect(mail!.text).toContain(`${t.config.publicUrl}/reset-password?token=`);
      const token = tokenOf(mail!.text!);

      const done = await post('/api/auth/reset-password', { token, newPassword: 'Madinah#2027' });
      expect(done.statusCode, done.body).toBe(200);
      expect((await me({ cookie: session.cookie })).statusCode).toBe(401);
      expect((await me({ bearer: session.bearer })).statusCode).toBe(401);
      expect(
        await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id)),
      ).toEqual([]);
      await signIn('reset-1@example.test', 'Madinah#2027');

      const again = await post('/api/auth/reset-password', { token, newPassword: 'Again#20277' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
      const told = (await mailsTo('reset-1@example.test')).find(
        (m) => m.subject === 'Your HourSpace password was changed',
      );
      expect(told!.text).toContain('was just reset');
    });

    it('a guessed, expired or superseded link is the same INVALID_TOKEN, in the user’s language', async () => {
      const user = await createUser(t.deps.database.db, {
        email: 'reset-2@example.test',
        password: PASSWORD,
      });
      for (let i = 0; i < 2; i++)
        await post('/api/auth/request-password-reset', { email: 'reset-2@example.test' });
      const [first, second] = (await mailsTo('reset-2@example.test')).map((m) => tokenOf(m.text!));
      const guessed = await post(
        '/api/auth/reset-password',
        { token: 'a'.repeat(24), newPassword: 'Guess#20277' },
        { lang: 'ar' },
      );
      expect(guessed.json()).toMatchObject({
        error: { code: 'INVALID_TOKEN', message: 'هذا الرابط غير صالح أو انتهت صلاحيته.' },
      });
      // expire the first link
      await t.deps.database.db
        .update(verifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verifications.identifier, `reset-password:${first}`));
      const expired = await post('/api/auth/reset-password', {
        token: first,
        newPassword: 'Late#202777',
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
      expect(
        (await post('/api/auth/reset-password', { token: second, newPassword: 'Right#20277' }))
          .statusCode,
      ).toBe(200);
      // a link of the same account asked for before the reset no longer works
      const links = await t.deps.database.db
        .select()
        .from(verifications)
        .where(eq(verifications.value, user.id));
      expect(links).toEqual([]);
      // a bad new password: the policy's field error, the link still unused
      await post('/api/auth/request-password-reset', { email: 'reset-2@example.test' });
      const third = (await mailsTo('reset-2@example.test')).map((m) => m.text!).at(-1)!;
      const weak = await post('/api/auth/reset-password', {
        token: tokenOf(third),
        newPassword: 'weak',
      });
      expect(weak.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', fields: { newPassword: expect.any(String) } },
      });
    });

    it('50 requests at once for one address send no more than the limit, known or not', async () => {
      await createUser(t.deps.database.db, { email: 'reset-3@example.test', password: PASSWORD });
      for (const email of ['reset-3@example.test', 'nobody-3@example.test']) {
        const results = await Promise.all(
          Array.from({ length: 50 }, () => post('/api/auth/request-password-reset', { email })),
        );
        expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
        const limited = results.filter((r) => r.statusCode === 429);
        expect(limited).toHaveLength(47);
        expect(limited[0]!.json()).toMatchObject({ error: { code: 'RESET_RATE_LIMITED' } });
      }
      expect(await mailsTo('reset-3@example.test')).toHaveLength(3);
    });

    it('refuses a malformed request with field errors, and a link to elsewhere', async () => {
      const bad = await post('/api/auth/request-password-reset', { email: 'not-an-email' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', fields: { email: expect.any(String) } },
      });
      const elsewhere = await post('/api/auth/request-password-reset', {
        email: 'reset-1@example.test',
        redirectTo: 'https://evil.example/steal',
      });
      // better-auth's origin check refuses it before our rules do
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    });
  });

  describe('reset by SMS code', () => {
    it('sends a code to a verified number only, answering the same either way; the code resets once and ends every session', async () => {
      const user = await createUser(t.deps.database.db, {
        email: 'sms-1@example.test',
        password: PASSWORD,
        phone: '+966551230001',
        locale: 'ar',
      });
      const session = await signIn('sms-1@example.test', PASSWORD);
      const known = await post('/api/auth/phone/reset-code', { phone: '0551230001' });
      const unknown = await post('/api/auth/phone/reset-code', { phone: '0551230999' });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(await lastSms('+966551230999')).toBeNull();
      const code = await lastSms('+966551230001');
      expect(code).toMatch(/^\d{6}$/);

      // a code of this number does not reset another account's
      await createUser(t.deps.database.db, {
        email: 'sms-2@example.test',
        password: PASSWORD,
        phone: '+966551230002',
      });
      const wrongAccount = await post('/api/auth/phone/reset-password', {
        phone: '0551230002',
        code,
        newPassword: 'Other#20277',
      });
      expect(wrongAccount.json()).toMatchObject({ error: { code: 'INVALID_CODE' } });

      const done = await post('/api/auth/phone/reset-password', {
        phone: '0551230001',
        code,
        newPassword: 'Taif#202777',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect((await me({ cookie: session.cookie })).statusCode).toBe(401);
      expect(
        await t.deps.database.db.select().from(sessions).where(eq(sessions.userId, user.id)),
      ).toEqual([]);
      await signIn('sms-1@example.test', 'Taif#202777');
      const reused = await post(
        '/api/auth/phone/reset-password',
        { phone: '0551230001', code, newPassword: 'Again#20277' },
        { lang: 'ar' },
      );
      expect(reused.json()).toMatchObject({
        error: { code: 'INVALID_CODE', message: 'رمز التحقق غير صحيح.' },
      });
      const told = (await mailsTo('sms-1@example.test')).find(
        (m) => m.subject === 'تم تغيير كلمة المرور في مساحة بالساعة',
      );
      expect(told!.text).toContain('إعادة تعيين');
    });

    it('a guessed code burns after three tries; a number no account has verified gets the same error', async () => {
      await createUser(t.deps.database.db, {
        email: 'sms-3@example.test',
        password: PASSWORD,
        phone: '+966551230003',
      });
      await post('/api/auth/phone/reset-code', { phone: '0551230003' });
      const code = (await lastSms('+966551230003'))!;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 3; i++) {
        const res = await post('/api/auth/phone/reset-password', {
          phone: '0551230003',
          code: wrong,
          newPassword: 'Guess#20277',
        });
        expect(res.json()).toMatchObject({ error: { code: 'INVALID_CODE' } });
      }
      const burnt = await post('/api/auth/phone/reset-password', {
        phone: '0551230003',
        code,
        newPassword: 'Guess#20277',
      });
      expect(burnt.json()).toMatchObject({ error: { code: 'INVALID_CODE' } });
      const nobody = await post('/api/auth/phone/reset-password', {
        phone: '0551230998',
        code: '123456',
        newPassword: 'Guess#20277',
      });
      expect(nobody.json()).toMatchObject({ error: { code: 'INVALID_CODE' } });
    });

    it('50 code requests at once for one number pass no more than the limit, known or not', async () => {
      await createUser(t.deps.database.db, {
        email: 'sms-4@example.test',
        password: PASSWORD,
        phone: '+966551230004',
      });
      for (const phone of ['0551230004', '0551230997']) {
        const results = await Promise.all(
          Array.from({ length: 50 }, () => post('/api/auth/phone/reset-code', { phone })),
        );
        expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
        expect(results.filter((r) => r.statusCode === 429)).toHaveLength(47);
      }
      const file = await readFile(path.join(t.dataDir, 'sms', 'messages.jsonl'), 'utf8');
      // one SMS: the number's own limit (one code a minute) holds under the race too
      expect(file.split('\n').filter((l) => l.includes('+966551230004'))).toHaveLength(1);
    });
  });
});
