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
