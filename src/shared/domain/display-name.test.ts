import { describe, expect, it } from 'vitest';
import { displayName } from './display-name.ts';

describe('displayName (docs/product-spec.md §3 order)', () => {
  const all = {
    fullName: 'Noura Al-Otaibi',
    userMetadata: { full_name: 'UM full', name: 'UM name' },
    rawUserMetadata: { full_name: 'RAW full', name: 'RAW name' },
    name: 'plain name',
    email: 'noura@example.com',
    phone: '+966512345678',
  };

  it('takes each source in order, skipping empty ones', () => {
    expect(displayName(all)).toBe('Noura Al-Otaibi');
    expect(displayName({ ...all, fullName: '  ' })).toBe('UM full');
    expect(displayName({ ...all, fullName: null, userMetadata: { name: 'UM name' } })).toBe(
      'UM name',
    );
    expect(displayName({ ...all, fullName: null, userMetadata: null })).toBe('RAW full');
    expect(
      displayName({
        ...all,
        fullName: null,
        userMetadata: null,
        rawUserMetadata: { name: 'RAW name' },
      }),
    ).toBe('RAW name');
    expect(displayName({ name: 'plain name', email: 'x@example.com' })).toBe('plain name');
    expect(displayName({ email: 'x@example.com', phone: '+966512345678' })).toBe('x@example.com');
    expect(displayName({ phone: '+966512345678' })).toBe('+966512345678');
    expect(displayName({})).toBe('');
  });

  it('ignores metadata values that are not text', () => {
    expect(displayName({ userMetadata: { full_name: 42 }, email: 'x@example.com' })).toBe(
      'x@example.com',
    );
  });
});
