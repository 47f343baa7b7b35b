import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';

describe('locale files', () => {
  it('have exactly the same keys', () => {
    const arKeys = Object.keys(ar).sort();
    const enKeys = Object.keys(en).sort();
    expect(
      arKeys.filter((k) => !enKeys.includes(k)),
      'in ar.json only',
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !arKeys.includes(k)),
      'in en.json only',
    ).toEqual([]);
  });

  it('have no empty texts, and Arabic texts are in Arabic script', () => {
    const latinOnly = ['language.switchToLabel', 'language.switchTo'];
    for (const [key, text] of Object.entries(ar)) {
      expect(text.trim(), key).not.toBe('');
      if (!latinOnly.includes(key) && /[A-Za-z]{4,}/.test(text) && !/[\u0600-\u06FF]/.test(text)) {
        throw new Error(`ar.json "${key}" looks untranslated: ${text}`);
      }
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

  it('quote the spec texts exactly in English', () => {
    expect(en['routeError.title']).toBe('Unexpected Application Error!');
    expect(en['contact.form.success']).toBe('Message sent successfully!');
  });
});
