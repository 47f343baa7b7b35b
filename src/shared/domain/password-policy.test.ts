import { describe, expect, it } from 'vitest';
import { checkPassword, meetsPasswordPolicy, PASSWORD_MAX_LENGTH } from './password-policy.ts';

describe('password policy', () => {
  it('accepts a password that meets every rule', () => {
    expect(meetsPasswordPolicy('Riyadh#2026')).toBe(true);
  });

  it.each([
    ['Ab1#xyz', 'length'], // 7 characters
    ['riyadh#2026', 'uppercase'],
    ['RIYADH#2026', 'lowercase'],
    ['Riyadh#City', 'digit'],
    ['Riyadh2026x', 'special'],
  ])('%s fails only "%s"', (password, rule) => {
    const result = checkPassword(password);
    expect(
      Object.entries(result)
        .filter(([, ok]) => !ok)
        .map(([r]) => r),
    ).toEqual([rule]);
    expect(meetsPasswordPolicy(password)).toBe(false);
  });

  it('counts exactly 8 characters as long enough', () => {
    expect(checkPassword('Ab1#wxyz').length).toBe(true);
  });

  it('accepts long passphrases (64 characters and more) and spaces as special characters', () => {
    const phrase = 'Correct horse battery staple on a Riyadh rooftop at 9 in the evening';
    expect(phrase.length).toBeGreaterThanOrEqual(64);
    expect(meetsPasswordPolicy(phrase)).toBe(true);
  });

  it('refuses beyond the maximum length', () => {
    expect(meetsPasswordPolicy(`Aa1#${'x'.repeat(PASSWORD_MAX_LENGTH)}`)).toBe(false);
  });

  it('counts Arabic-Indic digits as digits', () => {
    expect(checkPassword('Riyadh#٢٠٢٦').digit).toBe(true);
  });
});
