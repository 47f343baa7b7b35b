import type { Locale } from '#shared/constants.ts';

/**
 * One WhatsApp message from an approved template (WhatsApp only lets a business start a
 * conversation with a template Meta has approved): its name, the language it was approved in,
 * and the values of its numbered parameters ({{1}}, {{2}}, …) in order.
 */
export interface WhatsAppTemplateMessage {
  /** E.164, +9665XXXXXXXX */
  to: string;
  /** the template's name in src/server/notices/whatsapp-templates.ts (the Cloud adapter adds
   *  WHATSAPP_TEMPLATE_PREFIX, the name Meta approved it under) */
  template: string;
  language: Locale;
  params: string[];
  /** the text the recipient reads, for the embedded default's files and logs */
  text: string;
}

export interface WhatsAppSender {
  readonly kind: 'file' | 'cloud';
  /** Throws WhatsAppError when the provider refuses or cannot be reached. */
  send(message: WhatsAppTemplateMessage): Promise<void>;
}

export class WhatsAppError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WhatsAppError';
  }
}
