import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { accounts, phoneCodes, sessions, users, verifications } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import { accountEmail } from './account-emails.ts';
import { verifyPhoneCode, type PhoneCodeDeps } from './phone-codes.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How long a reset link works (better-auth's resetPasswordTokenExpiresIn), in seconds. */
export const RESET_LINK_TTL_SECONDS = 30 * 60;

/**
 * After a password changed (account page) or was reset (link or SMS code), in the caller's
 * transaction: every other way in is ended — the reset links still out and the reset codes still
 * live — and the person is emailed that it happened (in their language), in case it was not them.
 * Sessions are ended by the caller (better-auth's change/reset, or resetPasswordByPhoneCode).
 */
export async function afterPasswordChange(
  q: Queryable,
  input: { userId: string; how: 'changed' | 'reset'; requestLocale: Locale; at?: Date },
): Promise<void> {
  const at = input.at ?? new Date();
  await q
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, input.userId),
        like(verifications.identifier, 'reset-password:%'),
      ),
    );
  const [user] = await q
    .select({
      email: users.email,
      fullName: users.fullName,
      name: users.name,
      phone: users.phone,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) return;
  if (user.phone) {
    await q
      .update(phoneCodes)
      .set({ consumedAt: at })
      .where(
        and(
          eq(phoneCodes.phone, user.phone),
          eq(phoneCodes.purpose, 'reset'),
          sql`${phoneCodes.consumedAt} is null`,
        ),
      );
  }
  await enqueueMail(
    q,
    `password-${input.how}-${input.userId}-${at.getTime()}`,
    accountEmail({
      kind: 'passwordChanged',
      to: user.email,
      user,
      how: input.how,
      locale: recipientLocale(user.locale, input.requestLocale),
    }),
  );
}

/**
 * Reset by SMS code (issue 38): the code sent to the account's verified phone, and a new password
 * (already checked against the policy). Every failure — wrong, expired, used, guessed, a number
 * no account has verified — is the same INVALID_CODE. On success, in one transaction: the
 * password is set (a password is added to an account that had none), every session and bearer
 * token of the account ends, reset links and codes still out end, and the change is emailed.
 */
export async function resetPasswordByPhoneCode(
  deps: PhoneCodeDeps & { hashPassword: (password: string) => Promise<string> },
  input: { phone: string; code: string; newPassword: string; requestLocale: Locale },
): Promise<{ userId: string }> {
  await verifyPhoneCode(deps, { phone: input.phone, code: input.code, purpose: 'reset' });
  const [owner] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, input.phone), eq(users.phoneVerified, true)));
  if (!owner) throw new AppError('INVALID_CODE');
  const passwordHash = await deps.hashPassword(input.newPassword);
  await deps.db.transaction(async (tx: Tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, owner.id), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: owner.id,
        providerId: 'credential',
        userId: owner.id,
        password: passwordHash,
      });
    }
    await tx.delete(sessions).where(eq(sessions.userId, owner.id));
    await afterPasswordChange(tx, {
      userId: owner.id,
      how: 'reset',
      requestLocale: input.requestLocale,
    });
  });
  return { userId: owner.id };
}
