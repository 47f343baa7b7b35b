import { describe, expect, it } from 'vitest';
import appEn from '#web/locales/en.json';
import ar from './ar.json';
import en from './en.json';

describe('the wizard’s texts', () => {
  it('have the same keys in both languages, none empty, Arabic in Arabic script', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(ar)) {
      expect(text.trim(), key).not.toBe('');
      expect(/[\u0600-\u06FF]/.test(text), `ar "${key}" looks untranslated`).toBe(true);
    }
    for (const [key, text] of Object.entries(en)) expect(text.trim(), key).not.toBe('');
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (text: string) =>
      [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(vars(ar[key]), key).toEqual(vars(en[key]));
    }
  });

  it('are all under listSpace.* and clash with no app-wide key', () => {
    for (const key of Object.keys(en)) {
      expect(key.startsWith('listSpace.'), key).toBe(true);
      expect(key in appEn, key).toBe(false);
    }
  });

  it('quote the texts of docs/product-spec.md exactly in English', () => {
    expect(en['listSpace.submit.success']).toBe('Space submitted for review!');
    expect(en['listSpace.submit.failed']).toBe(
      'There was an error listing your space. Please try again.',
    );
    expect(en['listSpace.images.failed']).toBe('Image upload failed: {{error}}');
  });
});
