import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts';
import type { Db } from '#server/db/client.ts';
import { phoneCodes } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { wordsFor } from '#server/notices/words.ts';

/** The rules of phone codes (issue "Accounts"). */
export const PHONE_CODE_RULES = {
  digits: 6,
  ttlMs: 5 * 60_000,
  maxAttempts: 3,
  minIntervalMs: 60_000,
  maxPerHour: 5,
  /** How long a verified sign-up code stays usable to create the account. */
  proofTtlMs: 30 * 60_000,
} as const;

export type PhoneCodePurpose = 'signup' | 'signin' | 'reset' | 'change';

export interface PhoneCodeDeps {
  db: Db;
  sms: SmsSender;
  /** The server secret: codes and proofs are stored as HMACs under it, never in clear. */
  secret: string;
  now?: () => Date;
}

const hmac = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');

function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Sends a fresh 6-digit code (from the CSPRNG) to a number: at least 60 s after the previous one
 * and at most 5 in an hour per number. A new code replaces any earlier unused one. If the SMS
 * provider fails, the code is withdrawn (it never counted) and the caller gets SMS_SEND_FAILED.
 */
export async function sendPhoneCode(
  deps: PhoneCodeDeps,
  input: { phone: string; purpose: PhoneCodePurpose; locale: Locale },
): Promise<{ expiresInSeconds: number; resendInSeconds: number }> {
  const now = deps.now?.() ?? new Date();
  const code = String(randomInt(0, 10 ** PHONE_CODE_RULES.digits)).padStart(
    PHONE_CODE_RULES.digits,
    '0',
  );

  const id = await deps.db.transaction(async (tx) => {
    // One number at a time: two simultaneous requests cannot both pass the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${input.phone}`}))`);
    const recent = await tx
      .select({ createdAt: phoneCodes.createdAt })
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.phone, input.phone),
          gt(phoneCodes.createdAt, new Date(now.getTime() - 3_600_000)),
        ),
      )
      .orderBy(desc(phoneCodes.createdAt));
    const last = recent[0];
    if (last && now.getTime() - last.createdAt.getTime() < PHONE_CODE_RULES.minIntervalMs) {
      throw new AppError('PHONE_CODE_TOO_SOON');
    }
    if (recent.length >= PHONE_CODE_RULES.maxPerHour) throw new AppError('PHONE_CODE_LIMIT');
    await tx
      .update(phoneCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(phoneCodes.phone, input.phone),
          eq(phoneCodes.purpose, input.purpose),
          isNull(phoneCodes.consumedAt),
        ),
      );
    const [row] = await tx
      .insert(phoneCodes)
      .values({
        phone: input.phone,
        purpose: input.purpose,
        codeHash: hmac(deps.secret, `code:${input.phone}`, code),
        expiresAt: new Date(now.getTime() + PHONE_CODE_RULES.ttlMs),
        createdAt: now,
      })
      .returning({ id: phoneCodes.id });
    return row!.id;
  });

  try {
    await deps.sms.send(input.phone, wordsFor(input.locale).account.phoneCodeSms(code));
  } catch {
    await deps.db.delete(phoneCodes).where(eq(phoneCodes.id, id));
    throw new AppError('SMS_SEND_FAILED');
  }
  return {
    expiresInSeconds: PHONE_CODE_RULES.ttlMs / 1000,
    resendInSeconds: PHONE_CODE_RULES.minIntervalMs / 1000,
  };
}

/**
 * Checks a code against the newest live code sent to that number for that purpose. A wrong code
 * costs an attempt; the third wrong one burns the code. A right one is used up at once.
 * Every failure — wrong, expired, used, exhausted, never sent — is the same INVALID_CODE.
 */
export async function verifyPhoneCode(
  deps: PhoneCodeDeps,
  input: { phone: string; purpose: PhoneCodePurpose; code: string },
): Promise<{ codeId: string }> {
  const now = deps.now?.() ?? new Date();
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(phoneCodes)
      .where(
        and(
          eq(phoneCodes.phone, input.phone),
          eq(phoneCodes.purpose, input.purpose),
          isNull(phoneCodes.consumedAt),
          gt(phoneCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row || row.attempts >= PHONE_CODE_RULES.maxAttempts) return null;
    const matches =
      /^\d{6}$/.test(input.code) &&
      sameHash(row.codeHash, hmac(deps.secret, `code:${input.phone}`, input.code));
    if (!matches) {
      const attempts = row.attempts + 1;
      await tx
        .update(phoneCodes)
        .set({ attempts, consumedAt: attempts >= PHONE_CODE_RULES.maxAttempts ? now : null })
        .where(eq(phoneCodes.id, row.id));
      return null;
    }
    await tx.update(phoneCodes).set({ consumedAt: now }).where(eq(phoneCodes.id, row.id));
    return { codeId: row.id };
  });
  if (!result) throw new AppError('INVALID_CODE');
  return result;
}

/** After a sign-up code is verified: a one-time proof, valid 30 minutes, that the sign-up presents. */
export async function issueSignupProof(deps: PhoneCodeDeps, codeId: string): Promise<string> {
  const now = deps.now?.() ?? new Date();
  const proof = randomBytes(32).toString('base64url');
  await deps.db
    .update(phoneCodes)
    .set({
      proofHash: hmac(deps.secret, 'proof', proof),
      proofExpiresAt: new Date(now.getTime() + PHONE_CODE_RULES.proofTtlMs),
    })
    .where(eq(phoneCodes.id, codeId));
  return proof;
}

/** The row of this number's sign-up proof while it is unused and unexpired. */
const liveSignupProof = (secret: string, input: { phone: string; proof: string }, now: Date) =>
  and(
    eq(phoneCodes.proofHash, hmac(secret, 'proof', input.proof)),
    eq(phoneCodes.phone, input.phone),
    eq(phoneCodes.purpose, 'signup'),
    isNull(phoneCodes.proofUsedAt),
    gt(phoneCodes.proofExpiresAt, now),
  );

/**
 * Whether a live, unused sign-up proof exists for this number (a read, no lock): the sign-up asks
 * before it spends ~0.4 s of scrypt on the password, so a forged proof costs the server nothing.
 * consumeSignupProof, inside the transaction, stays the authority.
 */
export async function hasLiveSignupProof(
  db: Pick<Db, 'select'>,
  secret: string,
  input: { phone: string; proof: string; now?: Date },
): Promise<boolean> {
  const rows = await db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(liveSignupProof(secret, input, input.now ?? new Date()))
    .limit(1);
  return rows.length === 1;
}

/** Uses up a sign-up proof for this number, inside the sign-up's transaction. False if it is not valid. */
export async function consumeSignupProof(
  tx: Pick<Db, 'update'>,
  secret: string,
  input: { phone: string; proof: string; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const rows = await tx
    .update(phoneCodes)
    .set({ proofUsedAt: now })
    .where(liveSignupProof(secret, input, now))
    .returning({ id: phoneCodes.id });
  return rows.length === 1;
}
