import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { accounts, sessions, users } from '#server/db/schema.ts';
import { createJobHandlers } from '#server/job-wiring.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import { createUser } from '../fixtures/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ORIGIN = 'http://localhost:3000';
let ipCounter = 0;
const nextIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (
    url: string,
    payload: object,
    extra: { ip?: string; cookie?: string; lang?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: extra.ip ?? nextIp(),
      headers: {
        origin: ORIGIN,
        'accept-language': extra.lang ?? 'en',
        ...(extra.cookie ? { cookie: extra.cookie } : {}),
      },
    });

  /** The last code the embedded SMS adapter wrote for this number. */
  async function smsCode(phone: string): Promise<string> {
    const lines = (await readFile(path.join(t.dataDir, 'sms', 'messages.jsonl'), 'utf8'))
      .trim()
      .split('\n');
    const last = lines
      .map((l) => JSON.parse(l) as { to: string; body: string })
      .filter((m) => m.to === phone)
      .at(-1)!;
    return /\d{6}/.exec(last.body)![0];
  }

  async function deliverMail() {
    await createJobWorker({
      db: t.deps.database.db,
      handlers: createJobHandlers(t.deps),
      logger: silentLogger,
    }).runDue();
  }

  async function mailTo(email: string) {
    for (const file of await readdir(t.config.mail.dir).catch(() => [] as string[])) {
      const mail = await simpleParser(await readFile(path.join(t.config.mail.dir, file)));
      if (mail.to && !Array.isArray(mail.to) && mail.to.text === email) return mail;
    }
    return null;
  }

  const sessionCookie = (res: { headers: Record<string, unknown> }) => {
    const raw = res.headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
    const cookie = list.find((c: string) => c.startsWith('hs.session_token='));
    return cookie ? { header: cookie, pair: cookie.split(';')[0]! } : null;
  };

  async function signUp(
    email: string,
    phone: string,
    password = 'Riyadh#2026',
    extra: Record<string, unknown> = {},
  ) {
    const ip = nextIp();
    expect(
      (await post('/api/auth/phone/send-code', { phone, purpose: 'signup' }, { ip })).statusCode,
    ).toBe(200);
    const verified = await post(
      '/api/auth/phone/verify',
      { phone, code: await smsCode(`+966${phone.slice(-9)}`) },
      { ip },
    );
    expect(verified.statusCode).toBe(200);
    const { phoneProof } = verified.json<{ phoneProof: string }>();
    return post(
      '/api/auth/sign-up',
      { fullName: 'Huda Al-Harbi', email, phone, password, phoneProof, ...extra },
      { ip },
    );
  }

  it('stores WhatsApp consent with its time only when the sign-up says yes (off by default)', async () => {
    const before = Date.now();
    expect(
      (await signUp('wa-yes@example.com', '0551112901', 'Riyadh#2026', { whatsappOptIn: true }))
        .statusCode,
    ).toBe(201);
    expect((await signUp('wa-default@example.com', '0551112902')).statusCode).toBe(201);
    expect(
      (await signUp('wa-no@example.com', '0551112903', 'Riyadh#2026', { whatsappOptIn: false }))
        .statusCode,
    ).toBe(201);
    const at = async (email: string) =>
      (
        await t.deps.database.db
          .select({ at: users.whatsappOptInAt })
          .from(users)
          .where(eq(users.email, email))
      )[0]!.at;
    expect((await at('wa-yes@example.com'))!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await at('wa-default@example.com')).toBeNull();
    expect(await at('wa-no@example.com')).toBeNull();
    const bad = await signUp('wa-bad@example.com', '0551112904', 'Riyadh#2026', {
      whatsappOptIn: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('signs up: phone first, then the account and its activation email; activates; signs in', async () => {
    const res = await signUp('Huda@Example.com', '0551112233');
    expect(res.statusCode).toBe(201);
    const [user] = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'huda@example.com'));
    expect(user).toMatchObject({
      phone: '+966551112233',
      phoneVerified: true,
      emailVerified: false,
      fullName: 'Huda Al-Harbi',
    });

    // Not yet activated: sign-in by password is refused, clearly.
    const early = await post('/api/auth/sign-in/email', {
      email: 'huda@example.com',
      password: 'Riyadh#2026',
    });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } });

    await deliverMail();
    const mail = await mailTo('huda@example.com');
    const link = /https?:\/\/\S+verify-email\?token=[^\s"]+/.exec(mail!.text!)![0];
    const activate = await t.app.inject({
      method: 'GET',
      url: link.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(activate.statusCode).toBe(302);
    expect(activate.headers.location).toBe('/auth?activated=1');

    const signIn = await post('/api/auth/sign-in/email', {
      email: 'huda@example.com',
      password: 'Riyadh#2026',
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookie(signIn)!;
    expect(cookie.header).toMatch(/HttpOnly/i);
    expect(cookie.header).toMatch(/SameSite=Lax/i);
    expect(cookie.header).not.toMatch(/Secure/); // http://localhost: no Secure outside production

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookie.pair },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: 'huda@example.com', fullName: 'Huda Al-Harbi', phone: '+966551112233' },
      roles: [],
    });
  });

  it('a new session token at every sign-in; sign-out ends the session on the server', async () => {
    await createUser(t.deps.database.db, {
      email: 'twice@example.com',
      password: 'Twice#2026',
      emailVerified: true,
    });
    const first = sessionCookie(
      await post('/api/auth/sign-in/email', { email: 'twice@example.com', password: 'Twice#2026' }),
    )!;
    const second = sessionCookie(
      await post('/api/auth/sign-in/email', { email: 'twice@example.com', password: 'Twice#2026' }),
    )!;
    expect(first.pair).not.toBe(second.pair);

    const out = await post('/api/auth/sign-out', {}, { cookie: second.pair });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: second.pair },
    });
    expect(me.statusCode).toBe(401);
    const token = decodeURIComponent(second.pair.split('=')[1]!).split('.')[0]!;
    expect(
      await t.deps.database.db.select().from(sessions).where(eq(sessions.token, token)),
    ).toHaveLength(0);
  });

  it('/api/me lists role codes, and answers 401 signed out', async () => {
    await createUser(t.deps.database.db, {
      email: 'boss@example.com',
      password: 'Boss#2026x',
      roles: ['admin', 'super_admin'],
    });
    const cookie = sessionCookie(
      await post('/api/auth/sign-in/email', { email: 'boss@example.com', password: 'Boss#2026x' }),
    )!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookie.pair },
    });
    expect(me.json<{ roles: string[] }>().roles).toEqual(['admin', 'super_admin']);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('sign-in messages of docs/product-spec.md', async () => {
    const none = await post('/api/auth/sign-in/email', {});
    expect(none.json()).toEqual({
      error: {
        code: 'CREDENTIALS_REQUIRED',
        message: 'You must provide either an email or phone number and a password',
      },
    });
    const noPassword = await post('/api/auth/sign-in/email', { email: 'a@example.com' });
    expect(noPassword.json()).toEqual({
      error: { code: 'EMAIL_PASSWORD_REQUIRED', message: 'Email and password are required.' },
    });
    const wrong = await post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'Nope#2026x',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect login credentials' },
    });
    const arabic = await post(
      '/api/auth/sign-in/email',
      { email: 'nobody@example.com', password: 'Nope#2026x' },
      { lang: 'ar' },
    );
    expect(arabic.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'بيانات الدخول غير صحيحة' },
    });
  });

  it('refuses a sign-up without a verified phone, and leaves nothing behind', async () => {
    const res = await post('/api/auth/sign-up', {
      fullName: 'No Phone',
      email: 'nophone@example.com',
      phone: '0551234999',
      password: 'Riyadh#2026',
      phoneProof: 'x'.repeat(40),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'PHONE_NOT_VERIFIED' } });
    expect(
      await t.deps.database.db.select().from(users).where(eq(users.email, 'nophone@example.com')),
    ).toHaveLength(0);
  });

  it('checks every sign-up field, in the request language', async () => {
    const res = await post(
      '/api/auth/sign-up',
      { fullName: '', email: 'bad', phone: '123', password: 'short', phoneProof: '' },
      { lang: 'ar' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'بعض الحقول تحتاج إلى مراجعة.',
        fields: {
          fullName: 'هذا الحقل مطلوب.',
          email: 'أدخل بريدًا إلكترونيًا صحيحًا.',
          phone: 'أدخل رقم جوال سعودي، مثل 5XXXXXXXX.',
          password: 'كلمة المرور لا تستوفي الشروط المطلوبة',
          phoneProof: 'هذا الحقل مطلوب.',
        },
      },
    });
  });

  it.each([
    ['riyadh#2026', 'no uppercase'],
    ['RIYADH#2026', 'no lowercase'],
    ['Riyadh#City', 'no digit'],
    ['Riyadh2026', 'no special character'],
    ['Ri#2026', 'too short'],
  ])('refuses the password %s (%s)', async (password) => {
    const res = await post('/api/auth/sign-up', {
      fullName: 'A',
      email: 'p@example.com',
      phone: '0551234000',
      password,
      phoneProof: 'x'.repeat(40),
    });
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields.password).toBe(
      'Password does not meet the required criteria',
    );
  });

  it('accepts phones as 5XXXXXXXX, 05XXXXXXXX, 9665XXXXXXXX and +9665XXXXXXXX, and stores E.164', async () => {
    const forms = ['512340001', '0512340002', '966512340003', '+966512340004'];
    for (const [i, phone] of forms.entries()) {
      const res = await signUp(`form${i}@example.com`, phone);
      expect(res.statusCode, phone).toBe(201);
    }
    const stored = await t.deps.database.db.select({ phone: users.phone }).from(users);
    expect(stored.map((u) => u.phone)).toEqual(
      expect.arrayContaining(['+966512340001', '+966512340002', '+966512340003', '+966512340004']),
    );
  });

  it('refuses a second account on one email or one phone', async () => {
    await signUp('dup@example.com', '0559990001');
    const sameEmail = await signUp('dup@example.com', '0559990002');
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ error: { code: 'EMAIL_TAKEN' } });
    const samePhone = await post('/api/auth/phone/send-code', {
      phone: '0559990001',
      purpose: 'signup',
    });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toMatchObject({ error: { code: 'PHONE_TAKEN' } });
  });

  it('signs in by phone code', async () => {
    await createUser(t.deps.database.db, {
      email: 'byphone@example.com',
      phone: '+966557770001',
      emailVerified: true,
    });
    const ip = nextIp();
    expect(
      (await post('/api/auth/phone/send-code', { phone: '0557770001', purpose: 'signin' }, { ip }))
        .statusCode,
    ).toBe(200);
    const wrong = await post(
      '/api/auth/sign-in/phone',
      {
        phone: '0557770001',
        code: '000000' === (await smsCode('+966557770001')) ? '111111' : '000000',
      },
      { ip },
    );
    expect(wrong.json()).toMatchObject({
      error: { code: 'INVALID_CODE', message: 'Invalid verification code.' },
    });
    const res = await post(
      '/api/auth/sign-in/phone',
      { phone: '0557770001', code: await smsCode('+966557770001') },
      { ip },
    );
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res)!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookie.pair },
    });
    expect(me.json()).toMatchObject({ user: { email: 'byphone@example.com' } });
  });

  it('limits sign-ups per address (429 with the message of docs/product-spec.md)', async () => {
    const ip = '10.66.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await post('/api/auth/sign-up', { fullName: 'x' }, { ip })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const res = await post('/api/auth/sign-up', {}, { ip });
    expect(res.json()).toEqual({
      error: {
        code: 'SIGNUP_RATE_LIMITED',
        message:
          'You have exceeded the allowed number of registration attempts. Please try again later.',
      },
    });
  });

  it('limits failed sign-ins per account and address, whatever X-Forwarded-For says', async () => {
    await createUser(t.deps.database.db, { email: 'target@example.com', password: 'Target#2026' });
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'target@example.com', password: `Wrong#${i}x` },
        remoteAddress: '10.77.0.1',
        headers: {
          origin: ORIGIN,
          'accept-language': 'en',
          'x-forwarded-for': `198.51.100.${i}`,
          'x-hs-client-ip': `203.0.113.${i}`,
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Locked from that address, even with the right password (forged headers change nothing)…
    const blocked = await post(
      '/api/auth/sign-in/email',
      { email: 'target@example.com', password: 'Target#2026' },
      { ip: '10.77.0.1' },
    );
    expect(blocked.json()).toMatchObject({ error: { code: 'SIGNIN_RATE_LIMITED' } });
    // …but not the owner elsewhere (sign-in-attempts.test.ts has the per-account ceiling).
    const owner = await post('/api/auth/sign-in/email', {
      email: 'target@example.com',
      password: 'Target#2026',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('never returns or stores a phone code in clear', async () => {
    const res = await post('/api/auth/phone/send-code', { phone: '0558880001', purpose: 'signup' });
    const code = await smsCode('+966558880001');
    expect(res.body).not.toContain(code);
  });

  it('stores passwords as scrypt hashes', async () => {
    await signUp(
      'hash@example.com',
      '0556660001',
      'A much longer passphrase of more than sixty-four characters, 2026!',
    );
    const [user] = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'hash@example.com'));
    const [account] = await t.deps.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user!.id));
    expect(account!.password).toMatch(/^scrypt\$16\$8\$2\$/);
  });
});

