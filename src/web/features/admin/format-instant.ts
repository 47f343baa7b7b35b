import { TIME_ZONE, type Locale } from '#shared/constants.ts';
import { INTL_LOCALE } from '#shared/format.ts';

/** An ISO instant (when a request arrived, when a decision was taken) in Riyadh time. */
export function formatInstant(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  }).format(new Date(iso));
}
