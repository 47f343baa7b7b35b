import type { MailMessage, Mailer } from '../adapters/mail/mailer.ts';
import type { SmsSender } from '../adapters/sms/sms-sender.ts';
import type { JobHandlers } from './worker.ts';

export const MAIL_JOB = 'mail.send';
export const SMS_JOB = 'sms.send';

export interface SmsJob {
  to: string;
  body: string;
}

/** Every kind of job the worker knows. Features add theirs here. */
export function createJobHandlers(deps: { mailer: Mailer; sms: SmsSender }): JobHandlers {
  return {
    [MAIL_JOB]: async (message: MailMessage) => {
      await deps.mailer.send(message);
    },
    [SMS_JOB]: async (job: SmsJob) => {
      await deps.sms.send(job.to, job.body);
    },
  };
}
