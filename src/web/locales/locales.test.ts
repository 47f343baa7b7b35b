import { describe, expect, it } from 'vitest';
import { TEXT_SECTIONS } from '../lib/i18n.ts';
import ar from './ar.json';
import en from './en.json';

type Texts = Record<string, string>;
const sectionFiles = import.meta.glob<Texts>('./sections/*/*.json', {
  import: 'default',
  eager: true,
});
const section = (name: string, lang: 'ar' | 'en') =>
  sectionFiles[`./sections/${name}/${lang}.json`];

/** The app-wide catalogue and every section, each as a pair of languages. */
const catalogues: { name: string; ar: Texts; en: Texts }[] = [
  { name: 'app', ar, en },
  ...TEXT_SECTIONS.map((name) => ({ name, ar: section(name, 'ar')!, en: section(name, 'en')! })),
];

describe('locale files', () => {
  it('every declared section has both languages, and no section file is undeclared', () => {
    for (const name of TEXT_SECTIONS) {
      expect(section(name, 'ar'), `${name}/ar.json`).toBeDefined();
      expect(section(name, 'en'), `${name}/en.json`).toBeDefined();
    }
    const onDisk = Object.keys(sectionFiles).map((f) => f.split('/')[2]);
    for (const name of onDisk) expect(TEXT_SECTIONS as readonly string[]).toContain(name);
  });

  it.each(catalogues)('$name: exactly the same keys in both languages', ({ ar, en }) => {
    const arKeys = Object.keys(ar).sort();
    const enKeys = Object.keys(en).sort();
    expect(
      arKeys.filter((k) => !enKeys.includes(k)),
      'in ar only',
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !arKeys.includes(k)),
      'in en only',
    ).toEqual([]);
  });

  it('no key is defined twice across the app catalogue and the sections', () => {
    const seen = new Map<string, string>();
    for (const { name, en } of catalogues) {
      for (const key of Object.keys(en)) {
        expect(seen.get(key), `${key} in ${name}`).toBeUndefined();
        seen.set(key, name);
      }
    }
  });

  it.each(catalogues)('$name: no empty texts; Arabic texts are in Arabic script', ({ ar, en }) => {
    const latinOnly = ['language.switchToLabel', 'language.switchTo'];
    for (const [key, text] of Object.entries(ar)) {
      expect(text.trim(), key).not.toBe('');
      if (!latinOnly.includes(key) && /[A-Za-z]{4,}/.test(text) && !/[\u0600-\u06FF]/.test(text)) {
        throw new Error(`ar "${key}" looks untranslated: ${text}`);
      }
    }
    for (const [key, text] of Object.entries(en)) expect(text.trim(), key).not.toBe('');
  });

  it.each(catalogues)('$name: the same interpolation variables in both languages', ({ ar, en }) => {
    const vars = (text: string) =>
      [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en)) {
      expect(vars(ar[key] ?? ''), key).toEqual(vars(en[key]!));
    }
  });

  it('quote the texts of docs/product-spec.md exactly in English', () => {
    expect(en['routeError.title']).toBe('Unexpected Application Error!');
    expect(section('contact', 'en')!['contact.form.success']).toBe('Message sent successfully!');
  });
});
