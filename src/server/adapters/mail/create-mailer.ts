import type { Config } from '#server/env.ts';
import type { Logger } from '../logger.ts';
import { createFileMailer } from './file-mailer.ts';
import type { Mailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export function createMailer(config: Config['mail'], logger: Logger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.from, logger })
    : createFileMailer({ dir: config.dir, from: config.from, logger });
}
