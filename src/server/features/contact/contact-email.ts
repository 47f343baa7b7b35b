import type { Locale } from '#shared/constants.ts';
import type { ContactMessage } from '#shared/schemas/contact.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { noticeWords, type NoticeWords } from '#server/notices/words.ts';

/** Arabic, then English: the team reads both. */
const both = (pick: (words: NoticeWords) => string, between = ' — ') =>
  `${pick(noticeWords.ar)}${between}${pick(noticeWords.en)}`;

/**
 * The team's copy of a contact message (notice table: contact `message`); replies go to the
 * sender. The words are both languages' (src/server/notices/words/), side by side; the card is
 * laid out in the sender's language, as their message is.
 */
export function contactTeamEmail(
  input: ContactMessage & { id: string; locale: Locale; teamEmail: string },
): MailMessage {
  const other: Locale = input.locale === 'ar' ? 'en' : 'ar';
  const languages = (l: Locale) => noticeWords[l].space.labels.languages[input.locale];
  const label = (key: keyof NoticeWords['contact']['team']['labels']) =>
    both((w) => w.contact.team.labels[key], ' / ');
  return renderEmail({
    locale: input.locale,
    to: input.teamEmail,
    replyTo: input.email,
    subject: `${both((w) => w.contact.team.subject)}: ${input.name.slice(0, 60)}`,
    paragraphs: [both((w) => w.contact.team.body)],
    details: [
      { label: label('name'), value: input.name },
      { label: label('email'), value: input.email },
      { label: label('language'), value: `${languages(input.locale)} / ${languages(other)}` },
      { label: label('reference'), value: input.id },
      { label: label('message'), value: input.message },
    ],
    footnote: both((w) => w.contact.team.footnote),
  });
}
