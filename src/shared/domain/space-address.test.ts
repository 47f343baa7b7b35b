import { describe, expect, it } from 'vitest';
import { addressLines } from './space-address.ts';

describe('addressLines', () => {
  it.each([
    // at an Arabic or a Latin comma
    ['طريق أنس بن مالك، حي الملقا', 'طريق أنس بن مالك', 'حي الملقا'],
    ['Prince Sultan St, Al Rawdah', 'Prince Sultan St', 'Al Rawdah'],
    // what follows the first comma stays together (a district and its area)
    [
      'King Abdulaziz Rd, Radwa, Yanbu Industrial City',
      'King Abdulaziz Rd',
      'Radwa, Yanbu Industrial City',
    ],
    // the street's own brackets stay with it
    [
      'شارع الأمير محمد بن عبدالعزيز (التحلية)، حي السليمانية',
      'شارع الأمير محمد بن عبدالعزيز (التحلية)',
      'حي السليمانية',
    ],
    // nothing is guessed without a comma, or with nothing on one side of it
    ['  قرية المفتاحة  ', 'قرية المفتاحة', null],
    ['Olaya St,', 'Olaya St,', null],
    ['، حي العليا', '، حي العليا', null],
  ])('%j → street %j, district %j', (address, street, district) => {
    expect(addressLines(address)).toEqual({ street, district });
  });
});
