import type { Locale } from '#shared/constants.ts';
import { displayName, type NamedUser } from '#shared/domain/display-name.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { greeting, wordsFor } from '#server/notices/words.ts';

/**
 * The account activation email (notice table: account `activation`), in the user's language
 * (right to left in Arabic). The link activates the account and signs them in; its words are in
 * src/server/notices/words/.
 */
export function activationEmail(input: {
  to: string;
  /** greeted by src/shared/domain/display-name.ts, as the header will greet them */
  user: NamedUser;
  link: string;
  locale: Locale;
}): MailMessage {
  const said = wordsFor(input.locale).account.activation;
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: said.subject,
    greeting: greeting(input.locale, displayName(input.user) || input.to),
    paragraphs: [said.body],
    button: { label: said.button, url: input.link },
    footnote: said.expiry,
  });
}

/** The reset link (notice table: account `passwordReset`), in the person's language. */
export function passwordResetEmail(input: {
  to: string;
  user: NamedUser;
  link: string;
  locale: Locale;
}): MailMessage {
  const said = wordsFor(input.locale).account.passwordReset;
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: said.subject,
    greeting: greeting(input.locale, displayName(input.user) || input.to),
    paragraphs: [said.body],
    button: { label: said.button, url: input.link },
    footnote: said.expiry,
  });
}

/**
 * The password was changed on the account page or reset (notice table: account
 * `passwordChanged`): told in case it was not them.
 */
export function passwordChangedEmail(input: {
  to: string;
  user: NamedUser;
  how: 'changed' | 'reset';
  locale: Locale;
}): MailMessage {
  const said = wordsFor(input.locale).account.passwordChanged;
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: said.subject,
    greeting: greeting(input.locale, displayName(input.user) || input.to),
    paragraphs: [said[input.how], said.notYou],
  });
}

/** "Download my data" is ready (notice table: account `dataExport`): the link, and how long it works. */
export function dataExportEmail(input: {
  to: string;
  user: NamedUser;
  link: string;
  locale: Locale;
}): MailMessage {
  const said = wordsFor(input.locale).account.dataExport;
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: said.subject,
    greeting: greeting(input.locale, displayName(input.user) || input.to),
    paragraphs: [said.body],
    button: { label: said.button, url: input.link },
    footnote: said.expiry,
  });
}
