import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, users } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { consumeSignupProof, hasLiveSignupProof } from './phone-codes.ts';

/**
 * Creates an account the way docs/product-spec.md §4 orders it: the phone was verified first (the
 * proof is used up here), then the user and their password are stored and the activation email is
 * queued — all in one transaction, so a failure leaves no account behind and a success always sends
 * its email.
 */
export async function createAccount(
  deps: { db: Db; secret: string },
  input: {
    userId: string;
    fullName: string;
    email: string;
    phone: string;
    phoneProof: string;
    locale: Locale;
    /** agreed to WhatsApp booking notices: the consent's time is the account's creation */
    whatsappOptIn?: boolean;
    passwordHash: () => Promise<string>;
    activationEmail: (user: { email: string; fullName: string }) => MailMessage;
  },
): Promise<void> {
  // A forged or spent proof is refused before the slow hash (no CPU for the asking).
  if (
    !(await hasLiveSignupProof(deps.db, deps.secret, {
      phone: input.phone,
      proof: input.phoneProof,
    }))
  ) {
    throw new AppError('PHONE_NOT_VERIFIED', { phone: 'fields.invalid' });
  }
  const hash = await input.passwordHash(); // slow (scrypt): before the transaction, not inside it
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-up:${input.email}`}))`);
    const [emailOwner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email}`);
    if (emailOwner) throw new AppError('EMAIL_TAKEN', { email: 'fields.invalid' });
    const [phoneOwner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, input.phone));
    if (phoneOwner) throw new AppError('PHONE_TAKEN', { phone: 'fields.invalid' });
    if (
      !(await consumeSignupProof(tx, deps.secret, { phone: input.phone, proof: input.phoneProof }))
    ) {
      throw new AppError('PHONE_NOT_VERIFIED', { phone: 'fields.invalid' });
    }
    await tx.insert(users).values({
      id: input.userId,
      name: input.fullName,
      fullName: input.fullName,
      email: input.email,
      emailVerified: false,
      phone: input.phone,
      phoneVerified: true,
      locale: input.locale,
      whatsappOptInAt: input.whatsappOptIn ? sql`now()` : null,
    });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: input.userId,
      providerId: 'credential',
      userId: input.userId,
      password: hash,
    });
    await enqueueMail(
      tx,
      `activation-${input.userId}`,
      input.activationEmail({ email: input.email, fullName: input.fullName }),
    );
  });
}
