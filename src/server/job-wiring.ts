/**
 * What the job worker runs: the handler of each job kind (jobs/job-kinds.ts) and the periodic
 * sweeps, wired to the features that own the work. It sits beside app.ts, not in jobs/, for the
 * same reason app.ts does: it is the one place that knows every feature, while jobs/, db/ and
 * http/ know none (eslint.config.js). server.ts and worker-process.ts both start the worker
 * built by `buildJobWorker`.
 */
import { eq } from 'drizzle-orm';
import type { Logger } from './adapters/logger.ts';
import type { MailMessage, Mailer } from './adapters/mail/mailer.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { WhatsAppSender } from './adapters/whatsapp/whatsapp-sender.ts';
import type { Database } from './db/client.ts';
import { users } from './db/schema.ts';
import type { Config } from './env.ts';
import { completeEndedBookings } from './features/bookings/complete-bookings.ts';
import {
  expireDueRequests,
  remindAdminsOfWaitingRequests,
} from './features/bookings/request-sweeps.ts';
import { sweepUnclaimedUpload } from './features/images/image-uploads.ts';
import { prepareDataExport } from './features/account/data-export.ts';
import {
  createJobWorker,
  exponentialBackoffMs,
  type JobHandlers,
  type JobWorker,
} from './jobs/job-runner.ts';
import {
  DATA_EXPORT_JOB,
  MAIL_JOB,
  SMS_JOB,
  SWEEP_JOB,
  UPLOAD_SWEEP_JOB,
  WHATSAPP_JOB,
  type DataExportJob,
  type SmsJob,
  type UploadSweepJob,
  type WhatsAppJob,
} from './jobs/job-kinds.ts';
import { sweepHandler, type PeriodicSweep } from './jobs/sweeps.ts';
import type { Runtime } from './runtime.ts';

type SweepSettings = Pick<Config, 'publicUrl' | 'requests' | 'mail' | 'worker'>;

/** The handler of every kind of job. A new kind: its name in jobs/job-kinds.ts, its line here. */
export function createJobHandlers(deps: {
  mailer: Mailer;
  sms: SmsSender;
  whatsapp?: WhatsAppSender;
  /** Jobs that touch rows and files (the uploads sweep) need these; server and worker pass them. */
  database?: Database;
  storage?: Storage;
  /** The periodic sweeps (expiry, reminders) need the database and these settings. */
  config?: SweepSettings;
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
      ? {
          [SWEEP_JOB]: sweepHandler(database.db, periodicSweeps(config)),
          [DATA_EXPORT_JOB]: async (job: DataExportJob) => {
            await prepareDataExport(database.db, {
              exportId: job.exportId,
              publicUrl: config.publicUrl,
            });
          },
        }
      : {}),
  };
}

/**
 * Every periodic sweep of the app (jobs/sweeps.ts; decision 031). Add one line per sweep: its
 * name (stable: it is in the jobs' dedupe keys), how often, and the function `(db, now)` from its
 * feature that handles what is due.
 */
export function periodicSweeps(config: SweepSettings): PeriodicSweep[] {
  const everyMs = config.worker.sweepEveryMs;
  const settings = {
    ttlHours: config.requests.ttlHours,
    reminderHours: config.requests.reminderHours,
    publicUrl: config.publicUrl,
    teamEmail: config.mail.teamEmail,
  };
  return [
    { name: 'expire-requests', everyMs, run: (db, now) => expireDueRequests(db, now, settings) },
    {
      name: 'remind-admins',
      everyMs,
      run: (db, now) => remindAdminsOfWaitingRequests(db, now, settings),
    },
    {
      name: 'complete-ended-bookings',
      everyMs,
      run: (db, now) => completeEndedBookings(db, now, { publicUrl: config.publicUrl }),
    },
  ];
}

/**
 * The job worker of a process (server.ts with WORKER on, or `npm run worker`): every handler and
 * sweep above, polling and retrying as WORKER_* say. The caller starts and stops it.
 */
export function buildJobWorker(deps: {
  config: Config;
  runtime: Runtime;
  logger: Logger;
}): JobWorker {
  const { config, runtime } = deps;
  return createJobWorker({
    db: runtime.database.db,
    handlers: createJobHandlers({ ...runtime, config }),
    logger: deps.logger,
    pollMs: config.worker.pollMs,
    backoffMs: exponentialBackoffMs(config.worker.retryBaseMs),
    lockTimeoutMs: config.worker.lockTimeoutMs,
    sweeps: periodicSweeps(config),
  });
}
