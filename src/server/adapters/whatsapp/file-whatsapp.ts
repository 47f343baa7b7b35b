import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import type { WhatsAppSender } from './whatsapp-sender.ts';

/**
 * The embedded default: no message leaves the machine. Each message is a JSON line in
 * DATA_DIR/whatsapp/messages.jsonl (template, language, parameters and the text it makes) and a
 * line in DATA_DIR/whatsapp/<number>.txt — where a developer, or a test, reads what was sent.
 */
export function createFileWhatsApp(opts: { dir: string; logger: Logger }): WhatsAppSender {
  return {
    kind: 'file',
    async send(message) {
      await mkdir(opts.dir, { recursive: true });
      const at = new Date().toISOString();
      await appendFile(
        path.join(opts.dir, 'messages.jsonl'),
        `${JSON.stringify({ at, ...message })}\n`,
      );
      await appendFile(
        path.join(opts.dir, `${message.to.replace(/[^0-9+]/g, '')}.txt`),
        `${at} ${message.text}\n`,
      );
      opts.logger.info(
        { to: message.to, template: message.template },
        'whatsapp message written to file',
      );
    },
  };
}
