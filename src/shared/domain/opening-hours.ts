/**
 * Opening hours that cross midnight (decision 030), with nothing else: the wizard's chunk
 * imports this alone. A closing time at or before the opening time is the next day's
 * (16:00–02:00; 18:00–00:00 closes at midnight).
 */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function crossesMidnight(space: { opensAt: string; closesAt: string }): boolean {
  // `HH:mm` strings (PostgreSQL's `HH:mm:ss` cut to them) compare like the times they name.
  const opens = space.opensAt.slice(0, 5);
  const closes = space.closesAt.slice(0, 5);
  return TIME.test(opens) && TIME.test(closes) && closes <= opens;
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `HH:mm` (or PostgreSQL's `HH:mm:ss`) → minutes since midnight; null when not a time. */
export function parseTime(value: string): number | null {
  const match = CLOCK.exec(value.length === 8 && value.endsWith(':00') ? value.slice(0, 5) : value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes in a day. */
export const DAY_MINUTES = 24 * 60;
