import { describe, expect, it } from 'vitest';
import { addressLines } from './space-address.ts';

describe('addressLines', () => {
  it('sets the district apart from the street, at an Arabic or a Latin comma', () => {
    expect(addressLines('طريق أنس بن مالك، حي الملقا')).toEqual({
      street: 'طريق أنس بن مالك',
      district: 'حي الملقا',
    });
    expect(addressLines('Prince Sultan St, Al Rawdah')).toEqual({
      street: 'Prince Sultan St',
      district: 'Al Rawdah',
    });
  });

  it('keeps what follows the first comma together (a district and its area)', () => {
    expect(addressLines('King Abdulaziz Rd, Radwa, Yanbu Industrial City')).toEqual({
      street: 'King Abdulaziz Rd',
      district: 'Radwa, Yanbu Industrial City',
    });
    // The street's own brackets stay with it.
    expect(addressLines('شارع الأمير محمد بن عبدالعزيز (التحلية)، حي السليمانية')).toEqual({
      street: 'شارع الأمير محمد بن عبدالعزيز (التحلية)',
      district: 'حي السليمانية',
    });
  });

  it('guesses nothing without a comma, or with nothing on one side of it', () => {
    expect(addressLines('  قرية المفتاحة  ')).toEqual({ street: 'قرية المفتاحة', district: null });
    expect(addressLines('Olaya St,')).toEqual({ street: 'Olaya St,', district: null });
    expect(addressLines('، حي العليا')).toEqual({ street: '، حي العليا', district: null });
  });
});
