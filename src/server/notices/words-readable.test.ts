import { describe, expect, it } from 'vitest';
import { unreadableParts } from '#shared/readable-text.ts';
import { WHATSAPP_TEMPLATES } from './whatsapp-templates.ts';
import { noticeWords } from './words.ts';

/**
 * The emails' and WhatsApp notices' words hold no error code and no id (issue 31; the web's and
 * the shared catalogues: src/web/locales/readable-texts.test.ts). A function is read with
 * sample values that are neither.
 */
function leaves(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (typeof node === 'function') {
    const args = Array.from({ length: node.length }, (_, i) => `«${i}»`);
    return [[`${path}()`, String((node as (...a: string[]) => unknown)(...args))]];
  }
  if (Array.isArray(node)) return node.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    leaves(value, path ? `${path}.${key}` : key),
  );
}

const unreadable = (texts: [string, string][]) =>
  texts.flatMap(([path, text]) => unreadableParts(text).map((part) => `${path}: ${part}`));

describe('the notice words people read', () => {
  const texts = [
    ...leaves(noticeWords.ar, 'ar'),
    ...leaves(noticeWords.en, 'en'),
    ...Object.entries(WHATSAPP_TEMPLATES).flatMap(([name, t]): [string, string][] => [
      [`whatsapp.${name}.ar`, t.ar],
      [`whatsapp.${name}.en`, t.en],
    ]),
  ];

  it('hold no error code and no id', () => {
    expect(texts.length).toBeGreaterThan(50);
    expect(unreadable(texts)).toEqual([]);
  });

  it('would catch one planted', () => {
    const [path] = texts[0]!;
    expect(unreadable([[path, 'السبب: SLOT_TAKEN']])).toEqual([`${path}: SLOT_TAKEN`]);
  });
});
