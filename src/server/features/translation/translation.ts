import type { FastifyBaseLogger } from 'fastify';
import type { TranslateRequest, TranslateResponse } from '#shared/schemas/space-request.ts';
import type { Translator } from '#server/adapters/translate/translator.ts';
import { AppError } from '#server/http/app-error.ts';

/**
 * Translates a listing's name or description. Off → 409 TRANSLATION_OFF (a state of the
 * configuration, not a failure: the wizard hides the action, so only a stale page gets here); a provider failure → 502 TRANSLATION_FAILED with the
 * text in docs/product-spec.md, and the host types the other language by hand.
 */
export async function translateListingText(
  translator: Translator,
  input: TranslateRequest,
  log: FastifyBaseLogger,
): Promise<TranslateResponse> {
  if (translator.kind === 'off') throw new AppError('TRANSLATION_OFF');
  try {
    return { text: await translator.translate(input.text, input.from, input.to) };
  } catch (error) {
    log.warn({ err: (error as Error).message }, 'translation failed');
    throw new AppError('TRANSLATION_FAILED');
  }
}
