import type { Locale } from '#shared/constants.ts';

/**
 * Machine translation of listing texts (docs/product-spec.md §2: auto-translation of name and
 * description).
 */
export interface Translator {
  /** 'off': no provider configured — the wizard hides the Translate action. */
  readonly kind: 'off' | 'libretranslate';
  /** The text in `to`; throws TranslationError when the provider fails or is off. */
  translate(text: string, from: Locale, to: Locale): Promise<string>;
}

export class TranslationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranslationError';
  }
}
