import { describe, expect, it } from 'vitest';
import { pluralCategory } from './plural.ts';

describe('pluralCategory', () => {
  it('gives Arabic its six forms', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map((n) => pluralCategory(n, 'ar'))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'few',
      'many',
      'many',
      'other',
      'other',
    ]);
  });

  it('gives English one and other', () => {
    expect([0, 1, 2, 11].map((n) => pluralCategory(n, 'en'))).toEqual([
      'other',
      'one',
      'other',
      'other',
    ]);
  });
});
