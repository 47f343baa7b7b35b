import { eq, sql } from 'drizzle-orm';
import type { WhatsAppConsentResponse } from '#shared/schemas/me.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';

/**
 * A person's yes or no to booking notices on WhatsApp (PDPL): a yes stores the time it was given
 * (a repeated yes keeps the first time), a no clears it, and from then on nothing is queued or
 * sent (the worker checks again at sending). A yes needs a verified mobile number to write to.
 */
export async function setWhatsAppConsent(
  db: Db,
  userId: string,
  optIn: boolean,
): Promise<WhatsAppConsentResponse> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ phone: users.phone, phoneVerified: users.phoneVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('NOT_FOUND');
    if (optIn && !(user.phone && user.phoneVerified)) {
      throw new AppError('WHATSAPP_NEEDS_PHONE');
    }
    const [row] = await tx
      .update(users)
      .set({
        whatsappOptInAt: optIn ? sql`coalesce(${users.whatsappOptInAt}, now())` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning({ at: users.whatsappOptInAt });
    const at = row?.at ?? null;
    return { optIn: at !== null, whatsappOptInAt: at ? at.toISOString() : null };
  });
}
