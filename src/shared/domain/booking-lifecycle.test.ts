import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../constants.ts';
import {
  availableBookingTransitions,
  BOOKING_TRANSITIONS,
  cancelledBy,
  checkBookingTransition,
  hostDecides,
  hasStarted,
  requestExpiresAt,
  type BookingActor,
  type BookingTransition,
} from './booking-lifecycle.ts';

const actors: BookingActor[] = ['renter', 'admin', 'system', 'host'];
const transitions = Object.keys(BOOKING_TRANSITIONS) as BookingTransition[];

describe('booking lifecycle', () => {
  it('allows the edges out of pending, each to its own actor', () => {
    expect(checkBookingTransition('pending', 'confirm', 'admin')).toEqual({
      ok: true,
      from: 'pending',
      to: 'confirmed',
    });
    expect(checkBookingTransition('pending', 'reject', 'admin')).toEqual({
      ok: true,
      from: 'pending',
      to: 'rejected',
    });
    expect(checkBookingTransition('pending', 'cancel', 'renter')).toEqual({
      ok: true,
      from: 'pending',
      to: 'cancelled',
    });
    expect(checkBookingTransition('pending', 'expire', 'system')).toEqual({
      ok: true,
      from: 'pending',
      to: 'expired',
    });
    expect(checkBookingTransition('pending', 'decline', 'system')).toEqual({
      ok: true,
      from: 'pending',
      to: 'rejected',
    });
  });

  it('lets the renter cancel a confirmed booking and the admin revoke it, nobody else', () => {
    expect(checkBookingTransition('confirmed', 'cancel', 'renter')).toEqual({
      ok: true,
      from: 'confirmed',
      to: 'cancelled',
    });
    expect(checkBookingTransition('confirmed', 'revoke', 'admin')).toEqual({
      ok: true,
      from: 'confirmed',
      to: 'cancelled',
    });
    expect(checkBookingTransition('confirmed', 'revoke', 'renter').ok).toBe(false);
    expect(checkBookingTransition('pending', 'revoke', 'admin')).toEqual({
      ok: false,
      reason: 'WRONG_STATE',
    });
    expect(checkBookingTransition('confirmed', 'expire', 'system')).toEqual({
      ok: false,
      reason: 'WRONG_STATE',
    });
    expect(BOOKING_TRANSITIONS.revoke.needsReason).toBe(true);
  });

  it('refuses the wrong actor whatever the state', () => {
    for (const status of BOOKING_STATUSES) {
      expect(checkBookingTransition(status, 'confirm', 'renter')).toEqual({
        ok: false,
        reason: 'NOT_ALLOWED',
      });
      expect(checkBookingTransition(status, 'reject', 'renter').ok).toBe(false);
      expect(checkBookingTransition(status, 'cancel', 'admin')).toEqual({
        ok: false,
        reason: 'NOT_ALLOWED',
      });
    }
  });

  it('lets only the system complete a confirmed booking', () => {
    expect(checkBookingTransition('confirmed', 'complete', 'system')).toEqual({
      ok: true,
      from: 'confirmed',
      to: 'completed',
    });
    expect(checkBookingTransition('confirmed', 'complete', 'admin').ok).toBe(false);
    expect(checkBookingTransition('confirmed', 'complete', 'renter').ok).toBe(false);
    expect(checkBookingTransition('pending', 'complete', 'system')).toEqual({
      ok: false,
      reason: 'WRONG_STATE',
    });
    // Unpaid (issue 32): the system may also record its payment or release it at the deadline.
    expect(availableBookingTransitions('confirmed', 'system')).toEqual([
      'complete',
      'pay',
      'release',
    ]);
    expect(availableBookingTransitions('confirmed', 'system', true)).toEqual(['complete']);
    expect(availableBookingTransitions('confirmed', 'admin')).toEqual(['revoke']);
    expect(availableBookingTransitions('confirmed', 'renter')).toEqual(['cancel']);
  });

  it('pays or releases only an unpaid confirmed booking, and only as the system', () => {
    expect(checkBookingTransition('confirmed', 'pay', 'system')).toEqual({
      ok: true,
      from: 'confirmed',
      to: 'confirmed',
    });
    expect(checkBookingTransition('confirmed', 'pay', 'system', true)).toEqual({
      ok: false,
      reason: 'ALREADY_PAID',
    });
    expect(checkBookingTransition('confirmed', 'release', 'system')).toEqual({
      ok: true,
      from: 'confirmed',
      to: 'cancelled',
    });
    expect(checkBookingTransition('confirmed', 'release', 'system', true)).toEqual({
      ok: false,
      reason: 'ALREADY_PAID',
    });
    expect(checkBookingTransition('pending', 'pay', 'system')).toEqual({
      ok: false,
      reason: 'WRONG_STATE',
    });
    expect(checkBookingTransition('cancelled', 'pay', 'system')).toEqual({
      ok: false,
      reason: 'WRONG_STATE',
    });
    expect(checkBookingTransition('confirmed', 'pay', 'renter').ok).toBe(false);
    expect(checkBookingTransition('confirmed', 'release', 'admin').ok).toBe(false);
    // A paid booking is still cancelled by its renter or revoked by an admin (then refunded).
    expect(checkBookingTransition('confirmed', 'cancel', 'renter', true).ok).toBe(true);
    expect(checkBookingTransition('confirmed', 'revoke', 'admin', true).ok).toBe(true);
  });

  it('treats rejected, cancelled, expired and completed as final', () => {
    for (const status of ['rejected', 'cancelled', 'expired', 'completed'] as const) {
      for (const transition of transitions) {
        for (const actor of actors) {
          expect(checkBookingTransition(status, transition, actor).ok).toBe(false);
        }
      }
      expect(availableBookingTransitions(status, 'admin')).toEqual([]);
      expect(availableBookingTransitions(status, 'renter')).toEqual([]);
      expect(availableBookingTransitions(status, 'system')).toEqual([]);
    }
    expect(checkBookingTransition('completed', 'complete', 'system')).toEqual({
      ok: false,
      reason: 'WRONG_STATE',
    });
    expect(checkBookingTransition('confirmed', 'confirm', 'admin')).toEqual({
      ok: false,
      reason: 'WRONG_STATE',
    });
  });

  it('lists what each actor may do with a pending booking', () => {
    expect(availableBookingTransitions('pending', 'admin')).toEqual(['confirm', 'reject']);
    expect(availableBookingTransitions('pending', 'renter')).toEqual(['cancel']);
    // autoConfirm: an `instant` space's request that passed every rule (issue 35)
    expect(availableBookingTransitions('pending', 'system')).toEqual([
      'decline',
      'expire',
      'autoConfirm',
    ]);
    expect(availableBookingTransitions('confirmed', 'admin')).toEqual(['revoke']);
    expect(availableBookingTransitions('confirmed', 'renter')).toEqual(['cancel']);
  });

  it('gives the space’s host their own confirm, decline and cancel with a reason (issue 35)', () => {
    expect(availableBookingTransitions('pending', 'host')).toEqual(['hostConfirm', 'hostDecline']);
    expect(availableBookingTransitions('confirmed', 'host')).toEqual(['hostCancel']);
    expect(BOOKING_TRANSITIONS.hostCancel.needsReason).toBe(true);
    expect(checkBookingTransition('pending', 'hostConfirm', 'host')).toEqual({
      ok: true,
      from: 'pending',
      to: 'confirmed',
    });
    expect(checkBookingTransition('pending', 'hostConfirm', 'admin').ok).toBe(false);
    expect(checkBookingTransition('pending', 'confirm', 'host').ok).toBe(false);
    expect(checkBookingTransition('rejected', 'hostConfirm', 'host')).toEqual({
      ok: false,
      reason: 'WRONG_STATE',
    });
    for (const status of ['pending', 'rejected', 'cancelled', 'expired', 'completed'] as const) {
      expect(availableBookingTransitions(status, 'host')).not.toContain('hostCancel');
    }
    expect(cancelledBy('hostCancel')).toBe('host');
    expect(cancelledBy('revoke')).toBe('admin');
    expect(cancelledBy('cancel')).toBe('renter');
    expect(hostDecides('admin')).toBe(false);
    expect(hostDecides('host')).toBe(true);
    expect(hostDecides('instant')).toBe(true);
  });

  it('expires a request at the earlier of its time to live and its start', () => {
    const sent = new Date('2026-12-01T09:00:00Z');
    const far = new Date('2026-12-10T09:00:00Z');
    expect(requestExpiresAt(sent, far, 48)).toEqual(new Date('2026-12-03T09:00:00Z'));
    expect(requestExpiresAt(sent, far, 0.5)).toEqual(new Date('2026-12-01T09:30:00Z'));
    const soon = new Date('2026-12-01T20:00:00Z');
    expect(requestExpiresAt(sent, soon, 48)).toEqual(soon);
  });

  it('says a booking has started from its start on', () => {
    const start = new Date('2026-12-01T09:00:00Z');
    expect(hasStarted(start, new Date('2026-12-01T08:59:59Z'))).toBe(false);
    expect(hasStarted(start, start)).toBe(true);
  });
});
