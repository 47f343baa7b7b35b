/**
 * When a confirmed booking must be paid by (issue 32, decision 053): `windowHours` after its
 * confirmation, but never later than 2 hours before its start; a booking confirmed so late that
 * this leaves less than nothing (confirmed inside those 2 hours) gives the renter until its start
 * − 30 minutes. A deadline never falls before the confirmation itself.
 */
export const PAYMENT_LATEST_BEFORE_START_MS = 2 * 3_600_000;
export const PAYMENT_LAST_CALL_BEFORE_START_MS = 30 * 60_000;

export function paymentDeadline(confirmedAt: Date, startsAt: Date, windowHours: number): Date {
  const confirmed = confirmedAt.getTime();
  const start = startsAt.getTime();
  const byWindow = confirmed + windowHours * 3_600_000;
  const latest = start - PAYMENT_LATEST_BEFORE_START_MS;
  if (latest > confirmed) return new Date(Math.min(byWindow, latest));
  // Confirmed within 2 h of its start: until start − 30 min (or now, when even that has passed).
  return new Date(Math.max(confirmed, start - PAYMENT_LAST_CALL_BEFORE_START_MS));
}

/**
 * When the renter is reminded: halfway between the confirmation and the deadline, at most
 * `leadHours` before the deadline. A window shorter than an hour has no reminder (the
 * confirmation notice already says "by when").
 */
export function paymentReminderAt(confirmedAt: Date, deadline: Date, leadHours = 6): Date | null {
  const span = deadline.getTime() - confirmedAt.getTime();
  if (span < 3_600_000) return null;
  const lead = Math.min(span / 2, leadHours * 3_600_000);
  return new Date(deadline.getTime() - lead);
}
