import { describe, expect, it } from 'vitest';
import { SPACE_STATUSES } from '../constants.ts';
import {
  availableSpaceTransitions,
  checkSpaceTransition,
  NEW_SPACE_STATUS,
  PUBLIC_SPACE_STATUSES,
  SPACE_TRANSITIONS,
  type SpaceTransition,
} from './space-lifecycle.ts';

const transitions = Object.keys(SPACE_TRANSITIONS) as SpaceTransition[];

describe('space lifecycle', () => {
  it('starts every listing pending review; approved and paused pages are public', () => {
    expect(NEW_SPACE_STATUS).toBe('pending');
    expect([...PUBLIC_SPACE_STATUSES].sort()).toEqual(['approved', 'paused']);
  });

  it('lets an admin approve a pending space, and reject it with a reason', () => {
    expect(checkSpaceTransition('pending', 'approve', 'admin')).toEqual({
      ok: true,
      from: 'pending',
      to: 'approved',
      unchanged: false,
    });
    expect(checkSpaceTransition('pending', 'reject', 'admin', 'Photos are blurry')).toEqual({
      ok: true,
      from: 'pending',
      to: 'rejected',
      unchanged: false,
    });
  });

  it('refuses a rejection without a reason, blank included', () => {
    expect(checkSpaceTransition('pending', 'reject', 'admin')).toEqual({
      ok: false,
      reason: 'REASON_REQUIRED',
    });
    expect(checkSpaceTransition('pending', 'reject', 'admin', '   ').ok).toBe(false);
  });

  it('never lets a host decide on a listing, nor an admin pause, resume or archive one', () => {
    for (const status of SPACE_STATUSES) {
      for (const transition of ['approve', 'reject'] as const) {
        expect(checkSpaceTransition(status, transition, 'host', 'x')).toEqual({
          ok: false,
          reason: 'NOT_ALLOWED',
        });
      }
      for (const transition of ['pause', 'resume', 'archive', 'resubmit'] as const) {
        expect(checkSpaceTransition(status, transition, 'admin').ok).toBe(false);
      }
    }
  });

  it('treats approved and rejected as decided', () => {
    for (const status of ['approved', 'rejected', 'paused', 'archived'] as const) {
      expect(checkSpaceTransition(status, 'approve', 'admin')).toEqual({
        ok: false,
        reason: 'WRONG_STATE',
      });
      expect(checkSpaceTransition(status, 'reject', 'admin', 'x').ok).toBe(false);
      expect(availableSpaceTransitions(status, 'admin')).toEqual([]);
    }
    expect(availableSpaceTransitions('pending', 'admin')).toEqual(['approve', 'reject']);
  });

  it('lets the host pause an approved space and resume it; asking twice changes nothing', () => {
    expect(checkSpaceTransition('approved', 'pause', 'host')).toMatchObject({
      ok: true,
      to: 'paused',
      unchanged: false,
    });
    expect(checkSpaceTransition('paused', 'pause', 'host')).toEqual({
      ok: true,
      from: 'paused',
      to: 'paused',
      unchanged: true,
    });
    expect(checkSpaceTransition('paused', 'resume', 'host')).toMatchObject({
      ok: true,
      to: 'approved',
      unchanged: false,
    });
    expect(checkSpaceTransition('approved', 'resume', 'host')).toMatchObject({ unchanged: true });
    for (const status of ['pending', 'rejected', 'archived'] as const) {
      expect(checkSpaceTransition(status, 'pause', 'host')).toEqual({
        ok: false,
        reason: 'WRONG_STATE',
      });
      expect(checkSpaceTransition(status, 'resume', 'host').ok).toBe(false);
    }
  });

  it('archives from any state but archived, once', () => {
    for (const status of ['pending', 'approved', 'rejected', 'paused'] as const) {
      expect(checkSpaceTransition(status, 'archive', 'host')).toMatchObject({
        ok: true,
        to: 'archived',
      });
    }
    expect(checkSpaceTransition('archived', 'archive', 'host').ok).toBe(false);
    for (const transition of transitions) {
      for (const actor of ['host', 'admin'] as const) {
        expect(availableSpaceTransitions('archived', actor)).toEqual([]);
        expect(checkSpaceTransition('archived', transition, actor, 'x').ok).toBe(false);
      }
    }
    expect(availableSpaceTransitions('approved', 'host')).toEqual(['pause', 'archive']);
    expect(availableSpaceTransitions('paused', 'host')).toEqual(['resume', 'archive']);
  });

  it('lets the host resubmit a rejected listing (back to pending), from no other state', () => {
    expect(checkSpaceTransition('rejected', 'resubmit', 'host')).toEqual({
      ok: true,
      from: 'rejected',
      to: 'pending',
      unchanged: false,
    });
    for (const status of ['pending', 'approved', 'paused', 'archived'] as const) {
      expect(checkSpaceTransition(status, 'resubmit', 'host')).toEqual({
        ok: false,
        reason: 'WRONG_STATE',
      });
    }
    expect(checkSpaceTransition('rejected', 'resubmit', 'admin')).toEqual({
      ok: false,
      reason: 'NOT_ALLOWED',
    });
    expect(SPACE_TRANSITIONS.resubmit.needsReason).toBe(false);
    expect(availableSpaceTransitions('rejected', 'host')).toEqual(['resubmit', 'archive']);
  });
});
