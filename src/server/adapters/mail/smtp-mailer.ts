import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from '../logger.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/** Production mail: SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
export function createSmtpMailer(opts: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as SMTPTransport.Options);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      opts.logger.info(
        { to: message.to, subject: message.subject, messageId: info.messageId },
        'mail sent',
      );
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
