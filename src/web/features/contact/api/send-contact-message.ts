import type { ContactMessageInput } from '#shared/schemas/contact.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/contact → 201 { id } (400 with field messages, 429 when sent too often). */
export function sendContactMessage(input: ContactMessageInput) {
  return apiFetch<{ id: string }>('/api/contact', { method: 'POST', body: input });
}
