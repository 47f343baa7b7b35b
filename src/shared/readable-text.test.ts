import { describe, expect, it } from 'vitest';
import { unreadableParts } from './readable-text.ts';

describe('unreadableParts', () => {
  it('finds error and reason codes, and ids', () => {
    expect(unreadableParts('السبب: SLOT_TAKEN')).toEqual(['SLOT_TAKEN']);
    expect(unreadableParts('Failed: CONFLICT (try again)')).toEqual(['CONFLICT']);
    expect(unreadableParts('Booking 6b0c7c1e-8f43-4a39-9d0b-3f6f1c2a9e11 was confirmed')).toEqual([
      '6b0c7c1e-8f43-4a39-9d0b-3f6f1c2a9e11',
    ]);
    expect(unreadableParts('BOOKING_OVERLAP then 6B0C7C1E-8F43-4A39-9D0B-3F6F1C2A9E11')).toEqual([
      'BOOKING_OVERLAP',
      '6B0C7C1E-8F43-4A39-9D0B-3F6F1C2A9E11',
    ]);
  });

  it('leaves texts people read alone: references, masks, capitals, the setting to type', () => {
    expect(unreadableParts('رقم الحجز HS-7K3Q9M')).toEqual([]);
    expect(unreadableParts('مثل 05XXXXXXXX أو 9665XXXXXXXX')).toEqual([]);
    expect(unreadableParts('JPEG, PNG, WebP or AVIF; VAT included; Wi-Fi')).toEqual([]);
    expect(unreadableParts('Set PUBLIC_URL on the server.')).toEqual([]);
    expect(unreadableParts('Conflict of interest')).toEqual([]);
  });
});
