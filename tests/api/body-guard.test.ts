import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, spaces, users } from '#server/db/schema.ts';
import { verifyPassword } from '#server/users/password-hash.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Every body, every route (issue 21): text PostgreSQL cannot store is a 400 VALIDATION_ERROR
 * wherever it sits in the body — also after 10,001 other keys, and on better-auth's routes —
 * and better-auth's own update-user and change-password follow our field rules.
 */
describe('the body guard and better-auth’s own endpoints', () => {
  let t: TestApp;
  let ip = 0;
  const PASSWORD = 'Guard#2026';
  let hostCookie = '';
  let adminCookie = '';
  let pendingSpaceId = '';
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'guard-host@example.test', password: PASSWORD });
    await createUser(db, {
      email: 'guard-admin@example.test',
      password: PASSWORD,
      roles: ['admin'],
    });
    pendingSpaceId = (await createSpace(db, { hostId: host.id, status: 'pending' })).id;
    hostCookie = await signInCookie(t, 'guard-host@example.test', PASSWORD);
    adminCookie = await signInCookie(t, 'guard-admin@example.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (url: string, body: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body,
      remoteAddress: `10.41.0.${++ip}`,
      headers: {
        'content-type': 'application/json',
        origin: t.config.publicUrl,
        'accept-language': 'en',
        ...(cookie ? { cookie } : {}),
      },
    });

  /**
   * `{ <field>: "…\u0000…", k0: 0, …, k10000: 0, …rest }`: the NUL comes before the junk keys
   * (better-auth's mount takes 64 KB, so fewer keys there).
   */
  const nulFirst = (field: string, rest: Record<string, unknown> = {}, keys = 10_001) => {
    const junk = Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, 0]));
    return JSON.stringify({ [field]: 'a\u0000b', ...junk, ...rest });
  };

  const expectRefused = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  };

  it('refuses a NUL placed before 10,001 junk keys on /api/contact, /api/spaces and admin reject', async () => {
    expectRefused(
      await send(
        '/api/contact',
        nulFirst('name', { email: 'a@example.com', message: 'Is it free on Friday?' }),
      ),
    );
    expectRefused(await send('/api/spaces', nulFirst('titleAr'), hostCookie));
    expectRefused(
      await send(`/api/admin/spaces/${pendingSpaceId}/reject`, nulFirst('reason'), adminCookie),
    );
    const [space] = await t.deps.database.db
      .select({ status: spaces.status })
      .from(spaces)
      .where(eq(spaces.id, pendingSpaceId));
    expect(space!.status).toBe('pending');
  });

  it('refuses a NUL in a better-auth body (sign-up, update-user, sign-in) before it runs', async () => {
    expectRefused(
      await send(
        '/api/auth/sign-up',
        JSON.stringify({
          fullName: 'Sa\u0000ra',
          email: 'nul@example.com',
          phone: '0551234567',
          password: PASSWORD,
          phoneProof: 'x'.repeat(40),
        }),
      ),
    );
    expectRefused(
      await send('/api/auth/update-user', JSON.stringify({ fullName: 'x\u0000' }), hostCookie),
    );
    expectRefused(
      await send('/api/auth/sign-in/email', nulFirst('email', { password: 'Wrong#2026' }, 4_000)),
    );
    expectRefused(await send('/api/auth/sign-in/email', JSON.stringify({ ['e\ud800']: 1 })));
  });

  it('update-user takes only a name under the sign-up rules, and stores nothing else', async () => {
    const db = t.deps.database.db;
    const before = (
      await db.select().from(users).where(eq(users.email, 'guard-host@example.test'))
    )[0]!;
    const bad: unknown[] = [
      { fullName: null },
      { fullName: ['a', 'b'] },
      { fullName: { first: 'a' } },
      { fullName: 42 },
      { fullName: '' },
      { fullName: '   ' },
      { fullName: 'x'.repeat(50_000) },
      { name: 'x'.repeat(101) },
      { name: ['x'] },
      { phone: '+966500000001' },
      { email: 'new@example.com' },
      { image: 'javascript:alert(1)' },
      { locale: 'fr' },
      { fullName: 'Sara', role: 'admin' },
    ];
    for (const body of bad) {
      const res = await send('/api/auth/update-user', JSON.stringify(body), hostCookie);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    const after = (
      await db.select().from(users).where(eq(users.email, 'guard-host@example.test'))
    )[0]!;
    expect(after).toEqual(before);

    const ok = await send(
      '/api/auth/update-user',
      JSON.stringify({ fullName: '  Sara Host  ' }),
      hostCookie,
    );
    expect(ok.statusCode).toBe(200);
    const renamed = (await db.select().from(users).where(eq(users.id, before.id)))[0]!;
    expect(renamed.fullName).toBe('Sara Host');
  });

  it('change-password enforces the password policy', async () => {
    const db = t.deps.database.db;
    const user = await createUser(db, { email: 'guard-pw@example.test', password: PASSWORD });
    const cookie = await signInCookie(t, 'guard-pw@example.test', PASSWORD);
    for (const newPassword of [
      'aaaaaaaa',
      'Short#1',
      'nouppercase#1',
      'NOLOWER#1',
      'NoDigits#',
      'NoSpecial1',
    ]) {
      const res = await send(
        '/api/auth/change-password',
        JSON.stringify({ currentPassword: PASSWORD, newPassword }),
        cookie,
      );
      expect({ newPassword, status: res.statusCode }).toEqual({ newPassword, status: 400 });
      expect(res.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', fields: { newPassword: expect.any(String) } },
      });
    }
    const hash = async () =>
      (await db.select().from(accounts).where(eq(accounts.userId, user.id)))[0]!.password!;
    expect(await verifyPassword(await hash(), PASSWORD)).toBe(true);

    const ok = await send(
      '/api/auth/change-password',
      JSON.stringify({ currentPassword: PASSWORD, newPassword: 'Stronger#2027' }),
      cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect(await verifyPassword(await hash(), 'Stronger#2027')).toBe(true);
  });
});
