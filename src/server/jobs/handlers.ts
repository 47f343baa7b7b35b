import { eq } from 'drizzle-orm';
import type { MailMessage, Mailer } from '../adapters/mail/mailer.ts';
import type { SmsSender } from '../adapters/sms/sms-sender.ts';
import type { Storage } from '../adapters/storage/storage.ts';
import type {
  WhatsAppSender,
  WhatsAppTemplateMessage,
} from '../adapters/whatsapp/whatsapp-sender.ts';
import type { Database } from '../db/client.ts';
import type { Config } from '../env.ts';
import { users } from '../db/schema.ts';
import {
  sweepUnclaimedUpload,
  UPLOAD_SWEEP_JOB,
  type UploadSweepJob,
} from '../features/images/image-uploads.ts';
import { periodicSweeps } from './periodic-sweeps.ts';
import { SWEEP_JOB, sweepHandler } from './sweeps.ts';
import type { JobHandlers } from './worker.ts';

export const MAIL_JOB = 'mail.send';
export const SMS_JOB = 'sms.send';
export const WHATSAPP_JOB = 'whatsapp.send';

export interface SmsJob {
  to: string;
  body: string;
}

/** A queued WhatsApp message (jobs/enqueue-whatsapp.ts) and whom it is for. */
export interface WhatsAppJob extends WhatsAppTemplateMessage {
  userId: string;
}

/** Every kind of job the worker knows. Features add theirs here. */
export function createJobHandlers(deps: {
  mailer: Mailer;
  sms: SmsSender;
  whatsapp?: WhatsAppSender;
  /** Jobs that touch rows and files (the uploads sweep) need these; server and worker pass them. */
  database?: Database;
  storage?: Storage;
  /** The periodic sweeps (expiry, reminders) need the database and these settings. */
  config?: Pick<Config, 'publicUrl' | 'requests' | 'mail' | 'worker'>;
}): JobHandlers {
  const { database, storage, config } = deps;
  return {
    [MAIL_JOB]: async (message: MailMessage) => {
      await deps.mailer.send(message);
    },
    [SMS_JOB]: async (job: SmsJob) => {
      await deps.sms.send(job.to, job.body);
    },
    ...(deps.whatsapp
      ? {
          [WHATSAPP_JOB]: async (job: WhatsAppJob) => {
            let to = job.to;
            if (database) {
              // Consent is read again at sending: an opt-out after the queueing wins (PDPL).
              const [user] = await database.db
                .select({ phone: users.phone, optInAt: users.whatsappOptInAt })
                .from(users)
                .where(eq(users.id, job.userId));
              if (!user?.optInAt || !user.phone) return;
              to = user.phone;
            }
            const { userId: _userId, ...message } = job;
            await deps.whatsapp!.send({ ...message, to });
          },
        }
      : {}),
    ...(database && storage
      ? {
          [UPLOAD_SWEEP_JOB]: async (job: UploadSweepJob) => {
            await sweepUnclaimedUpload({ db: database.db, storage }, job);
          },
        }
      : {}),
    ...(database && config
      ? { [SWEEP_JOB]: sweepHandler(database.db, periodicSweeps(config)) }
      : {}),
  };
}
