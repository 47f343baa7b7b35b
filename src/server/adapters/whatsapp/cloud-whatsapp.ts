import type { Logger } from '../logger.ts';
import { WhatsAppError, type WhatsAppSender } from './whatsapp-sender.ts';

/**
 * Production WhatsApp over Meta's WhatsApp Cloud API: a JSON POST to
 * {WHATSAPP_API_URL}/{version}/{phone number id}/messages with the access token as a bearer
 * token, sending an approved template with its body parameters
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages).
 */
export function createCloudWhatsApp(opts: {
  url: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  /** put before each template's name: the names the templates were approved under */
  templatePrefix: string;
  logger: Logger;
  timeoutMs?: number;
}): WhatsAppSender {
  const endpoint = `${opts.url.replace(/\/+$/, '')}/${encodeURIComponent(opts.apiVersion)}/${encodeURIComponent(opts.phoneNumberId)}/messages`;
  return {
    kind: 'cloud',
    async send(message) {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        // The Cloud API takes the number with its country code, without the +.
        to: message.to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: `${opts.templatePrefix}${message.template}`,
          language: { code: message.language },
          components: message.params.length
            ? [
                {
                  type: 'body',
                  parameters: message.params.map((text) => ({ type: 'text', text })),
                },
              ]
            : [],
        },
      };
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${opts.accessToken}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new WhatsAppError(`WhatsApp API unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const detail = (await response.json().catch(() => null)) as {
          error?: { message?: string; code?: number };
        } | null;
        throw new WhatsAppError(
          `WhatsApp API answered ${response.status}: ${detail?.error?.code ?? ''} ${(detail?.error?.message ?? '').slice(0, 200)}`.trim(),
          response.status,
        );
      }
      const json = (await response.json().catch(() => ({}))) as {
        messages?: { id?: string }[];
      };
      opts.logger.info(
        {
          to: message.to,
          template: `${opts.templatePrefix}${message.template}`,
          id: json.messages?.[0]?.id,
        },
        'whatsapp message sent',
      );
    },
  };
}
