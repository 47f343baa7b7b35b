import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { createLogSms } from '#server/adapters/sms/log-sms.ts';
import { SmsError, type SmsSender } from '#server/adapters/sms/sms-sender.ts';
import { phoneCodes } from '#server/db/schema.ts';
import {
  consumeSignupProof,
  issueSignupProof,
  PHONE_CODE_RULES,
  sendPhoneCode,
  verifyPhoneCode,
  type PhoneCodeDeps,
} from '#server/features/account/phone-codes.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const PHONE = '+966512345678';

describe('phone codes', () => {
  let t: TestDatabase;
  let dir: string;
  let clock: Date;
  let deps: PhoneCodeDeps;

  beforeAll(async () => {
    t = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'hourspace-sms-'));
  });
  afterAll(async () => {
    await t.drop();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.database.db.delete(phoneCodes);
    await rm(dir, { recursive: true, force: true });
    clock = new Date('2030-05-01T10:00:00Z');
    deps = {
      db: t.database.db,
      sms: createLogSms({ dir, logger: silentLogger }),
      secret: 'x'.repeat(32),
      now: () => clock,
    };
  });

  const lastCode = async (phone = PHONE) => {
    const lines = (await readFile(path.join(dir, 'messages.jsonl'), 'utf8')).trim().split('\n');
    const last = JSON.parse(lines.filter((l) => l.includes(phone)).at(-1)!) as { body: string };
    return /\d{6}/.exec(last.body)![0];
  };
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const send = (purpose: 'signup' | 'signin' = 'signup', locale: 'ar' | 'en' = 'ar') =>
    sendPhoneCode(deps, { phone: PHONE, purpose, locale });
  const verify = (code: string, purpose: 'signup' | 'signin' = 'signup') =>
    verifyPhoneCode(deps, { phone: PHONE, purpose, code });

  it('sends 6 digits in the requested language, stores only a hash, and verifies once', async () => {
    await send('signup', 'en');
    const code = await lastCode();
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(phoneCodes);
    expect(row!.codeHash).not.toContain(code);
    expect(await readFile(path.join(dir, 'messages.jsonl'), 'utf8')).toContain(
      'Your HourSpace verification code',
    );
    await expect(verify(code)).resolves.toMatchObject({ codeId: row!.id });
    // single use
    await expect(verify(code)).rejects.toMatchObject({ code: 'INVALID_CODE', statusCode: 400 });
  });

  it('refuses a wrong code, and burns the code after three wrong attempts', async () => {
    await send();
    const code = await lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i += 1)
      await expect(verify(wrong)).rejects.toMatchObject({ code: 'INVALID_CODE' });
    await expect(verify(code)).rejects.toMatchObject({ code: 'INVALID_CODE' });
  });

  it('expires after 5 minutes', async () => {
    await send();
    const code = await lastCode();
    advance(PHONE_CODE_RULES.ttlMs + 1);
    await expect(verify(code)).rejects.toMatchObject({ code: 'INVALID_CODE' });
  });

  it('works until the last moment of its 5 minutes', async () => {
    await send();
    const code = await lastCode();
    advance(PHONE_CODE_RULES.ttlMs - 1000);
    await expect(verify(code)).resolves.toBeDefined();
  });

  it('is bound to its number and its purpose', async () => {
    await send('signin');
    const code = await lastCode();
    await expect(
      verifyPhoneCode(deps, { phone: '+966598765432', purpose: 'signin', code }),
    ).rejects.toMatchObject({ code: 'INVALID_CODE' });
    await expect(verify(code, 'signup')).rejects.toMatchObject({ code: 'INVALID_CODE' });
    await expect(verify(code, 'signin')).resolves.toBeDefined();
  });

  it('refuses malformed codes without using them', async () => {
    await send();
    const code = await lastCode();
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code} `])
      await expect(verify(bad)).rejects.toMatchObject({ code: 'INVALID_CODE' });
    // those were wrong attempts: three of them burned the code
    await expect(verify(code)).rejects.toMatchObject({ code: 'INVALID_CODE' });
  });

  it('a new code replaces the previous one', async () => {
    await send();
    const first = await lastCode();
    advance(61_000);
    await send();
    const second = await lastCode();
    if (first !== second)
      await expect(verify(first)).rejects.toMatchObject({ code: 'INVALID_CODE' });
    await expect(verify(second)).resolves.toBeDefined();
  });

  it('sends at least 60 seconds apart and at most 5 an hour per number', async () => {
    await send();
    advance(59_000);
    await expect(send()).rejects.toMatchObject({ code: 'PHONE_CODE_TOO_SOON', statusCode: 429 });
    for (let i = 0; i < 4; i += 1) {
      advance(61_000);
      await send();
    }
    advance(61_000);
    await expect(send()).rejects.toMatchObject({ code: 'PHONE_CODE_LIMIT', statusCode: 429 });
    // another number is not affected
    await expect(
      sendPhoneCode(deps, { phone: '+966598765432', purpose: 'signup', locale: 'ar' }),
    ).resolves.toBeDefined();
    // an hour after the first, one more is allowed
    advance(3_600_000 - 5 * 61_000 + 1_000);
    await expect(send()).resolves.toBeDefined();
  });

  it('withdraws the code when the SMS provider fails, without counting it', async () => {
    const failing: SmsSender = {
      kind: 'twilio',
      send: async () => Promise.reject(new SmsError('down', 503)),
    };
    await expect(
      sendPhoneCode({ ...deps, sms: failing }, { phone: PHONE, purpose: 'signup', locale: 'ar' }),
    ).rejects.toMatchObject({
      code: 'SMS_SEND_FAILED',
    });
    expect(await t.database.db.select().from(phoneCodes)).toHaveLength(0);
    await expect(send()).resolves.toBeDefined(); // no 60-second wait was started
  });

  it('a verified sign-up code gives a one-time proof bound to the number, valid 30 minutes', async () => {
    await send();
    const { codeId } = await verify(await lastCode());
    const proof = await issueSignupProof(deps, codeId);
    const db = t.database.db;
    expect(
      await consumeSignupProof(db, deps.secret, { phone: '+966598765432', proof, now: clock }),
    ).toBe(false);
    expect(
      await consumeSignupProof(db, deps.secret, { phone: PHONE, proof: 'forged', now: clock }),
    ).toBe(false);
    expect(
      await consumeSignupProof(db, deps.secret, {
        phone: PHONE,
        proof,
        now: new Date(clock.getTime() + PHONE_CODE_RULES.proofTtlMs + 1),
      }),
    ).toBe(false);
    expect(await consumeSignupProof(db, deps.secret, { phone: PHONE, proof, now: clock })).toBe(
      true,
    );
    expect(await consumeSignupProof(db, deps.secret, { phone: PHONE, proof, now: clock })).toBe(
      false,
    );
  });
});
