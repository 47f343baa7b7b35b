import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { INTL_LOCALE, formatDate } from '#shared/format.ts';
import { addDays } from '#shared/domain/host-week.ts';
import type { Locale } from '#shared/constants.ts';
import { WEEK_DISPLAY_ORDER } from '#shared/constants.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { addMonths, monthStart, monthWeeks, weekEdges } from './calendar-month.ts';

/** A Sunday (4 January 2026): the weekday names are read from Intl, in the app's week order. */
const A_SUNDAY = Date.UTC(2026, 0, 4, 12);
const DAY_INDEX = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
} as const;

function weekdayNames(locale: Locale) {
  const short = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'long', timeZone: 'UTC' });
  return WEEK_DISPLAY_ORDER.map((day) => {
    const at = new Date(A_SUNDAY + DAY_INDEX[day] * 86_400_000);
    return { day, short: short.format(at), long: long.format(at) };
  });
}

const monthTitle = (isoDate: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${monthStart(isoDate)}T12:00:00Z`));

/**
 * The calendar of a date field (loaded only when opened): a month grid, week from Sunday as the
 * app's week runs, day and month names in the page's language with Latin digits (decision 008).
 * The WAI-ARIA date picker dialog pattern: arrows move a day (as they point, right to left in
 * Arabic) or a week, Home and End to the week's edges, Page Up and Page Down a month, Enter picks,
 * Escape closes; every day is a button named by its full date.
 */
export default function DatePickerDialog({
  open,
  onOpenChange,
  value,
  min,
  max,
  isDisabled,
  title,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The field's date when it holds one, else where the calendar opens. */
  value: string;
  min?: string;
  max?: string;
  isDisabled?: (isoDate: string) => boolean;
  title: string;
  onPick: (isoDate: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const rtl = i18n.dir() === 'rtl';
  const [focused, setFocused] = useState(value);
  const grid = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (!open) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, open]);

  const blocked = (date: string) =>
    (min !== undefined && date < min) ||
    (max !== undefined && date > max) ||
    (isDisabled?.(date) ?? false);

  const onKeyDown = (event: KeyboardEvent) => {
    const [weekStart, weekEnd] = weekEdges(focused);
    const step: Record<string, () => string> = {
      ArrowRight: () => addDays(focused, rtl ? -1 : 1),
      ArrowLeft: () => addDays(focused, rtl ? 1 : -1),
      ArrowDown: () => addDays(focused, 7),
      ArrowUp: () => addDays(focused, -7),
      Home: () => weekStart,
      End: () => weekEnd,
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
    };
    const next = step[event.key];
    if (!next) return;
    event.preventDefault();
    setFocused(next());
  };

  const names = weekdayNames(locale);
  const heading = monthTitle(focused, locale);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('datePicker.close')} className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        <div className="flex items-center justify-between gap-2">
          <button
            type="button"
            onClick={() => setFocused(addMonths(focused, -1))}
            aria-label={t('datePicker.previousMonth')}
            className="rounded-full p-2 text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {/* ‹ and › are mirrored characters: they point the reading way in either direction. */}
            <span aria-hidden className="block size-5 text-xl leading-5">
              ‹
            </span>
          </button>
          <p aria-live="polite" className="font-bold text-ink" data-testid="date-picker-month">
            {heading}
          </p>
          <button
            type="button"
            onClick={() => setFocused(addMonths(focused, 1))}
            aria-label={t('datePicker.nextMonth')}
            className="rounded-full p-2 text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <span aria-hidden className="block size-5 text-xl leading-5">
              ›
            </span>
          </button>
        </div>
        <table
          ref={grid}
          role="grid"
          aria-label={heading}
          className="w-full table-fixed text-center"
          onKeyDown={onKeyDown}
        >
          <thead>
            <tr>
              {names.map((n) => (
                <th key={n.day} scope="col" className="pb-2 text-xs font-semibold text-muted">
                  <abbr title={n.long} className="no-underline">
                    {n.short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(focused).map((week, i) => (
              <tr key={i}>
                {week.map((date, j) =>
                  date === null ? (
                    <td key={j} />
                  ) : (
                    <td key={date} className="p-0.5">
                      <button
                        type="button"
                        data-date={date}
                        tabIndex={date === focused ? 0 : -1}
                        aria-label={formatDate(date, locale)}
                        aria-pressed={date === value}
                        // aria-disabled, not disabled: the arrows still move through a closed day.
                        aria-disabled={blocked(date) || undefined}
                        onClick={() => {
                          if (blocked(date)) return;
                          onPick(date);
                          onOpenChange(false);
                        }}
                        className={`${'size-10 rounded-full text-sm text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 aria-disabled:cursor-not-allowed aria-disabled:text-muted/60 aria-disabled:line-through aria-disabled:hover:bg-transparent'} ${
                          date === value
                            ? 'bg-brand-700 font-bold text-white hover:bg-brand-800'
                            : ''
                        }`}
                      >
                        {Number(date.slice(8, 10))}
                      </button>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
