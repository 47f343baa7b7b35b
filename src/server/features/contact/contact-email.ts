import type { Locale } from '#shared/constants.ts';
import type { ContactMessage } from '#shared/schemas/contact.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';

/**
 * The team's copy of a contact message; replies go to the sender. The labels are bilingual (the
 * team reads both); the card is laid out in the sender's language, as their message is.
 */
export function contactTeamEmail(
  input: ContactMessage & { id: string; locale: Locale; teamEmail: string },
): MailMessage {
  const language = input.locale === 'ar' ? 'العربية / Arabic' : 'English / الإنجليزية';
  return renderEmail({
    locale: input.locale,
    to: input.teamEmail,
    replyTo: input.email,
    subject: `رسالة تواصل جديدة — New contact message: ${input.name.slice(0, 60)}`,
    paragraphs: ['رسالة جديدة من صفحة تواصل معنا — New message from the contact page'],
    details: [
      { label: 'الاسم / Name', value: input.name },
      { label: 'البريد / Email', value: input.email },
      { label: 'اللغة / Language', value: language },
      { label: 'المرجع / Reference', value: input.id },
      { label: 'الرسالة / Message', value: input.message },
    ],
    footnote: 'للرد، أجب على هذه الرسالة مباشرة — Reply to this email to answer the sender.',
  });
}
