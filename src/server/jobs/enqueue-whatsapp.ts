import { createHash } from 'node:crypto';
import type { Locale } from '#shared/constants.ts';
import type { Queryable } from '../db/client.ts';
import { WHATSAPP_JOB, type WhatsAppJob } from './job-kinds.ts';
import { enqueueJob } from './queue.ts';
import type { WhatsAppParams, WhatsAppTemplate } from '../notices/whatsapp-templates.ts';
import { orderedParams, renderWhatsAppText } from './whatsapp-templates.ts';

/** What a WhatsApp notice needs to know of its recipient (a `users` row has it all). */
export interface WhatsAppRecipient {
  id: string;
  /** E.164; null: no number, no message */
  phone: string | null;
  locale: string | null;
  /** when they agreed to WhatsApp notices; null: they did not, and nothing is sent */
  whatsappOptInAt: Date | null;
}

/**
 * Queues a WhatsApp template message to a person in the caller's transaction — only when they
 * agreed to WhatsApp notices (PDPL) and have a number; otherwise nothing is queued and null is
 * returned. The message is in their language. The worker checks the consent again when it sends,
 * so an opt-out in between is honoured. `event` names what happened ("booking-<id>"): queuing
 * one template twice for one event and person makes one message.
 */
export function enqueueWhatsApp<T extends WhatsAppTemplate>(
  q: Queryable,
  user: WhatsAppRecipient,
  template: T,
  params: WhatsAppParams<T>,
  event?: string,
): Promise<number | null> {
  if (!user.whatsappOptInAt || !user.phone) return Promise.resolve(null);
  const language: Locale = user.locale === 'en' ? 'en' : 'ar';
  const values = orderedParams(template, params);
  const key =
    event ?? createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 24);
  const payload: WhatsAppJob = {
    userId: user.id,
    to: user.phone,
    template,
    language,
    params: values,
    text: renderWhatsAppText(template, language, values),
  };
  return enqueueJob(q, {
    kind: WHATSAPP_JOB,
    dedupeKey: `whatsapp:${template}:${user.id}:${key}`,
    payload,
  });
}
