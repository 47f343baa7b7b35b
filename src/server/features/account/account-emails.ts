import type { Locale } from '#shared/constants.ts';
import { displayName, type NamedUser } from '#shared/domain/display-name.ts';
import type { MailMessage } from '#server/adapters/mail/mailer.ts';
import { renderEmail } from '#server/emails/email-layout.ts';

const copy = {
  ar: {
    subject: 'فعّل حسابك في مساحة بالساعة',
    hello: (name: string) => `أهلًا ${name}،`,
    body: 'شكرًا لتسجيلك في مساحة بالساعة. اضغط الرابط أدناه لتفعيل حسابك، ثم سجّل الدخول.',
    button: 'تفعيل الحساب',
    expiry: 'الرابط صالح لمدة 24 ساعة. إن لم تنشئ حسابًا فتجاهل هذه الرسالة.',
  },
  en: {
    subject: 'Activate your HourSpace account',
    hello: (name: string) => `Hello ${name},`,
    body: 'Thank you for signing up to HourSpace. Follow the link below to activate your account, then sign in.',
    button: 'Activate my account',
    expiry: 'The link is valid for 24 hours. If you did not create an account, ignore this email.',
  },
} as const;

/** The account activation email, in the user's language (right to left in Arabic). */
export function activationEmail(input: {
  to: string;
  /** greeted by src/shared/domain/display-name.ts, as the header will greet them */
  user: NamedUser;
  link: string;
  locale: Locale;
}): MailMessage {
  const c = copy[input.locale];
  const name = displayName(input.user) || input.to;
  return renderEmail({
    locale: input.locale,
    to: input.to,
    subject: c.subject,
    greeting: c.hello(name),
    paragraphs: [c.body],
    button: { label: c.button, url: input.link },
    footnote: c.expiry,
  });
}
