import { describe, expect, it } from 'vitest';
import {
  BOOKING_REFERENCE_ALPHABET,
  BOOKING_REFERENCE_PATTERN,
  newBookingReference,
  parseBookingReference,
} from './booking-reference.ts';

describe('booking references', () => {
  it('uses 32 characters without I, L, O or U', () => {
    expect(new Set(BOOKING_REFERENCE_ALPHABET).size).toBe(32);
    expect(BOOKING_REFERENCE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('draws HS- and six characters of the alphabet, every character reachable', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const reference = newBookingReference();
      expect(reference).toMatch(BOOKING_REFERENCE_PATTERN);
      for (const c of reference.slice(3)) seen.add(c);
    }
    expect(seen.size).toBe(32);
  });

  it('maps each byte to one character (low five bits)', () => {
    const bytes = [0, 31, 32, 255, 18, 10];
    expect(newBookingReference((b) => (b.set(bytes), b))).toBe('HS-0Z0ZJA');
  });

  it('reads a reference as a person types it', () => {
    expect(parseBookingReference('HS-7K3Q9M')).toBe('HS-7K3Q9M');
    expect(parseBookingReference('hs-7k3q9m')).toBe('HS-7K3Q9M');
    expect(parseBookingReference(' 7K3 Q9M ')).toBe('HS-7K3Q9M');
    expect(parseBookingReference('HS 7K3Q9M')).toBe('HS-7K3Q9M');
    // Crockford: O is zero, I and L are one; Arabic-Indic digits from an Arabic keyboard.
    expect(parseBookingReference('hs-oil2ab')).toBe('HS-0112AB');
    expect(parseBookingReference('HS-٧K٣Q٩M')).toBe('HS-7K3Q9M');
    // A code may itself start with HS.
    expect(parseBookingReference('HS1234')).toBe('HS-HS1234');
    expect(parseBookingReference('HS-HS1234')).toBe('HS-HS1234');
  });

  it('refuses what cannot be a reference', () => {
    expect(parseBookingReference('')).toBeNull();
    expect(parseBookingReference('HS-7K3Q9')).toBeNull();
    expect(parseBookingReference('HS-7K3Q9MM')).toBeNull();
    expect(parseBookingReference('HS-7K3QUM')).toBeNull();
    expect(parseBookingReference('HS-7K3Q9!')).toBeNull();
    expect(parseBookingReference('0b2a7c4e-1f3d-4c8a-9e21-5d7f0a3b6c91')).toBeNull();
  });
});
