import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FOUR_DIGITS,
  CR_NUMBER,
  POSTAL_CODE,
  detailsApplyTo,
  isArabicName,
  isLatinName,
  normalizeCode,
} from './seller-details.ts';

describe('the seller’s codes as typed', () => {
  it('reads Arabic-Indic digits, spaces and dashes into Latin digits', () => {
    expect(normalizeCode('١٠١٠ ١٢٣٤٥٦', CR_NUMBER)).toBe('1010123456');
    expect(normalizeCode('۱۰۱۰-۱۲۳۴۵۶', CR_NUMBER)).toBe('1010123456');
    expect(normalizeCode(' 8228 ', ADDRESS_FOUR_DIGITS)).toBe('8228');
    expect(normalizeCode('١٢٦٤٣', POSTAL_CODE)).toBe('12643');
  });

  it('refuses a code of the wrong length or with letters', () => {
    expect(normalizeCode('101012345', CR_NUMBER)).toBeNull();
    expect(normalizeCode('10101234567', CR_NUMBER)).toBeNull();
    expect(normalizeCode('822', ADDRESS_FOUR_DIGITS)).toBeNull();
    expect(normalizeCode('82281', ADDRESS_FOUR_DIGITS)).toBeNull();
    expect(normalizeCode('1264', POSTAL_CODE)).toBeNull();
    expect(normalizeCode('1264a', POSTAL_CODE)).toBeNull();
    expect(normalizeCode('', POSTAL_CODE)).toBeNull();
  });
});

describe('registered names', () => {
  it('asks Arabic letters of the Arabic name and Latin ones of the English name', () => {
    expect(isArabicName('مؤسسة ركن الإبداع للتجارة')).toBe(true);
    expect(isArabicName('Rukn Al Ibdaa Est.')).toBe(false);
    expect(isArabicName('١٢٣')).toBe(false);
    expect(isLatinName('Rukn Al Ibdaa Est.')).toBe(true);
    expect(isLatinName('مؤسسة ركن')).toBe(false);
  });
});

describe('whether the host’s details speak for a listing', () => {
  const details = { vatNumber: '310122393500003' };
  it('only for a listing registered with the same VAT number', () => {
    expect(detailsApplyTo(details, '310122393500003')).toBe(true);
    expect(detailsApplyTo(details, '399999999900003')).toBe(false);
    expect(detailsApplyTo(details, null)).toBe(false);
    expect(detailsApplyTo(null, '310122393500003')).toBe(false);
  });
});
