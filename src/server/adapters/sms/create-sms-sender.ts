import type { Config } from '#server/env.ts';
import type { Logger } from '../logger.ts';
import { createLogSms } from './log-sms.ts';
import type { SmsSender } from './sms-sender.ts';
import { createTwilioSms } from './twilio-sms.ts';

export function createSmsSender(config: Config['sms'], logger: Logger): SmsSender {
  return config.kind === 'twilio'
    ? createTwilioSms({ ...config, logger })
    : createLogSms({ dir: config.dir, logger });
}
