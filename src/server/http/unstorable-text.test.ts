import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './unstorable-text.ts';

describe('findUnstorableText', () => {
  it('finds U+0000 in a value, a nested value or a key, and names its path', () => {
    expect(findUnstorableText('a\u0000b')).toBe('_');
    expect(findUnstorableText({ name: 'ok', items: [{ note: 'x\u0000' }] })).toBe('items.0.note');
    expect(findUnstorableText({ 'k\u0000': 1 })).toBe('k\u0000');
  });

  it('finds a lone surrogate, high or low, in a value or a key', () => {
    expect(findUnstorableText({ reason: '\u2066\uda21\u{1B181}\u020d' })).toBe('reason');
    expect(findUnstorableText(['ok', 'x\udc16'])).toBe('1');
    expect(findUnstorableText({ 'k\ud800': 1 })).toBe('k\ud800');
  });

  it('passes text without it, other types, and deep JSON without overflowing', () => {
    expect(findUnstorableText({ q: 'مرحبا 😀 \u200F', n: 1, b: true, z: null })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
    const deep = JSON.parse('['.repeat(50_000) + ']'.repeat(50_000)) as unknown;
    expect(findUnstorableText(deep)).toBeNull();
  });

  it('reads every value: a NUL before 10,001 other keys is still found (issue 21)', () => {
    const junk = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`k${i}`, 0]));
    expect(findUnstorableText({ name: 'a\u0000', ...junk })).toBe('name');
    expect(findUnstorableText([...Array(20_000).fill('ok'), 'x\ud800'])).toBe('20000');
  });
});
