import { describe, expect, it } from 'vitest';
import { greeting, noticeWords } from './words.ts';
import { WHATSAPP_TEMPLATES } from './whatsapp-templates.ts';

type Tree = { [key: string]: unknown };

/** Every leaf of the words as [path, text]: a function is called with sample values. */
function leaves(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (typeof node === 'function') {
    const args = Array.from({ length: node.length }, (_, i) => `«${i}»`);
    return [[`${path}()`, String((node as (...a: string[]) => unknown)(...args))]];
  }
  if (Array.isArray(node)) return node.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  return Object.entries(node as Tree).flatMap(([key, value]) =>
    leaves(value, path ? `${path}.${key}` : key),
  );
}

const ar = leaves(noticeWords.ar);
const en = leaves(noticeWords.en);

describe('the notice words', () => {
  it('have the same keys, lists and parameters in both languages', () => {
    expect(ar.map(([path]) => path)).toEqual(en.map(([path]) => path));
    for (const [[path, arText], [, enText]] of ar.map((a, i) => [a, en[i]!] as const)) {
      const params = (text: string) => text.match(/«\d+»|\{\{\d+\}\}/g)?.sort() ?? [];
      expect(params(arText), path).toEqual(params(enText));
    }
  });

  it('leave no text empty, and write Arabic in the Arabic words', () => {
    for (const [path, text] of [...ar, ...en]) expect(text.trim(), path).not.toBe('');
    // Every Arabic sentence has Arabic letters (a copied English one would not).
    for (const [path, text] of ar) expect(text, path).toMatch(/[\u0600-\u06FF]/);
    for (const [path, text] of en) expect(text, path).not.toMatch(/[\u0600-\u06FF]/);
  });

  it('give each WhatsApp template a body in both languages with exactly its parameters', () => {
    for (const [name, template] of Object.entries(WHATSAPP_TEMPLATES)) {
      const expected = template.params.map((_, i) => `{{${i + 1}}}`);
      for (const body of [template.ar, template.en]) {
        expect([...new Set(body.match(/\{\{\d+\}\}/g))].sort(), name).toEqual(expected.sort());
      }
    }
  });

  it('greets a person by a name kept in its own direction, in either language', () => {
    expect(greeting('ar', 'Sam Host')).toBe('أهلًا \u2068Sam Host\u2069،');
    expect(greeting('en', 'نورة')).toBe('Hello \u2068نورة\u2069,');
  });
});
