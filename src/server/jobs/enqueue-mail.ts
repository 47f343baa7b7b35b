import type { MailMessage } from '../adapters/mail/mailer.ts';
import type { Queryable } from '../db/client.ts';
import { MAIL_JOB } from './job-kinds.ts';
import { enqueueJob } from './queue.ts';

/**
 * Queues an email in the caller's transaction. The dedupe key names the event ("booking 42
 * confirmed, renter"): queuing it twice makes one email, and the Message-ID derived from it stays
 * the same across retries so a receiving server can drop a duplicate delivery.
 */
export function enqueueMail(q: Queryable, dedupeKey: string, message: MailMessage) {
  const messageId =
    message.messageId ??
    `<${dedupeKey.replace(/[^a-zA-Z0-9.-]/g, '.').slice(0, 120)}@hourspace.sa>`;
  return enqueueJob(q, {
    kind: MAIL_JOB,
    dedupeKey: `mail:${dedupeKey}`,
    payload: { ...message, messageId },
  });
}
