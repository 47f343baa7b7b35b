import type { Locale } from '#shared/constants.ts';
import type { MailMessage } from '../adapters/mail/mailer.ts';

/**
 * The one look of every email the product sends: a branded card, right to left in Arabic, with a
 * plain-text twin. Templates (one per event, in their feature folder) describe their content with
 * this shape and never write HTML of their own, so escaping and direction are decided once.
 */
export interface EmailContent {
  locale: Locale;
  to: string;
  subject: string;
  /** The greeting line, e.g. "Hello Sara," */
  greeting?: string;
  /** Paragraphs of plain text (escaped here). */
  paragraphs: string[];
  /** Label/value rows shown as a table (a booking's date, time, total…). */
  details?: { label: string; value: string }[];
  /** One call to action. */
  button?: { label: string; url: string };
  /** Small print under everything. */
  footnote?: string;
  replyTo?: string;
  attachments?: MailMessage['attachments'];
}

const BRAND = { ar: 'مساحة بالساعة', en: 'HourSpace' } as const;
const SIGN_OFF = {
  ar: 'فريق مساحة بالساعة',
  en: 'The HourSpace team',
} as const;

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * Escaped HTML of a text, where someone's own words wrapped by `isolate` (U+2068 … U+2069,
 * src/shared/format.ts) also become `<bdi dir="auto">`: the plain-text part keeps the invisible
 * isolates, the HTML part both, for clients that drop one or the other.
 */
export const htmlText = (text: string) =>
  escapeHtml(text).replace(
    /\u2068([^\u2068\u2069]*)\u2069/g,
    '<bdi dir="auto">\u2068$1\u2069</bdi>',
  );

/** Renders an email's content into the HTML and plain-text parts of one message. */
export function renderEmail(content: EmailContent): MailMessage {
  const { locale } = content;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const align = locale === 'ar' ? 'right' : 'left';
  const font =
    locale === 'ar' ? "Tahoma,'Segoe UI',Arial,sans-serif" : "'Segoe UI',Arial,sans-serif";

  const textParts: string[] = [];
  if (content.greeting) textParts.push(content.greeting);
  textParts.push(...content.paragraphs);
  if (content.details?.length)
    textParts.push(content.details.map((d) => `${d.label}: ${d.value}`).join('\n'));
  if (content.button) textParts.push(`${content.button.label}: ${content.button.url}`);
  if (content.footnote) textParts.push(content.footnote);
  textParts.push(`— ${SIGN_OFF[locale]}`);

  const p = (text: string) =>
    `<p style="margin:0 0 14px;white-space:pre-wrap">${htmlText(text)}</p>`;
  const rows = (content.details ?? [])
    .map(
      (d) =>
        `<tr><td style="padding:6px 0;color:#4f5a5b;vertical-align:top">${escapeHtml(d.label)}</td>` +
        `<td style="padding:6px 12px;font-weight:600" dir="auto">${htmlText(d.value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ea">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ea"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:560px;background:#ffffff;border-radius:14px;font-family:${font};font-size:15px;line-height:1.7;color:#1c2526;text-align:${align}">
<tr><td style="background:#0f4c4a;color:#ffffff;padding:18px 24px;border-radius:14px 14px 0 0;font-size:20px;font-weight:700">${BRAND[locale]}</td></tr>
<tr><td style="padding:24px">
${content.greeting ? p(content.greeting) : ''}
${content.paragraphs.map(p).join('\n')}
${rows ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 18px;border-top:1px solid #e3ded3;width:100%">${rows}</table>` : ''}
${
  content.button
    ? `<p style="margin:8px 0 18px"><a href="${escapeHtml(content.button.url)}" style="display:inline-block;background:#0f4c4a;color:#ffffff;padding:12px 22px;border-radius:10px;text-decoration:none;font-weight:600">${escapeHtml(content.button.label)}</a></p>`
    : ''
}
${content.footnote ? `<p style="margin:0 0 14px;color:#4f5a5b;font-size:13px">${escapeHtml(content.footnote)}</p>` : ''}
<p style="margin:18px 0 0;color:#4f5a5b">— ${SIGN_OFF[locale]}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return {
    to: content.to,
    subject: content.subject,
    text: textParts.join('\n\n'),
    html,
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
    ...(content.attachments ? { attachments: content.attachments } : {}),
  };
}
