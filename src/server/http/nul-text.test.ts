import { describe, expect, it } from 'vitest';
import { findNulText } from './nul-text.ts';

describe('findNulText', () => {
  it('finds U+0000 in a value, a nested value or a key, and names its path', () => {
    expect(findNulText('a\u0000b')).toBe('_');
    expect(findNulText({ name: 'ok', items: [{ note: 'x\u0000' }] })).toBe('items.0.note');
    expect(findNulText({ 'k\u0000': 1 })).toBe('k\u0000');
  });

  it('passes text without it, other types, and deep JSON without overflowing', () => {
    expect(findNulText({ q: 'مرحبا 😀 \u200F', n: 1, b: true, z: null })).toBeNull();
    expect(findNulText(undefined)).toBeNull();
    const deep = JSON.parse('['.repeat(50_000) + ']'.repeat(50_000)) as unknown;
    expect(findNulText(deep)).toBeNull();
  });
});
