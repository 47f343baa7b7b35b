import type { Locale } from '#shared/constants.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatPrice, isolate } from '#shared/format.ts';
import { formatCount } from '#shared/format-count.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { greeting, wordsFor } from '#server/notices/words.ts';

/**
 * Every email about a listing, each in the recipient's language: a listing to review (to the
 * admins: notice table `submitted`, `resubmitted`, `revisionSubmitted`), and the admin's
 * decision (to the host: `approved`, `rejected`, `revisionRejected`). Their words are in
 * src/server/notices/words/; numbers follow docs/decisions/008.
 */
export interface SpaceNames {
  nameAr: string | null;
  nameEn: string | null;
}

export interface NewListingNotice {
  /** a new listing, one sent again after a rejection, or a live listing's edit */
  kind?: 'new' | 'resubmitted' | 'revision';
  to: string;
  locale: Locale;
  spaceId: string;
  nameAr: string | null;
  nameEn: string | null;
  listingLanguage: Locale;
  priceHalalas: number;
  capacity: number;
  hostEmail: string;
  reviewUrl: string;
}

/** To an admin (or the team): a listing waits for review, in the recipient's language. */
export function newListingEmail(notice: NewListingNotice): MailMessage {
  const words = wordsFor(notice.locale);
  const { labels } = words.space;
  const said = words.space.toReview.admin;
  const kind = notice.kind ?? 'new';
  const name = spaceName(notice, notice.locale);
  return renderEmail({
    locale: notice.locale,
    to: notice.to,
    subject: said.subject[kind](name),
    greeting: words.helloTeam,
    paragraphs: [said.body[kind]],
    details: [
      { label: labels.name, value: isolate(name) },
      { label: labels.language, value: labels.languages[notice.listingLanguage] },
      { label: labels.price, value: formatPrice(notice.priceHalalas, notice.locale) },
      { label: labels.capacity, value: formatCount(notice.capacity, 'guests', notice.locale) },
      { label: labels.host, value: notice.hostEmail },
      { label: labels.reference, value: notice.spaceId },
    ],
    button: { label: said.button, url: notice.reviewUrl },
  });
}

/** What a host's email about their listing is given. */
interface HostInput {
  locale: Locale;
  to: string;
  hostName: string;
  space: SpaceNames & { id: string };
  publicUrl: string;
}

export function spaceApprovedEmail(input: HostInput): MailMessage {
  const { locale } = input;
  const said = wordsFor(locale).space.approved.host;
  const name = spaceName(input.space, locale);
  return renderEmail({
    locale,
    to: input.to,
    subject: said.subject(name),
    greeting: greeting(locale, input.hostName),
    paragraphs: [said.body(isolate(name)), said.after],
    button: { label: said.button, url: `${input.publicUrl}/space/${input.space.id}` },
  });
}

/** A decision the host reads with its reason: the listing's rejection, or an edit's. */
function rejectionEmail(
  input: HostInput & { reason: string },
  said: ReturnType<typeof wordsFor>['space']['rejected']['host'],
): MailMessage {
  const { locale } = input;
  const name = spaceName(input.space, locale);
  return renderEmail({
    locale,
    to: input.to,
    subject: said.subject(name),
    greeting: greeting(locale, input.hostName),
    paragraphs: [said.body(isolate(name)), said.reasonLabel, input.reason, said.after],
    button: { label: said.button, url: `${input.publicUrl}/account` },
  });
}

export const spaceRejectedEmail = (input: HostInput & { reason: string }): MailMessage =>
  rejectionEmail(input, wordsFor(input.locale).space.rejected.host);

/** To the host: an admin did not accept their edit of a live listing; the live version stays. */
export const revisionRejectedEmail = (input: HostInput & { reason: string }): MailMessage =>
  rejectionEmail(input, wordsFor(input.locale).space.revisionRejected.host);
