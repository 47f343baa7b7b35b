import { describe, expect, it } from 'vitest';
import {
  isSpecContactPhone,
  localSaudiMobile,
  normalizeSaudiMobile,
  SAUDI_MOBILE_FORMS,
} from './phone.ts';

describe('normalizeSaudiMobile', () => {
  it.each([
    ['512345678', '+966512345678'], // typed after the fixed +966 prefix, without the leading zero
    ['0512345678', '+966512345678'],
    ['966512345678', '+966512345678'],
    ['+966512345678', '+966512345678'],
    ['00966512345678', '+966512345678'],
    ['050 123 4567', '+966501234567'],
    ['+966 55-123-4567', '+966551234567'],
    ['٠٥١٢٣٤٥٦٧٨', '+966512345678'], // Arabic-Indic digits
    ['۰۵۱۲۳۴۵۶۷۸', '+966512345678'], // Extended Arabic-Indic (Persian/Urdu keyboards)
  ])('accepts %s → %s', (input, expected) => {
    expect(normalizeSaudiMobile(input)).toBe(expected);
  });

  it.each([
    '',
    '12345678',
    '0412345678', // not a mobile (5 after the zero)
    '05123456789', // one digit too many
    '051234567', // one too few
    '+971512345678', // another country
    '+9660512345678',
    '9665123456789',
    '05123x5678',
    '1'.repeat(40),
  ])('refuses %s', (input) => {
    expect(normalizeSaudiMobile(input)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(normalizeSaudiMobile(512345678 as unknown as string)).toBeNull();
  });
});

describe('localSaudiMobile', () => {
  it('writes E.164 the local way', () => {
    expect(localSaudiMobile('+966512345678')).toBe('0512345678');
  });
});

describe('isSpecContactPhone (docs/product-spec.md §5: 05xxxxxxxx or 9665xxxxxxxx)', () => {
  it.each(['0512345678', '966512345678', '051 234 5678', '٠٥١٢٣٤٥٦٧٨'])('accepts %s', (input) => {
    expect(isSpecContactPhone(input)).toBe(true);
  });
  it.each(['512345678', '+966512345678', '0412345678', '96605123456', '05123456789', ''])(
    'refuses %s',
    (input) => {
      expect(isSpecContactPhone(input)).toBe(false);
    },
  );
});

describe('SAUDI_MOBILE_FORMS (the hint of every phone field)', () => {
  it('are numbers every phone rule takes, and the contact-phone rule takes no other shape', () => {
    for (const form of Object.values(SAUDI_MOBILE_FORMS)) {
      const number = form.replace(/X/g, '7');
      expect(isSpecContactPhone(number), form).toBe(true);
      expect(normalizeSaudiMobile(number), form).toBe('+966577777777');
      // One digit more or fewer than the form shows is refused.
      expect(isSpecContactPhone(`${number}7`), form).toBe(false);
      expect(isSpecContactPhone(number.slice(0, -1)), form).toBe(false);
    }
  });
});
