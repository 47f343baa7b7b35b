import type { WhatsAppConsentInput, WhatsAppConsentResponse } from '#shared/schemas/me.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** PUT /api/me/whatsapp — booking notices on WhatsApp on or off (400 WHATSAPP_NEEDS_PHONE). */
export function setWhatsAppConsent(input: WhatsAppConsentInput) {
  return apiFetch<WhatsAppConsentResponse>('/api/me/whatsapp', { method: 'PUT', body: input });
}
