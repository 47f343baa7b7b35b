import type { Locale } from '#shared/constants.ts';
import type { TranslateResponse } from '#shared/schemas/space-request.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/translate `{ text, from, to }` → `{ text }` (502 when the provider fails). */
export function translateText(text: string, from: Locale, to: Locale) {
  return apiFetch<TranslateResponse>('/api/translate', {
    method: 'POST',
    body: { text, from, to },
  });
}
