import type { Locale } from '#shared/constants.ts';

import { formatCount } from '#shared/format-count.ts';
import type { Translate } from '#web/lib/i18n.ts';

/** The Hosting area's counted texts and time ranges, shared by the week view and the list. */
export const guestsText = (count: number, locale: Locale) => formatCount(count, 'guests', locale);

/** "3 requests waiting for the team's decision", in the language's plural form. */
export const pendingText = (t: Translate, count: number, locale: Locale) =>
  count === 0
    ? t('account.hosting.pendingSummaryNone')
    : t('account.hosting.pendingSummary', { requests: formatCount(count, 'requests', locale) });
