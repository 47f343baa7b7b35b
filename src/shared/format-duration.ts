import type { Locale } from './constants.ts';
import { formatCount, type CountedNoun } from './format-count.ts';

/**
 * A span of time in its two largest units, rounded down to the minute: "2 days 5 hours",
 * "يومان و3 ساعات", "40 minutes", "دقيقة واحدة". Under a minute reads as "less than a minute".
 * For a pending request's time left (issue 18), on screen and in the admins' reminder. The
 * counted words are `formatCount`'s (one owner of plural forms); a module of its own so pages
 * that show no time left do not load it.
 */
export function formatDuration(ms: number, locale: Locale): string {
  const total = Math.floor(Math.max(0, ms) / 60_000);
  if (total < 1) return locale === 'ar' ? 'أقل من دقيقة' : 'less than a minute';
  const parts = (
    [
      ['days', Math.floor(total / (24 * 60))],
      ['hours', Math.floor((total % (24 * 60)) / 60)],
      ['minutes', total % 60],
    ] as [CountedNoun, number][]
  ).filter(([, n]) => n > 0);
  const shown = parts.slice(0, 2).map(([noun, n]) => formatCount(n, noun, locale));
  return locale === 'ar' ? shown.join(' و') : shown.join(' ');
}
