import { describe, expect, it } from 'vitest';
import { checkSaudiIban, ibanChecksumHolds, maskIban, normalizeIban } from './iban.ts';

// The Saudi example of the IBAN registry (SWIFT), and one digit changed.
const VALID = 'SA0380000000608010167519';
const ONE_DIGIT_OFF = 'SA0380000000608010167518';

describe('Saudi IBAN', () => {
  it('accepts a valid IBAN however it is typed', () => {
    for (const typed of [
      VALID,
      'sa03 8000 0000 6080 1016 7519',
      'SA03-8000-0000-6080-1016-7519',
      'SA٠٣٨٠٠٠٠٠٠٠٦٠٨٠١٠١٦٧٥١٩',
    ]) {
      expect(checkSaudiIban(typed)).toEqual({ ok: true, iban: VALID });
    }
  });

  it('refuses a wrong check digit as a checksum error', () => {
    expect(checkSaudiIban(ONE_DIGIT_OFF)).toEqual({ ok: false, rule: 'ibanChecksum' });
    expect(checkSaudiIban('SA1380000000608010167519')).toEqual({ ok: false, rule: 'ibanChecksum' });
    // two neighbouring digits swapped
    expect(checkSaudiIban('SA0308000000608010167519')).toEqual({ ok: false, rule: 'ibanChecksum' });
  });

  it('refuses what is not SA and 22 digits', () => {
    for (const bad of [
      '',
      'SA038000000060801016751', // 21 digits
      'SA03800000006080101675190', // 23 digits
      'GB82WEST12345698765432', // another country, valid there
      'AE070331234567890123456',
      'SA03800000006080101675A9',
      'ٍSA',
    ]) {
      expect(checkSaudiIban(bad)).toEqual({ ok: false, rule: 'iban' });
    }
  });

  it('computes mod 97 over letters as numbers', () => {
    expect(ibanChecksumHolds('GB82WEST12345698765432')).toBe(true);
    expect(ibanChecksumHolds('GB83WEST12345698765432')).toBe(false);
  });

  it('normalises spaces, dashes, direction marks and case', () => {
    expect(normalizeIban(' sa03\u200e 8000-0000 ')).toBe('SA0380000000');
  });

  it('masks all but the country and the last four digits', () => {
    expect(maskIban(VALID)).toBe('SA•• •••• •••• •••• •••• 7519');
    expect(maskIban(VALID)).not.toContain('8000');
  });
});
