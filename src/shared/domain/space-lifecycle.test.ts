import { describe, expect, it } from 'vitest';
import { SPACE_STATUSES } from '../constants.ts';
import {
  availableSpaceTransitions,
  checkSpaceTransition,
  NEW_SPACE_STATUS,
  SPACE_TRANSITIONS,
  type SpaceTransition,
} from './space-lifecycle.ts';

const transitions = Object.keys(SPACE_TRANSITIONS) as SpaceTransition[];

describe('space lifecycle', () => {
  it('starts every listing pending review', () => {
    expect(NEW_SPACE_STATUS).toBe('pending');
  });

  it('lets an admin approve a pending space, and reject it with a reason', () => {
    expect(checkSpaceTransition('pending', 'approve', 'admin')).toEqual({
      ok: true,
      from: 'pending',
      to: 'approved',
    });
    expect(checkSpaceTransition('pending', 'reject', 'admin', 'Photos are blurry')).toEqual({
      ok: true,
      from: 'pending',
      to: 'rejected',
    });
  });

  it('refuses a rejection without a reason, blank included', () => {
    expect(checkSpaceTransition('pending', 'reject', 'admin')).toEqual({
      ok: false,
      reason: 'REASON_REQUIRED',
    });
    expect(checkSpaceTransition('pending', 'reject', 'admin', '   ').ok).toBe(false);
  });

  it('never lets a host decide on a listing', () => {
    for (const status of SPACE_STATUSES) {
      for (const transition of transitions) {
        expect(checkSpaceTransition(status, transition, 'host', 'x')).toEqual({
          ok: false,
          reason: 'NOT_ALLOWED',
        });
      }
      expect(availableSpaceTransitions(status, 'host')).toEqual([]);
    }
  });

  it('treats approved and rejected as decided', () => {
    for (const status of ['approved', 'rejected'] as const) {
      expect(checkSpaceTransition(status, 'approve', 'admin')).toEqual({
        ok: false,
        reason: 'WRONG_STATE',
      });
      expect(checkSpaceTransition(status, 'reject', 'admin', 'x').ok).toBe(false);
      expect(availableSpaceTransitions(status, 'admin')).toEqual([]);
    }
    expect(availableSpaceTransitions('pending', 'admin')).toEqual(['approve', 'reject']);
  });
});
