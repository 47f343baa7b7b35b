import { describe, expect, it } from 'vitest';
import * as arMessages from '#shared/messages/ar.ts';
import * as enMessages from '#shared/messages/en.ts';
import { unreadableParts } from '#shared/readable-text.ts';

/**
 * Every text a person reads from a catalogue — the app's and each section's (ar and en), and the
 * error and field messages of src/shared/messages — holds no error code and no id (issue 31:
 * the audit log showed "السبب: SLOT_TAKEN"). A code is shown through its text; a booking by its
 * reference. The email and WhatsApp words: src/server/notices/words-readable.test.ts.
 */
const files = import.meta.glob<Record<string, string>>(['./*.json', './sections/*/*.json'], {
  import: 'default',
  eager: true,
});

const catalogues: { name: string; texts: Record<string, string> }[] = [
  ...Object.entries(files).map(([name, texts]) => ({ name, texts })),
  ...[
    ['ar', arMessages],
    ['en', enMessages],
  ].flatMap(([lang, m]) => [
    { name: `shared/messages/${lang as string}: errors`, texts: (m as typeof arMessages).errors },
    { name: `shared/messages/${lang as string}: fields`, texts: (m as typeof arMessages).fields },
  ]),
];

/** `catalogue › key: part` for every code or id found. */
function unreadable(list: typeof catalogues): string[] {
  return list.flatMap(({ name, texts }) =>
    Object.entries(texts).flatMap(([key, text]) =>
      unreadableParts(text).map((part) => `${name} › ${key}: ${part}`),
    ),
  );
}

describe('catalogue texts people read', () => {
  it('reads every catalogue, both languages', () => {
    expect(catalogues.length).toBeGreaterThan(20);
    for (const lang of ['ar', 'en']) {
      expect(catalogues.some(({ name }) => name === `./${lang}.json`)).toBe(true);
      expect(catalogues.some(({ name }) => name === `./sections/admin/${lang}.json`)).toBe(true);
    }
  });

  it('hold no error code and no id', () => {
    expect(unreadable(catalogues)).toEqual([]);
  });

  it('would catch one planted in any catalogue', () => {
    for (const { name, texts } of catalogues) {
      const [key] = Object.keys(texts);
      const planted = { name, texts: { ...texts, [key!]: `السبب: SLOT_TAKEN` } };
      expect(unreadable([planted])).toEqual([`${name} › ${key}: SLOT_TAKEN`]);
    }
  });
});
