import { X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { INTL_LOCALE, formatDate } from '#shared/format.ts';
import { addDays } from '#shared/domain/host-week.ts';
import { isCalendarDate, riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import type { Day, Locale } from '#shared/constants.ts';
import { WEEK_DISPLAY_ORDER } from '#shared/constants.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import {
  addMonths,
  firstOpenDay,
  isClosedDay,
  monthStart,
  monthWeeks,
  weekEdges,
  type CalendarRules,
} from './calendar-month.ts';

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

/** The field's date when it holds one, else the first day that can be picked from today. */
function openingView(value: string, rules: CalendarRules) {
  const chosen = isCalendarDate(value) ? value : '';
  return { chosen, focused: chosen || firstOpenDay(riyadhToday(), rules) };
}

export interface DatePickerDialogProps {
  /** the `<dialog>`'s id: the field's button opens it (`commandfor`) */
  id: string;
  /** the field's value when the page was drawn: the month shown and the day marked chosen */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  /** the weekdays that can be picked, space-separated (data, not a function: decision 078) */
  openWeekdays?: string | undefined;
  title: string;
  /** the field as it is now: its value, read when the calendar opens, and what a pick does */
  field: RefObject<{ value: string; onPick: (isoDate: string) => void }>;
}

/**
 * The calendar of a date field (decisions 034 and 078): the browser's own modal `<dialog>`, in the
 * server's HTML with the month grid of the field's month, opened by the field's button with an
 * invoker command — so the first tap opens it in a frame, before the app has arrived and after.
 * It is a server-rendered part (`serverRenderedPart`, decision 075): its code comes after the
 * app's and hydrates it in place; until then a tap on a day is kept and done once it has
 * (src/web/lib/early-input.ts). Its props are what the server knows and do not change; the
 * field's current value is read when the calendar opens (the dialog's `toggle` event).
 *
 * A month grid, week from Sunday as the app's week runs, day and month names in the page's
 * language with Latin digits (decision 008). The WAI-ARIA date picker dialog pattern: arrows move a
 * day (as they point, right to left in Arabic) or a week, Home and End to the week's edges, Page Up
 * and Page Down a month, Enter picks, Escape closes; every day is a button named by its full date.
 */
export function DatePickerDialog({
  id,
  value,
  min,
  max,
  openWeekdays,
  title,
  field,
}: DatePickerDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const rtl = i18n.dir() === 'rtl';
  const rules: CalendarRules = {
    min,
    max,
    openWeekdays: openWeekdays === undefined ? undefined : (openWeekdays.split(' ') as Day[]),
  };
  // Where it opens in the server's HTML: focused there by the browser (autofocus) before the code.
  const [first] = useState(() => openingView(value, rules));
  const [view, setView] = useState(first);
  const { focused, chosen } = view;
  const dialog = useRef<HTMLDialogElement>(null);
  const grid = useRef<HTMLTableElement>(null);

  // Opened by the browser: from the field's date as it is now. Hydrated already open (opened
  // before its code came), it keeps the month the visitor is looking at — a day they tapped there
  // is still to be clicked — unless they had typed another date into the field first.
  const rulesKey = `${min} ${max} ${openWeekdays}`;
  useEffect(() => {
    const element = dialog.current!;
    const opened = () => {
      if (element.open) setView(openingView(field.current.value, rules));
    };
    element.addEventListener('toggle', opened);
    const typed = field.current.value;
    if (element.open && typed !== value && isCalendarDate(typed)) opened();
    return () => element.removeEventListener('toggle', opened);
    // `rules` is rebuilt on each render; `rulesKey` is what it is made of.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field, rulesKey]);

  // The focus follows the focused day once the visitor has moved or opened it (not on hydration).
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    if (dialog.current?.open)
      grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [view, focused]);

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
    setView({ chosen, focused: next() });
  };
  const moveMonth = (offset: number) => setView({ chosen, focused: addMonths(focused, offset) });

  const names = weekdayNames(locale);
  const heading = monthTitle(focused, locale);
  const titleId = `${id}-title`;

  return (
    <dialog
      ref={dialog}
      id={id}
      aria-labelledby={titleId}
      className="fixed inset-0 m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm overflow-y-auto rounded-3xl border border-sand-200 bg-white p-6 text-ink shadow-card backdrop:bg-ink/50 backdrop:backdrop-blur-[2px] sm:p-8"
    >
      <div className="relative flex flex-col gap-4">
        <h2 id={titleId} className="pe-8 text-xl font-bold text-ink">
          {title}
        </h2>
        <div className="flex items-center justify-between gap-2">
          <button
            type="button"
            onClick={() => moveMonth(-1)}
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
            onClick={() => moveMonth(1)}
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
                        // The server's HTML: the browser focuses it when it opens the dialog.
                        autoFocus={date === first.focused}
                        aria-label={formatDate(date, locale)}
                        aria-pressed={date === chosen}
                        // aria-disabled, not disabled: the arrows still move through a closed day.
                        aria-disabled={isClosedDay(date, rules) || undefined}
                        onClick={() => {
                          if (isClosedDay(date, rules)) return;
                          field.current.onPick(date);
                          dialog.current?.close();
                        }}
                        className={`${'size-10 rounded-full text-sm text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 aria-disabled:cursor-not-allowed aria-disabled:text-muted/60 aria-disabled:line-through aria-disabled:hover:bg-transparent'} ${
                          date === chosen
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
        <button
          type="button"
          aria-label={t('datePicker.close')}
          commandfor={id}
          command="close"
          className="absolute -end-3 -top-3 inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-sand-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
    </dialog>
  );
}
