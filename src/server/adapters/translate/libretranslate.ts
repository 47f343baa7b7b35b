import { TranslationError, type Translator } from './translator.ts';

export interface LibreTranslateOptions {
  /** The server's base URL; requests go to `<url>/translate`. */
  url: string;
  apiKey?: string;
  /** A provider that does not answer in this time counts as failed. */
  timeoutMs?: number;
}

/**
 * A LibreTranslate-compatible HTTP API: `POST /translate {q, source, target, format, api_key}` →
 * `{translatedText}`. Self-hosted LibreTranslate and several hosted services speak it.
 */
export function createLibreTranslate(options: LibreTranslateOptions): Translator {
  const endpoint = `${options.url.replace(/\/+$/, '')}/translate`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    kind: 'libretranslate',
    async translate(text, from, to) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            q: text,
            source: from,
            target: to,
            format: 'text',
            ...(options.apiKey ? { api_key: options.apiKey } : {}),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TranslationError(`translation provider unreachable: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as {
        translatedText?: unknown;
        error?: unknown;
      } | null;
      if (!response.ok) {
        const detail = typeof body?.error === 'string' ? `: ${body.error.slice(0, 200)}` : '';
        throw new TranslationError(`translation provider answered ${response.status}${detail}`);
      }
      const translated = body?.translatedText;
      if (typeof translated !== 'string' || translated.trim() === '') {
        throw new TranslationError('translation provider gave no translatedText');
      }
      return translated.trim();
    },
  };
}
