import type { Config } from '#server/env.ts';
import type { Logger } from '../logger.ts';
import { createCloudWhatsApp } from './cloud-whatsapp.ts';
import { createFileWhatsApp } from './file-whatsapp.ts';
import type { WhatsAppSender } from './whatsapp-sender.ts';

export function createWhatsAppSender(config: Config['whatsapp'], logger: Logger): WhatsAppSender {
  return config.kind === 'cloud'
    ? createCloudWhatsApp({ ...config, logger })
    : createFileWhatsApp({ dir: config.dir, logger });
}
