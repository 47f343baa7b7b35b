import type { MailMessage, Mailer } from '../adapters/mail/mailer.ts';
import type { SmsSender } from '../adapters/sms/sms-sender.ts';
import type { Storage } from '../adapters/storage/storage.ts';
import type { Database } from '../db/client.ts';
import {
  sweepUnclaimedUpload,
  UPLOAD_SWEEP_JOB,
  type UploadSweepJob,
} from '../features/listing/image-uploads.ts';
import type { JobHandlers } from './worker.ts';

export const MAIL_JOB = 'mail.send';
export const SMS_JOB = 'sms.send';

export interface SmsJob {
  to: string;
  body: string;
}

/** Every kind of job the worker knows. Features add theirs here. */
export function createJobHandlers(deps: {
  mailer: Mailer;
  sms: SmsSender;
  /** Jobs that touch rows and files (the uploads sweep) need these; server and worker pass them. */
  database?: Database;
  storage?: Storage;
}): JobHandlers {
  const { database, storage } = deps;
  return {
    [MAIL_JOB]: async (message: MailMessage) => {
      await deps.mailer.send(message);
    },
    [SMS_JOB]: async (job: SmsJob) => {
      await deps.sms.send(job.to, job.body);
    },
    ...(database && storage
      ? {
          [UPLOAD_SWEEP_JOB]: async (job: UploadSweepJob) => {
            await sweepUnclaimedUpload({ db: database.db, storage }, job);
          },
        }
      : {}),
  };
}
