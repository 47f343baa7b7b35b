import { eq, sql } from 'drizzle-orm';
import { maskIban } from '#shared/domain/iban.ts';
import type { PayoutAccountResponse } from '#shared/schemas/money.ts';
import type { Queryable } from '#server/db/client.ts';
import { hostPayoutAccounts } from '#server/db/schema.ts';

/**
 * A host's payout account (issue 32): a Saudi IBAN, checked by `payoutAccountSchema`, and the
 * account's name. Once saved it is only ever shown masked; the whole IBAN leaves the server in
 * the admins' bank file alone.
 */
const toResponse = (
  row: typeof hostPayoutAccounts.$inferSelect | undefined,
): PayoutAccountResponse => ({
  account: row
    ? {
        ibanMasked: maskIban(row.iban),
        holderName: row.holderName,
        updatedAt: row.updatedAt.toISOString(),
      }
    : null,
});

export async function getPayoutAccount(db: Queryable, hostId: string) {
  const [row] = await db
    .select()
    .from(hostPayoutAccounts)
    .where(eq(hostPayoutAccounts.hostId, hostId));
  return toResponse(row);
}

/** Saves (or replaces) the host's IBAN and name in one statement. */
export async function savePayoutAccount(
  db: Queryable,
  hostId: string,
  input: { iban: string; holderName: string },
) {
  const [row] = await db
    .insert(hostPayoutAccounts)
    .values({ hostId, iban: input.iban, holderName: input.holderName })
    .onConflictDoUpdate({
      target: hostPayoutAccounts.hostId,
      set: { iban: input.iban, holderName: input.holderName, updatedAt: sql`now()` },
    })
    .returning();
  return toResponse(row);
}
