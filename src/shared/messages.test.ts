import { describe, expect, it } from 'vitest';
import { errorMessages, fieldMessage, fieldMessages, fieldRule, pickLocale } from './messages.ts';

describe('pickLocale', () => {
  it.each([
    [undefined, 'ar'],
    ['', 'ar'],
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['ar-SA', 'ar'],
    ['fr-FR,en;q=0.8,ar;q=0.9', 'ar'],
    ['fr-FR,de;q=0.8', 'ar'],
    ['en;q=0,ar;q=0.1', 'ar'],
    ['*', 'ar'],
  ])('%s → %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });
});

describe('catalogues', () => {
  it('have the same keys in both languages, none empty', () => {
    for (const catalogue of [errorMessages, fieldMessages]) {
      expect(Object.keys(catalogue.ar).sort()).toEqual(Object.keys(catalogue.en).sort());
      for (const text of [...Object.values(catalogue.ar), ...Object.values(catalogue.en)]) {
        expect(text.trim()).not.toBe('');
      }
    }
  });

  it('quotes the texts of docs/product-spec.md exactly', () => {
    expect(errorMessages.en.INTERNAL_ERROR).toBe('Oops! Something went wrong');
    expect(errorMessages.en.NOT_FOUND).toBe('Page Not Found');
  });

  it('translates field rules and falls back to a generic message', () => {
    expect(fieldMessage(fieldRule('required'), 'en')).toBe('This field is required.');
    expect(fieldMessage(fieldRule('required'), 'ar')).toBe('هذا الحقل مطلوب.');
    expect(fieldMessage('Invalid input: expected string', 'en')).toBe(fieldMessages.en.invalid);
  });
});
