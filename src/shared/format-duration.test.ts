import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  const h = 3_600_000;
  it('writes the two largest units in English', () => {
    expect(formatDuration(2 * 24 * h + 5 * h + 10 * 60_000, 'en')).toBe('2 days 5 hours');
    expect(formatDuration(h, 'en')).toBe('1 hour');
    expect(formatDuration(40 * 60_000, 'en')).toBe('40 minutes');
    expect(formatDuration(10_000, 'en')).toBe('less than a minute');
    expect(formatDuration(-5, 'en')).toBe('less than a minute');
  });

  it('counts in Arabic with its plural forms', () => {
    expect(formatDuration(h, 'ar')).toBe('ساعة واحدة');
    expect(formatDuration(2 * h, 'ar')).toBe('ساعتان');
    expect(formatDuration(5 * h, 'ar')).toBe('5 ساعات');
    expect(formatDuration(11 * 24 * h, 'ar')).toBe('11 يومًا');
    expect(formatDuration(2 * 24 * h + 3 * h, 'ar')).toBe('يومان و3 ساعات');
    expect(formatDuration(23 * h + 15 * 60_000, 'ar')).toBe('23 ساعة و15 دقيقة');
    expect(formatDuration(60_000, 'ar')).toBe('دقيقة واحدة');
  });
});
