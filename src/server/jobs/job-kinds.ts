import type { WhatsAppTemplateMessage } from '../adapters/whatsapp/whatsapp-sender.ts';

/**
 * Every kind of job on the queue and the payload it carries. Code that queues a job imports its
 * kind from here; which handler runs it is wired in src/server/job-wiring.ts. Keeping the names
 * apart from the handlers lets a feature queue a job without importing what runs the jobs (the
 * handlers and sweeps import features: that way round was an import cycle).
 */

/** Payload: an `adapters/mail` MailMessage (jobs/enqueue-mail.ts). */
export const MAIL_JOB = 'mail.send';

export const SMS_JOB = 'sms.send';
export interface SmsJob {
  to: string;
  body: string;
}

export const WHATSAPP_JOB = 'whatsapp.send';
/** A queued WhatsApp message (jobs/enqueue-whatsapp.ts) and whom it is for. */
export interface WhatsAppJob extends WhatsAppTemplateMessage {
  userId: string;
}

/** Tells a participant of unread messages in a conversation (features/messages/message-notices.ts). */
export const MESSAGE_NOTICE_JOB = 'message.notice';
export interface MessageNoticeJob {
  conversationId: string;
  userId: string;
}

/** The current period's run of one periodic sweep (jobs/sweeps.ts). */
export const SWEEP_JOB = 'sweep.run';
export interface SweepJob {
  name: string;
  /** The period's start (ms since the epoch). */
  period: number;
}

/** Gathers a person's data for "download my data" and emails the link (features/account/data-export.ts). */
export const DATA_EXPORT_JOB = 'account.data-export';
export interface DataExportJob {
  exportId: string;
}

/** Deletes an uploaded image no listing claimed in time (features/images/image-uploads.ts). */
export const UPLOAD_SWEEP_JOB = 'uploads.sweep';
export interface UploadSweepJob {
  imageId: string;
}

/** Reports (simplified) or clears (standard) one issued e-invoice with ZATCA (features/invoices). */
export const ZATCA_REPORT_JOB = 'zatca.report';
export interface ZatcaReportJob {
  invoiceId: string;
}

/** A Moyasar (or test gateway) webhook event, checked and answered; acted on here (issue 32). */
export const PAYMENT_WEBHOOK_JOB = 'payment.webhook';
export interface PaymentWebhookJob {
  /** the gateway's payment id (`data.id`) */
  gatewayPaymentId: string;
  /** the event's type as the gateway spelled it */
  type: string;
}

/** A refund ordered on a cancellation (payment_refunds row): the gateway, then the ledger. */
export const PAYMENT_REFUND_JOB = 'payment.refund';
export interface PaymentRefundJob {
  refundId: string;
}

/**
 * Tells one host or admin of the new requests gathered for them (issue 37, decision 072;
 * features/bookings/request-notices.ts). `recipient`: `host:<user id>`, `admin:<user id>` or
 * `admin:team`.
 */
export const REQUEST_NOTICES_JOB = 'booking.request-notices';
export interface RequestNoticesJob {
  recipient: string;
}
