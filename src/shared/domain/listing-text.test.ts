import { describe, expect, it } from 'vitest';
import { localText, spaceName } from './listing-text.ts';

describe('localText', () => {
  it('prefers the reader’s language', () => {
    expect(localText({ ar: 'قاعة', en: 'Hall' }, 'en')).toEqual({
      text: 'Hall',
      language: 'en',
      translated: true,
    });
  });
  it('falls back to the listing’s own language and says so', () => {
    expect(localText({ ar: 'قاعة', en: null }, 'en')).toEqual({
      text: 'قاعة',
      language: 'ar',
      translated: false,
    });
    expect(localText({ ar: '', en: 'Hall' }, 'ar').translated).toBe(false);
    expect(spaceName({ nameAr: null, nameEn: 'Hall' }, 'ar')).toBe('Hall');
  });
});
