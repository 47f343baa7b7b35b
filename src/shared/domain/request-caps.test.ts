import { describe, expect, it } from 'vitest';
import {
  PENDING_PER_RENTER_MAX,
  PENDING_PER_SPACE_MAX,
  pendingCapReached,
} from './request-caps.ts';

describe('pending request caps', () => {
  it('lets the fifth request of a space and the tenth overall through, not the next', () => {
    expect(pendingCapReached({ ofSpace: PENDING_PER_SPACE_MAX - 1, overall: 4 })).toBe(false);
    expect(pendingCapReached({ ofSpace: PENDING_PER_SPACE_MAX, overall: 5 })).toBe(true);
    expect(pendingCapReached({ ofSpace: 0, overall: PENDING_PER_RENTER_MAX - 1 })).toBe(false);
    expect(pendingCapReached({ ofSpace: 0, overall: PENDING_PER_RENTER_MAX })).toBe(true);
  });
  it('keeps the per-space cap below the overall one', () => {
    expect(PENDING_PER_SPACE_MAX).toBeLessThan(PENDING_PER_RENTER_MAX);
  });
});
