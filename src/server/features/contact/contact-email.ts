import type { Locale } from '#shared/constants.ts';
import type { ContactMessage } from '#shared/schemas/contact.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The team's copy of a contact message, bilingual (the team reads both); replies go to the sender. */
export function contactTeamEmail(
  input: ContactMessage & { id: string; locale: Locale; teamEmail: string },
): MailMessage {
  const language = input.locale === 'ar' ? 'العربية / Arabic' : 'English / الإنجليزية';
  const text = [
    'رسالة جديدة من صفحة تواصل معنا — New message from the contact page',
    '',
    `الاسم / Name: ${input.name}`,
    `البريد / Email: ${input.email}`,
    `اللغة / Language: ${language}`,
    `المرجع / Reference: ${input.id}`,
    '',
    input.message,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.6">
<p><strong>رسالة جديدة من صفحة تواصل معنا — New message from the contact page</strong></p>
<table cellpadding="4">
<tr><td>الاسم / Name</td><td>${escapeHtml(input.name)}</td></tr>
<tr><td>البريد / Email</td><td>${escapeHtml(input.email)}</td></tr>
<tr><td>اللغة / Language</td><td>${language}</td></tr>
<tr><td>المرجع / Reference</td><td>${input.id}</td></tr>
</table>
<p dir="auto" style="white-space:pre-wrap">${escapeHtml(input.message)}</p>
</body></html>`;
  return {
    to: input.teamEmail,
    replyTo: input.email,
    subject: `رسالة تواصل جديدة — New contact message: ${input.name.slice(0, 60)}`,
    text,
    html,
  };
}
