import type { Locale } from '#shared/constants.ts';
import { displayName, type NamedUser } from '#shared/domain/display-name.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { greeting, wordsFor } from '#server/notices/words.ts';

/**
 * What each account email says (notice table: account). Emails that carry a link share one
 * shape: a body, a button to the link and a footnote on how long it works.
 */
export type AccountEmailKind =
  /** the link activates the account and signs them in */
  | { kind: 'activation'; link: string }
  | { kind: 'passwordReset'; link: string }
  /** "Download my data" is ready: the link, and how long it works */
  | { kind: 'dataExport'; link: string }
  /** sent to the NEW address: confirm it (decision 071) */
  | { kind: 'emailChange'; link: string }
  /** the password was changed on the account page or reset: told in case it was not them */
  | { kind: 'passwordChanged'; how: 'changed' | 'reset' }
  /** sent to the OLD address once the change is confirmed */
  | { kind: 'emailChanged'; newEmail: string }
  /** `erasesOn` is the day written out in the person's language */
  | { kind: 'deletionRequested'; erasesOn: string }
  | { kind: 'deletionCancelled' };

/**
 * The one builder of the account emails, in the person's language (right to left in Arabic),
 * greeted by src/shared/domain/display-name.ts as the header greets them. The words are in
 * src/server/notices/words/.
 */
export function accountEmail(
  input: { to: string; user: NamedUser; locale: Locale } & AccountEmailKind,
): MailMessage {
  const said = wordsFor(input.locale).account;
  const content = ((): {
    subject: string;
    paragraphs: string[];
    button?: { label: string; url: string };
    footnote?: string;
  } => {
    switch (input.kind) {
      case 'activation':
      case 'passwordReset':
      case 'dataExport':
      case 'emailChange': {
        const words = said[input.kind];
        return {
          subject: words.subject,
          paragraphs: [words.body],
          button: { label: words.button, url: input.link },
          footnote: words.expiry,
        };
      }
      case 'passwordChanged':
        return {
          subject: said.passwordChanged.subject,
          paragraphs: [said.passwordChanged[input.how], said.passwordChanged.notYou],
        };
      case 'emailChanged':
        return {
          subject: said.emailChanged.subject,
          paragraphs: [said.emailChanged.body(input.newEmail), said.emailChanged.notYou],
        };
      case 'deletionRequested':
        return {
          subject: said.deletionRequested.subject,
          paragraphs: [said.deletionRequested.body(input.erasesOn), said.deletionRequested.cancel],
        };
      case 'deletionCancelled':
        return {
          subject: said.deletionCancelled.subject,
          paragraphs: [said.deletionCancelled.body, said.deletionCancelled.notYou],
        };
    }
  })();
  return renderEmail({
    locale: input.locale,
    to: input.to,
    greeting: greeting(input.locale, displayName(input.user) || input.to),
    ...content,
  });
}
