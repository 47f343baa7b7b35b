import { eq } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { adminRecipients } from '#server/users/roles.ts';
import { newListingEmail, type NewListingNotice } from './space-emails.ts';

/**
 * Every admin hears when something waits on the review desk — a new listing, one sent again after
 * a rejection, a live listing's edit — each in their language; with no admin yet, the team's
 * address in Arabic. Queued in the transaction that makes the change. `event` names it in the
 * dedupe keys, so one event is one email per admin however often a job is retried.
 */
export async function tellAdmins(
  tx: Queryable,
  input: {
    kind: NonNullable<NewListingNotice['kind']>;
    event: string;
    space: {
      id: string;
      hostId: string;
      nameAr: string | null;
      nameEn: string | null;
      listingLanguage: Locale;
      priceHalalas: number;
      capacity: number;
    };
    publicUrl: string;
    /** where notices go while nobody holds an admin role */
    teamEmail?: string;
  },
): Promise<void> {
  const [host] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, input.space.hostId));
  const admins = await adminRecipients(tx);
  const recipients =
    admins.length > 0
      ? admins
      : input.teamEmail
        ? [{ email: input.teamEmail, locale: 'ar' as const }]
        : [];
  for (const recipient of recipients) {
    await enqueueMail(
      tx,
      `${input.event}-${recipient.email}`,
      newListingEmail({
        kind: input.kind,
        to: recipient.email,
        locale: recipient.locale,
        spaceId: input.space.id,
        nameAr: input.space.nameAr,
        nameEn: input.space.nameEn,
        listingLanguage: input.space.listingLanguage,
        priceHalalas: input.space.priceHalalas,
        capacity: input.space.capacity,
        hostEmail: host?.email ?? '',
        reviewUrl: `${input.publicUrl}/admin/dashboard`,
      }),
    );
  }
}
