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
import type { Database, Db } from './db/client.ts';
import { users } from './db/schema.ts';
import type { Config } from './env.ts';
import { completeEndedBookings } from './features/bookings/complete-bookings.ts';
import { sendRequestNotices } from './features/bookings/request-notices.ts';
import {
  expireDueRequests,
  remindAdminsOfWaitingRequests,
} from './features/bookings/request-sweeps.ts';
import {
  releaseUnpaidBookings,
  remindUnpaidBookings,
} from './features/bookings/payments/payment-sweeps.ts';
import { runRefund } from './features/bookings/payments/refunds.ts';
import { settlePayment } from './features/bookings/payments/settle.ts';
import { sweepUnclaimedUpload } from './features/images/image-uploads.ts';
import { eraseDueAccounts } from './features/account/account-deletion.ts';
import { paidDocumentAttachment } from './features/invoices/invoice-attachment.ts';
import { reportInvoice } from './features/invoices/report-invoice.ts';
import { issueMonthlyFeeInvoices } from './features/invoices/fee-invoices.ts';
import { createPaymentDocuments } from './features/invoices/payment-documents.ts';
import { createInvoiceSigners, type InvoiceSigners } from './features/invoices/signers.ts';
import { paymentLedger } from './features/ledger/ledger.ts';
import { createPaymentGateway } from './adapters/payments/create-payment-gateway.ts';
import { prepareDataExport } from './features/account/data-export.ts';
import {
  createJobWorker,
  exponentialBackoffMs,
  type JobHandlers,
  type JobWorker,
} from './jobs/job-runner.ts';
import { sendMessageNotice } from './features/messages/message-notices.ts';
import {
  DATA_EXPORT_JOB,
  MAIL_JOB,
  MESSAGE_NOTICE_JOB,
  REQUEST_NOTICES_JOB,
  type MessageNoticeJob,
  PAYMENT_REFUND_JOB,
  PAYMENT_WEBHOOK_JOB,
  SMS_JOB,
  SWEEP_JOB,
  UPLOAD_SWEEP_JOB,
  WHATSAPP_JOB,
  ZATCA_REPORT_JOB,
  type PaymentRefundJob,
  type PaymentWebhookJob,
  type DataExportJob,
  type SmsJob,
  type UploadSweepJob,
  type RequestNoticesJob,
  type WhatsAppJob,
  type ZatcaReportJob,
} from './jobs/job-kinds.ts';
import { sweepHandler, type PeriodicSweep } from './jobs/sweeps.ts';
import type { Runtime } from './runtime.ts';

type SweepSettings = Pick<
  Config,
  'publicUrl' | 'requests' | 'mail' | 'worker' | 'platformFeeBasisPoints' | 'account'
> &
  Partial<Pick<Config, 'payments' | 'zatca' | 'business'>>;

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
  /** Reporting e-invoices to ZATCA needs the database and this (features/invoices). */
  zatca?: Config['zatca'];
  /** The payment jobs (webhooks, refunds) need the gateway's keys: the app's secret for the test one. */
  authSecret?: string;
  logger?: Logger;
}): JobHandlers {
  const { database, storage, config } = deps;
  const zatca = deps.zatca ?? config?.zatca;
  let signers: Promise<InvoiceSigners> | undefined;
  const invoiceSigners = zatca ? () => (signers ??= createInvoiceSigners(zatca)) : null;
  const documents = invoiceSigners
    ? createPaymentDocuments({ signers: invoiceSigners, logger: deps.logger })
    : undefined;
  const gateway =
    database && config?.payments && deps.authSecret
      ? createPaymentGateway({
          config: { payments: config.payments, publicUrl: config.publicUrl },
          db: database.db,
          authSecret: deps.authSecret,
        })
      : null;
  return {
    [MAIL_JOB]: async (message: MailMessage) => {
      const { attachPaidDocumentOf, ...mail } = message;
      const business = config?.business;
      if (attachPaidDocumentOf && database && business) {
        // The email is what matters: should the PDF fail, it goes without it (My bookings has it).
        const pdf = await paidDocumentAttachment(database.db, attachPaidDocumentOf, business).catch(
          (error: unknown) => {
            deps.logger?.error(
              { err: error, bookingId: attachPaidDocumentOf },
              'invoice PDF failed',
            );
            return null;
          },
        );
        if (pdf) mail.attachments = [...(mail.attachments ?? []), pdf];
      }
      await deps.mailer.send(mail);
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
    ...(database && invoiceSigners
      ? {
          [ZATCA_REPORT_JOB]: async (job: ZatcaReportJob, claimed) => {
            await reportInvoice(database.db, await invoiceSigners(), job.invoiceId, claimed);
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
          [MESSAGE_NOTICE_JOB]: async (job: MessageNoticeJob) => {
            await sendMessageNotice(database.db, job, { publicUrl: config.publicUrl });
          },
          [REQUEST_NOTICES_JOB]: async (job: RequestNoticesJob) => {
            await sendRequestNotices(database.db, job, {
              publicUrl: config.publicUrl,
              everyMs: config.requests.noticeEveryMs,
            });
          },
        }
      : {}),
    ...(database && config && gateway
      ? {
          [PAYMENT_WEBHOOK_JOB]: async (job: PaymentWebhookJob) => {
            await settlePayment(
              database.db,
              {
                gateway,
                ledger: paymentLedger(config),
                documents,
                publicUrl: config.publicUrl,
                teamEmail: config.mail.teamEmail,
                logger: deps.logger,
              },
              { gatewayPaymentId: job.gatewayPaymentId },
            );
          },
          [PAYMENT_REFUND_JOB]: async (job: PaymentRefundJob) => {
            await runRefund(
              database.db,
              {
                gateway,
                ledger: paymentLedger(config),
                documents,
                publicUrl: config.publicUrl,
                teamEmail: config.mail.teamEmail,
              },
              job,
            );
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
  const { zatca, business } = config;
  let feeSigners: Promise<InvoiceSigners> | undefined;
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
      name: 'release-unpaid-bookings',
      everyMs,
      run: (db, now) => releaseUnpaidBookings(db, now, settings),
    },
    {
      name: 'remind-unpaid-bookings',
      everyMs,
      run: (db, now) => remindUnpaidBookings(db, now, settings),
    },
    {
      name: 'complete-ended-bookings',
      everyMs,
      run: (db, now) => completeEndedBookings(db, now, { publicUrl: config.publicUrl }),
    },
    {
      name: 'erase-deleted-accounts',
      everyMs,
      run: (db, now) =>
        eraseDueAccounts(db, now, { graceHours: config.account.deletionGraceHours }),
    },
    // HourSpace's fee invoice to each host for the month that ended (decision 067): hourly, so
    // it lands in the first hour of a month in Riyadh; once per host and month (a unique index).
    ...(zatca && business
      ? [
          {
            name: 'issue-fee-invoices',
            everyMs: Math.max(everyMs, 3_600_000),
            run: (db: Db, now: Date) =>
              issueMonthlyFeeInvoices(db, now, {
                business,
                signers: () => (feeSigners ??= createInvoiceSigners(zatca)),
              }),
          },
        ]
      : []),
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
    handlers: createJobHandlers({ ...runtime, config, zatca: config.zatca, logger: deps.logger }),
    logger: deps.logger,
    pollMs: config.worker.pollMs,
    backoffMs: exponentialBackoffMs(config.worker.retryBaseMs),
    lockTimeoutMs: config.worker.lockTimeoutMs,
    sweeps: periodicSweeps(config),
  });
}