describe('session cookie in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'p'.repeat(40),
        PUBLIC_URL: 'https://hourspace.example',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is Secure, HttpOnly and SameSite=Lax over HTTPS', async () => {
    await createUser(t.deps.database.db, { email: 'prod@example.com', password: 'Prod#2026x' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'prod@example.com', password: 'Prod#2026x' },
      headers: { origin: 'https://hourspace.example' },
    });
    expect(res.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]);
    const session = cookies.find((c) => c.startsWith('__Secure-hs.session_token='))!;
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'prod@example.com', password: 'Prod#2026x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'ORIGIN_NOT_TRUSTED' } });
  });
});

describe('granting roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a role once, by email, and refuses unknown users and roles', async () => {
    const { grantRole } = await import('#server/db/grant-role.ts');
    await createUser(t.deps.database.db, { email: 'future-admin@example.com' });
    await grantRole(t.deps.database.db, 'Future-Admin@example.com', 'admin');
    await grantRole(t.deps.database.db, 'future-admin@example.com', 'admin');
    await expect(grantRole(t.deps.database.db, 'nobody@example.com', 'admin')).rejects.toThrow(
      'No user',
    );
    await expect(
      grantRole(t.deps.database.db, 'future-admin@example.com', 'root' as 'admin'),
    ).rejects.toThrow('Unknown role');
  });
});
