import { TranslationError, type Translator } from './translator.ts';

/** The embedded default: no provider, so no translation (the UI hides the action). */
export function createOffTranslator(): Translator {
  return {
    kind: 'off',
    async translate() {
      throw new TranslationError('translation is off (TRANSLATE_URL is not set)');
    },
  };
}
