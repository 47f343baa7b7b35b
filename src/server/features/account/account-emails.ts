import type { Locale } from '#shared/constants.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

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
  name: string | null;
  link: string;
  locale: Locale;
}): MailMessage {
  const c = copy[input.locale];
  const name = input.name?.trim() || input.to;
  const dir = input.locale === 'ar' ? 'rtl' : 'ltr';
  return {
    to: input.to,
    subject: c.subject,
    text: `${c.hello(name)}\n\n${c.body}\n\n${input.link}\n\n${c.expiry}`,
    html: `<!doctype html><html lang="${input.locale}" dir="${dir}"><body style="font-family:Arial,sans-serif;line-height:1.7;color:#1c2526">
<p>${escapeHtml(c.hello(name))}</p><p>${escapeHtml(c.body)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#0f4c4a;color:#fff;padding:12px 22px;border-radius:10px;text-decoration:none">${escapeHtml(c.button)}</a></p>
<p style="color:#4f5a5b;font-size:13px">${escapeHtml(c.expiry)}</p></body></html>`,
  };
}
