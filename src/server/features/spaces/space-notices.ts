import { eq } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { displayName } from '#shared/domain/display-name.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { adminAudience } from '#server/notices/audience.ts';
import { noticeRow, type EmailTemplates, type SpaceEvent } from '#server/notices/notice-table.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';
import {
  newListingEmail,
  revisionRejectedEmail,
  spaceApprovedEmail,
  spaceRejectedEmail,
  type NewListingNotice,
} from './space-emails.ts';

/** The listing a notice is about, as its emails read it. */
export interface SpaceForNotice {
  id: string;
  hostId: string;
  nameAr: string | null;
  nameEn: string | null;
  listingLanguage: Locale;
  priceHalalas: number;
  capacity: number;
}

export interface SpaceNotice {
  event: SpaceEvent;
  /**
   * The event as its dedupe keys name it (`space-<id>-approved`, `revision-<id>-submitted`): one
   * event is one email per recipient however often a job is retried.
   */
  eventKey: string;
  space: SpaceForNotice;
  publicUrl: string;
  /** the language of the request that caused it: for a host with none stored (else Arabic) */
  requestLocale?: Locale;
  /** where the admins' notices go while nobody holds an admin role (in Arabic) */
  teamEmail?: string;
  /** why an admin rejected it: the host reads it */
  reason?: string;
}

const HOST_EMAILS: Record<
  EmailTemplates<'space', 'host'>,
  (input: Parameters<typeof spaceRejectedEmail>[0]) => MailMessage
> = {
  approved: spaceApprovedEmail,
  rejected: spaceRejectedEmail,
  'revision-rejected': revisionRejectedEmail,
};

const REVIEW_KIND: Record<EmailTemplates<'space', 'admins'>, NewListingNotice['kind']> = {
  new: 'new',
  resubmitted: 'resubmitted',
  revision: 'revision',
};

/**
 * Tells everyone the notice table (src/server/notices/notice-table.ts) names for a listing's
 * event, in the caller's transaction: the host of an admin's decision (in their language, else the
 * request's), the admins (each in theirs; with none yet, the team's address in Arabic) of
 * something waiting on the review desk. Returns the host's address when they were written to
 * (the audit entry keeps it).
 */
export async function tellOfSpace(tx: Queryable, n: SpaceNotice): Promise<string | null> {
  const row = noticeRow('space', n.event);
  let hostEmail: string | null = null;

  if (row.host?.email) {
    const [owner] = await tx.select().from(users).where(eq(users.id, n.space.hostId));
    if (owner) {
      const template = row.host.email as keyof typeof HOST_EMAILS;
      await enqueueMail(
        tx,
        `${n.eventKey}-host`,
        HOST_EMAILS[template]({
          locale: recipientLocale(owner.locale, n.requestLocale ?? 'ar'),
          to: owner.email,
          hostName: displayName(owner),
          space: n.space,
          publicUrl: n.publicUrl,
          reason: n.reason ?? '',
        }),
      );
      hostEmail = owner.email;
    }
  }

  if (row.admins?.email) {
    const kind = REVIEW_KIND[row.admins.email as keyof typeof REVIEW_KIND];
    const [host] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, n.space.hostId));
    for (const admin of await adminAudience(tx, { email: n.teamEmail, locale: 'ar' })) {
      await enqueueMail(
        tx,
        `${n.eventKey}-${admin.email}`,
        newListingEmail({
          kind,
          to: admin.email,
          locale: admin.locale,
          spaceId: n.space.id,
          nameAr: n.space.nameAr,
          nameEn: n.space.nameEn,
          listingLanguage: n.space.listingLanguage,
          priceHalalas: n.space.priceHalalas,
          capacity: n.space.capacity,
          hostEmail: host?.email ?? '',
          reviewUrl: `${n.publicUrl}/admin/dashboard`,
        }),
      );
    }
  }
  return hostEmail;
}
