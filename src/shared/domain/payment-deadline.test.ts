import { describe, expect, it } from 'vitest';
import { paymentDeadline, paymentReminderAt } from './payment-deadline.ts';

const at = (iso: string) => new Date(iso);
const H = 3_600_000;

describe('paymentDeadline', () => {
  it('gives the window after the confirmation when the start is far', () => {
    expect(paymentDeadline(at('2026-12-01T08:00:00Z'), at('2026-12-10T08:00:00Z'), 24)).toEqual(
      at('2026-12-02T08:00:00Z'),
    );
  });
  it('is never later than 2 hours before the start', () => {
    expect(paymentDeadline(at('2026-12-01T08:00:00Z'), at('2026-12-01T20:00:00Z'), 24)).toEqual(
      at('2026-12-01T18:00:00Z'),
    );
  });
  it('a booking confirmed inside those 2 hours is due at its start − 30 min', () => {
    expect(paymentDeadline(at('2026-12-01T18:30:00Z'), at('2026-12-01T20:00:00Z'), 24)).toEqual(
      at('2026-12-01T19:30:00Z'),
    );
  });
  it('exactly 2 hours before the start counts as inside', () => {
    const start = at('2026-12-01T20:00:00Z');
    expect(paymentDeadline(new Date(start.getTime() - 2 * H), start, 24)).toEqual(
      new Date(start.getTime() - 0.5 * H),
    );
  });
  it('never falls before the confirmation', () => {
    const confirmed = at('2026-12-01T19:50:00Z');
    expect(paymentDeadline(confirmed, at('2026-12-01T20:00:00Z'), 24)).toEqual(confirmed);
  });
  it('takes fractions of an hour (tests shorten the window)', () => {
    expect(paymentDeadline(at('2026-12-01T08:00:00Z'), at('2026-12-10T08:00:00Z'), 0.5)).toEqual(
      at('2026-12-01T08:30:00Z'),
    );
  });
});

describe('paymentReminderAt', () => {
  it('reminds 6 hours before a 24-hour deadline', () => {
    expect(paymentReminderAt(at('2026-12-01T08:00:00Z'), at('2026-12-02T08:00:00Z'))).toEqual(
      at('2026-12-02T02:00:00Z'),
    );
  });
  it('reminds halfway through a short window', () => {
    expect(paymentReminderAt(at('2026-12-01T08:00:00Z'), at('2026-12-01T12:00:00Z'))).toEqual(
      at('2026-12-01T10:00:00Z'),
    );
  });
  it('does not remind inside a window under an hour', () => {
    expect(paymentReminderAt(at('2026-12-01T08:00:00Z'), at('2026-12-01T08:30:00Z'))).toBeNull();
  });
});
