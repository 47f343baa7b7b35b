import { describe, expect, it } from 'vitest';
import { isReviewEditable, ratingAverage, reviewEditableUntil } from './reviews.ts';

describe('reviews', () => {
  it('may be edited for 14 days after it was written, not a moment more', () => {
    const written = new Date('2030-01-01T10:00:00Z');
    expect(reviewEditableUntil(written).toISOString()).toBe('2030-01-15T10:00:00.000Z');
    expect(isReviewEditable(written, new Date('2030-01-15T10:00:00Z'))).toBe(true);
    expect(isReviewEditable(written, new Date('2030-01-15T10:00:00.001Z'))).toBe(false);
    expect(isReviewEditable(written, written)).toBe(true);
  });

  it('averages to one decimal, and has no average without reviews', () => {
    expect(ratingAverage(0, 0)).toBeNull();
    expect(ratingAverage(14, 3)).toBe(4.7);
    expect(ratingAverage(5, 1)).toBe(5);
    expect(ratingAverage(9, 2)).toBe(4.5);
    expect(ratingAverage(13, 3)).toBe(4.3);
  });
});
