import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX, localText, spaceDescription, spaceName } from './listing-text.ts';

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

describe('spaceDescription', () => {
  const space = (ar: string | null, en: string | null) => ({
    descriptionAr: ar,
    descriptionEn: en,
  });

  it('is the reader’s description, else the other one, on one line', () => {
    expect(spaceDescription(space('قاعة هادئة.', 'A quiet hall.'), 'ar')).toBe('قاعة هادئة.');
    expect(spaceDescription(space('قاعة هادئة.', 'A quiet\n\n  hall.'), 'en')).toBe(
      'A quiet hall.',
    );
    expect(spaceDescription(space('قاعة هادئة.', null), 'en')).toBe('قاعة هادئة.');
    expect(spaceDescription(space(null, '  '), 'ar')).toBeNull();
  });

  it(`cuts a long one at a word before ${DESCRIPTION_MAX} characters, with "…"`, () => {
    const long = 'كلمة '.repeat(60).trim();
    const cut = spaceDescription(space(long, null), 'ar')!;
    expect(cut.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(cut.endsWith('كلمة…')).toBe(true);
    const exact = 'x'.repeat(DESCRIPTION_MAX);
    expect(spaceDescription(space(null, exact), 'en')).toBe(exact);
    const unbroken = 'y'.repeat(DESCRIPTION_MAX + 40);
    expect(spaceDescription(space(null, unbroken), 'en')).toBe(
      `${'y'.repeat(DESCRIPTION_MAX - 1)}…`,
    );
  });
});
