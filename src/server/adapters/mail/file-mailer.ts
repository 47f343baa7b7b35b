import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/**
 * The embedded default: each email becomes a real RFC 5322 `.eml` file in DATA_DIR/mail (open it
 * in any mail client) plus a log line. nodemailer builds the message, so what is written is
 * byte for byte what SMTP would carry.
 */
export function createFileMailer(opts: { dir: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'files',
    async send(message: MailMessage) {
      await mkdir(opts.dir, { recursive: true });
      const info = await transport.sendMail({ from: opts.from, ...message });
      const messageId = info.messageId ?? message.messageId ?? randomUUID();
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeId = messageId.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 80);
      const file = path.join(opts.dir, `${stamp}-${safeId}.eml`);
      // Whole or not at all: a reader of the folder never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      opts.logger.info({ to: message.to, subject: message.subject, file }, 'mail written to file');
      return { messageId };
    },
    async close() {
      transport.close();
    },
  };
}
