import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { fieldRule } from '#shared/message-codes.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { pgErrorCode } from '#server/db/pg-error.ts';
import { contactChanges, users } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { accountEmail } from './account-emails.ts';
import {
  PHONE_CODE_RULES,
  sendPhoneCode,
  verifyPhoneCode,
  type PhoneCodeDeps,
} from './phone-codes.ts';

/**
 * Changing the account's email or phone number (issue 38, decision 071). Each request is a row
 * of `contact_changes`, counted per account under the user row's lock, so however many arrive
 * at once no more than `perHour` pass. An email change is confirmed by a single-use link sent
 * to the new address (an hour); the old address is told once it is done. A phone change is
 * confirmed by the SMS code of sign-up (phone-codes.ts, purpose `change`, its own per-number
 * limits) sent to the new number.
 */
export const CONTACT_CHANGE_RULES = {
  perHour: 3,
  emailLinkTtlMs: 60 * 60_000,
} as const;

/** Where the link lands: the account page, which confirms it with a button (never on GET). */
export const CONFIRM_EMAIL_PAGE = '/account/confirm-email';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Locks the user row and counts this account's requests of a kind in the last hour. */
async function takeTurn(q: Queryable, userId: string, kind: 'email' | 'phone', now: Date) {
  const [user] = await q.select().from(users).where(eq(users.id, userId)).for('no key update');
  if (!user || user.deletedAt || user.deletionRequestedAt) throw new AppError('UNAUTHORIZED');
  const [recent] = await q
    .select({ n: count() })
    .from(contactChanges)
    .where(
      and(
        eq(contactChanges.userId, userId),
        eq(contactChanges.kind, kind),
        gt(contactChanges.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  if (Number(recent?.n ?? 0) >= CONTACT_CHANGE_RULES.perHour)
    throw new AppError('CHANGE_RATE_LIMITED');
  return user;
}

/** Sends the confirmation link to the new address; earlier links of this account stop working. */
export async function requestEmailChange(
  db: Db,
  input: {
    userId: string;
    newEmail: string;
    now: Date;
    publicUrl: string;
    requestLocale: Locale;
  },
): Promise<void> {
  const newEmail = input.newEmail.trim();
  await db.transaction(async (tx) => {
    const user = await takeTurn(tx, input.userId, 'email', input.now);
    if (user.email.toLowerCase() === newEmail.toLowerCase())
      throw new AppError('VALIDATION_ERROR', { newEmail: fieldRule('sameAsCurrent') });
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${newEmail})`, ne(users.id, user.id)));
    if (taken) throw new AppError('EMAIL_TAKEN');
    await tx
      .update(contactChanges)
      .set({ usedAt: input.now })
      .where(
        and(
          eq(contactChanges.userId, user.id),
          eq(contactChanges.kind, 'email'),
          isNull(contactChanges.usedAt),
        ),
      );
    const token = randomBytes(32).toString('base64url');
    const [row] = await tx
      .insert(contactChanges)
      .values({
        userId: user.id,
        kind: 'email',
        newValue: newEmail,
        tokenHash: hashToken(token),
        expiresAt: new Date(input.now.getTime() + CONTACT_CHANGE_RULES.emailLinkTtlMs),
        createdAt: input.now,
      })
      .returning({ id: contactChanges.id });
    await enqueueMail(
      tx,
      `email-change-${row!.id}`,
      accountEmail({
        kind: 'emailChange',
        to: newEmail,
        user,
        locale: recipientLocale(user.locale, input.requestLocale),
        link: `${input.publicUrl}${CONFIRM_EMAIL_PAGE}?token=${encodeURIComponent(token)}`,
      }),
    );
  });
}

/**
 * Uses a link's token: the account's email becomes the new address (verified: the link reached
 * it), and the old address is told. Guessed, expired, used or superseded → INVALID_TOKEN; an
 * address taken meanwhile → EMAIL_TAKEN (the token stays unused).
 */
export async function confirmEmailChange(
  db: Db,
  input: { token: string; now: Date },
): Promise<{ email: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [change] = await tx
        .update(contactChanges)
        .set({ usedAt: input.now })
        .where(
          and(
            eq(contactChanges.tokenHash, hashToken(input.token)),
            eq(contactChanges.kind, 'email'),
            isNull(contactChanges.usedAt),
            gt(contactChanges.expiresAt, input.now),
          ),
        )
        .returning();
      if (!change) throw new AppError('INVALID_TOKEN');
      const [user] = await tx
        .select()
        .from(users)
        .where(eq(users.id, change.userId))
        .for('no key update');
      if (!user || user.deletedAt || user.deletionRequestedAt) throw new AppError('INVALID_TOKEN');
      await tx
        .update(users)
        .set({ email: change.newValue, emailVerified: true, updatedAt: input.now })
        .where(eq(users.id, user.id));
      await enqueueMail(
        tx,
        `email-changed-${change.id}`,
        accountEmail({
          kind: 'emailChanged',
          to: user.email,
          user,
          locale: recipientLocale(user.locale, 'ar'),
          newEmail: change.newValue,
        }),
      );
      return { email: change.newValue };
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

/** Sends a code to the new number (after the account's limit; the number's own limits apply). */
export async function requestPhoneChange(
  deps: PhoneCodeDeps,
  input: { userId: string; phone: string; now: Date; requestLocale: Locale },
): Promise<{ expiresInSeconds: number; resendInSeconds: number }> {
  const locale = await deps.db.transaction(async (tx) => {
    const user = await takeTurn(tx, input.userId, 'phone', input.now);
    if (user.phone === input.phone)
      throw new AppError('VALIDATION_ERROR', { phone: fieldRule('sameAsCurrent') });
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, input.phone), ne(users.id, user.id)));
    if (taken) throw new AppError('PHONE_TAKEN');
    await tx.insert(contactChanges).values({
      userId: user.id,
      kind: 'phone',
      newValue: input.phone,
      expiresAt: new Date(input.now.getTime() + PHONE_CODE_RULES.ttlMs),
      createdAt: input.now,
    });
    return recipientLocale(user.locale, input.requestLocale);
  });
  return sendPhoneCode(deps, { phone: input.phone, purpose: 'change', locale });
}

/**
 * The code the new number received: the account's phone becomes it, verified. Only a number this
 * account asked for takes a code; every failure is the same INVALID_CODE; a number taken
 * meanwhile is PHONE_TAKEN.
 */
export async function confirmPhoneChange(
  deps: PhoneCodeDeps,
  input: { userId: string; phone: string; code: string; now: Date },
): Promise<{ phone: string }> {
  const asked = () =>
    and(
      eq(contactChanges.userId, input.userId),
      eq(contactChanges.kind, 'phone'),
      eq(contactChanges.newValue, input.phone),
      isNull(contactChanges.usedAt),
      gt(contactChanges.expiresAt, input.now),
    );
  const [pending] = await deps.db
    .select({ id: contactChanges.id })
    .from(contactChanges)
    .where(asked())
    .orderBy(desc(contactChanges.createdAt))
    .limit(1);
  if (!pending) throw new AppError('INVALID_CODE');
  await verifyPhoneCode(deps, { phone: input.phone, purpose: 'change', code: input.code });
  try {
    return await deps.db.transaction(async (tx) => {
      const used = await tx
        .update(contactChanges)
        .set({ usedAt: input.now })
        .where(asked())
        .returning({ id: contactChanges.id });
      if (used.length === 0) throw new AppError('INVALID_CODE');
      const [user] = await tx
        .update(users)
        .set({ phone: input.phone, phoneVerified: true, updatedAt: input.now })
        .where(
          and(
            eq(users.id, input.userId),
            isNull(users.deletedAt),
            isNull(users.deletionRequestedAt),
          ),
        )
        .returning({ phone: users.phone });
      if (!user) throw new AppError('INVALID_CODE');
      return { phone: input.phone };
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('PHONE_TAKEN');
    throw error;
  }
}
