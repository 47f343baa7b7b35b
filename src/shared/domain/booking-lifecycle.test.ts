import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../constants.ts';
import {
  availableBookingTransitions,
  BOOKING_TRANSITIONS,
  checkBookingTransition,
  type BookingActor,
  type BookingTransition,
} from './booking-lifecycle.ts';

const actors: BookingActor[] = ['renter', 'admin'];
const transitions = Object.keys(BOOKING_TRANSITIONS) as BookingTransition[];

describe('booking lifecycle', () => {
  it('allows exactly the three edges out of pending, each to its own actor', () => {
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

  it('treats confirmed, rejected and cancelled as final', () => {
    for (const status of ['confirmed', 'rejected', 'cancelled'] as const) {
      for (const transition of transitions) {
        for (const actor of actors) {
          expect(checkBookingTransition(status, transition, actor).ok).toBe(false);
        }
      }
      expect(availableBookingTransitions(status, 'admin')).toEqual([]);
      expect(availableBookingTransitions(status, 'renter')).toEqual([]);
    }
    expect(checkBookingTransition('confirmed', 'confirm', 'admin')).toEqual({
      ok: false,
      reason: 'WRONG_STATE',
    });
  });

  it('lists what each actor may do with a pending booking', () => {
    expect(availableBookingTransitions('pending', 'admin')).toEqual(['confirm', 'reject']);
    expect(availableBookingTransitions('pending', 'renter')).toEqual(['cancel']);
  });
});
