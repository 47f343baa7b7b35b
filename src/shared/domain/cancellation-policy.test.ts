import { describe, expect, it } from 'vitest';
import { freeCancellationUntil, freeWindow, isFreeCancellation } from './cancellation-policy.ts';

const start = new Date('2026-12-20T10:00:00+03:00');

describe('cancellation policy', () => {
  it('gives each policy its free window before the start', () => {
    expect(freeCancellationUntil('flexible', start)).toEqual(new Date('2026-12-19T10:00:00+03:00'));
    expect(freeCancellationUntil('moderate', start)).toEqual(new Date('2026-12-17T10:00:00+03:00'));
    expect(freeCancellationUntil('strict', start)).toEqual(new Date('2026-12-13T10:00:00+03:00'));
  });

  it('is free up to the limit and not a minute after', () => {
    const limit = freeCancellationUntil('moderate', start);
    expect(isFreeCancellation('moderate', start, limit)).toBe(true);
    expect(isFreeCancellation('moderate', start, new Date(limit.getTime() + 60_000))).toBe(false);
    expect(isFreeCancellation('flexible', start, new Date(limit.getTime() + 60_000))).toBe(true);
  });

  it('names the window in hours, or days for a week', () => {
    expect(freeWindow('flexible')).toEqual({ unit: 'hour', count: 24 });
    expect(freeWindow('moderate')).toEqual({ unit: 'hour', count: 72 });
    expect(freeWindow('strict')).toEqual({ unit: 'day', count: 7 });
  });
});
