import type { Locale } from '#shared/constants.ts';
import { formatNumber, formatTime } from '#shared/format.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { pluralCategory } from '../../../lib/plural.ts';

/** The Hosting area's counted texts and time ranges, shared by the week view and the list. */
export const guestsText = (t: Translate, count: number, locale: Locale) =>
  t(`account.hosting.guests.${pluralCategory(count, locale)}`, {
    count: formatNumber(count, locale),
  });

/** `10:00 am – 12:00 pm`: a range of wall-clock times, the same words in either language. */
export const timeRange = (start: string, end: string, locale: Locale) =>
  `${formatTime(start, locale)} – ${formatTime(end, locale)}`;

/** "3 requests waiting for the team's decision", in the language's plural form. */
export const pendingText = (t: Translate, count: number, locale: Locale) =>
  t(`account.hosting.pendingSummary.${pluralCategory(count, locale)}`, {
    count: formatNumber(count, locale),
  });
