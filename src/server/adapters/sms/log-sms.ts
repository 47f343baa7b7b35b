import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import type { SmsSender } from './sms-sender.ts';

/**
 * The embedded default: no message leaves the machine. Each SMS is a log line and a JSON line in
 * DATA_DIR/sms/messages.jsonl (and DATA_DIR/sms/<number>.txt) — how a developer, or a test,
 * reads the phone code it was sent.
 */
export function createLogSms(opts: { dir: string; logger: Logger }): SmsSender {
  return {
    kind: 'log',
    async send(to, body) {
      await mkdir(opts.dir, { recursive: true });
      const at = new Date().toISOString();
      await appendFile(
        path.join(opts.dir, 'messages.jsonl'),
        `${JSON.stringify({ at, to, body })}\n`,
      );
      await appendFile(path.join(opts.dir, `${to.replace(/[^0-9+]/g, '')}.txt`), `${at} ${body}\n`);
      opts.logger.info({ to, body }, 'sms written to log');
    },
  };
}
