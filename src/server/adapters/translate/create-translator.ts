import type { Config } from '#server/env.ts';
import { createLibreTranslate } from './libretranslate.ts';
import { createOffTranslator } from './off-translator.ts';
import type { Translator } from './translator.ts';

export function createTranslator(config: Config['translate']): Translator {
  return config.kind === 'libretranslate'
    ? createLibreTranslate({ url: config.url, apiKey: config.apiKey })
    : createOffTranslator();
}
