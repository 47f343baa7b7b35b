import { ArrowLeft, ArrowRight, Ban, CalendarCheck, Hourglass, RefreshCw } from 'lucide-react';
import { useMemo, useState, type CSSProperties } from 'react';
import type { Locale } from '#shared/constants.ts';
import { formatTimeOfDay, openingWindow } from '#shared/domain/booking-slots.ts';
import { addDays, weekStartOf } from '#shared/domain/host-week.ts';
import { riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import { formatDate, formatTime, formatTimeRange } from '#shared/format.ts';
import type { HostWeek } from '#shared/schemas/host.ts';
import { BookingDate } from '#web/components/booking-date.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { useLoad } from '../hooks/use-load.ts';
import { getSpaceWeek } from '../api/get-space-week.ts';
import { guestsText } from './host-texts.ts';
import { gridHours, weekPeriods, type PeriodKind, type WeekPeriod } from './week-layout.ts';

/** Height of one hour in the desktop grid. */
const HOUR_PX = 48;

/**
 * Where a period sits across its day's column. Overlapping periods cascade: each lane starts a
 * step further along and lies on top of the one before, so every period keeps most of the
 * column's width for its words (side-by-side halves were too narrow to read).
 */
function laneBox(p: WeekPeriod): CSSProperties {
  if (p.lanes === 1) return { insetInlineStart: '2px', width: 'calc(100% - 4px)' };
  const step = Math.min(35, 60 / (p.lanes - 1));
  return {
    insetInlineStart: `calc(${p.lane * step}% + 2px)`,
    width: `calc(${100 - (p.lanes - 1) * step}% - 4px)`,
    zIndex: p.lane + 1,
  };
}

/**
 * Each kind of period is told apart three ways — colour, a pattern or border, and its written
 * label with an icon — so no one needs to see colour to read the week.
 */
const KIND_STYLE: Record<PeriodKind, string> = {
  confirmed: 'border border-brand-900 bg-brand-700 text-white',
  pending: 'border-2 border-dashed border-gold-500 bg-amber-50 text-brand-900',
  blocked:
    'border border-muted/60 bg-[repeating-linear-gradient(135deg,var(--color-sand-100)_0_6px,var(--color-sand-200)_6px_12px)] text-ink',
};
const KIND_ICON = { confirmed: CalendarCheck, pending: Hourglass, blocked: Ban } as const;
const KINDS: PeriodKind[] = ['confirmed', 'pending', 'blocked'];

/** What a period says in words: its kind, its times, and its guests or the block's note. */
function periodDetail(p: WeekPeriod, locale: Locale) {
  if (p.kind === 'blocked') return p.note ?? '';
  return p.guests === undefined ? '' : guestsText(p.guests, locale);
}

/** The kind's icon and name; `short` in the narrow grid ("Pending" for "Pending request"). */
function KindLabel({
  kind,
  short = false,
  className,
}: {
  kind: PeriodKind;
  short?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const Icon = KIND_ICON[kind];
  return (
    <span className={cn('inline-flex items-center gap-1 font-bold', className)}>
      <Icon aria-hidden className="size-3.5 shrink-0" />
      <span>
        {short && kind === 'pending'
          ? t('account.bookings.status.pending')
          : t(`account.hosting.kind.${kind}`)}
      </span>
    </span>
  );
}

/** The key under the title: a swatch of each kind with its name. */
function Legend() {
  const { t } = useTranslation();
  return (
    <ul
      aria-label={t('account.hosting.week.legend')}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
    >
      {KINDS.map((kind) => (
        <li key={kind} className="inline-flex items-center gap-2">
          <span aria-hidden className={cn('inline-block h-4 w-6 rounded', KIND_STYLE[kind])} />
          <KindLabel kind={kind} className="font-semibold text-ink" />
        </li>
      ))}
      <li className="inline-flex items-center gap-2">
        <span
          aria-hidden
          className="inline-block h-4 w-6 rounded border border-sand-200 bg-sand-100"
        />
        <span className="font-semibold text-ink">{t('account.hosting.week.closedKey')}</span>
      </li>
    </ul>
  );
}

/**
 * A space's week as the host reads it: on a desktop seven columns on a time grid, on a phone a
 * list of days. Confirmed bookings, pending requests and blocked times each look different and
 * say what they are; closed days and the hours outside opening time are shaded.
 */
export function WeekCalendar({ week, today }: { week: HostWeek; today: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const periods = useMemo(() => weekPeriods(week), [week]);
  const hours = useMemo(() => gridHours(week, periods), [week, periods]);
  // Hours that cross midnight run on past 24:00 in the day's column (decision 030).
  const { start: opens, end: closes } = openingWindow(week) ?? { start: 0, end: 0 };
  const height = ((hours.to - hours.from) / 60) * HOUR_PX;
  const y = (minutes: number) => ((minutes - hours.from) / 60) * HOUR_PX;
  const hourMarks = Array.from(
    { length: (hours.to - hours.from) / 60 + 1 },
    (_, i) => hours.from + i * 60,
  );
  const dayLabel = (date: string, weekday: HostWeek['days'][number]['weekday']) => ({
    weekday: t(`days.${weekday}`),
    date: formatDate(date, locale, 'medium'),
  });

  return (
    <>
      {/* Desktop: a time grid, one column a day in the app's week order. */}
      <div data-testid="week-grid" className="hidden md:block">
        <div className="grid grid-cols-[4rem_repeat(7,minmax(0,1fr))] rounded-2xl border border-sand-200 bg-white">
          <div aria-hidden className="border-b border-sand-200" />
          {week.days.map((day) => {
            const label = dayLabel(day.date, day.weekday);
            const isToday = day.date === today;
            return (
              <div
                key={day.date}
                aria-hidden
                className={cn(
                  'flex flex-col items-center gap-0.5 border-b border-s border-sand-200 px-1 py-2 text-center',
                  isToday && 'bg-brand-50',
                )}
              >
                <span className={cn('text-sm font-bold', isToday ? 'text-brand-700' : 'text-ink')}>
                  {label.weekday}
                </span>
                <span className="text-xs text-muted">{label.date}</span>
                {isToday && (
                  <span className="rounded-full bg-brand-700 px-2 text-xs font-semibold text-white">
                    {t('account.hosting.week.today')}
                  </span>
                )}
                {!day.open && (
                  <span className="text-xs font-semibold text-muted">
                    {t('account.hosting.week.closed')}
                  </span>
                )}
              </div>
            );
          })}

          <div aria-hidden className="relative" style={{ height }}>
            {hourMarks.map((m, i) => (
              <span
                key={m}
                className={cn(
                  'absolute end-2 text-xs text-muted',
                  i === 0
                    ? 'translate-y-0.5'
                    : i === hourMarks.length - 1
                      ? '-translate-y-full'
                      : '-translate-y-1/2',
                )}
                style={{ top: y(m) }}
              >
                {formatTime(formatTimeOfDay(m), locale)}
              </span>
            ))}
          </div>
          <ol aria-label={t('account.hosting.week.days')} className="contents">
            {week.days.map((day) => {
              const label = dayLabel(day.date, day.weekday);
              const list = periods.get(day.date) ?? [];
              return (
                <li
                  key={day.date}
                  className={cn('relative border-s border-sand-200', !day.open && 'bg-sand-100')}
                  style={{ height }}
                >
                  <span className="sr-only">
                    {label.weekday} {label.date}
                    {day.date === today && ` · ${t('account.hosting.week.today')}`}
                  </span>
                  {hourMarks.slice(1, -1).map((m) => (
                    <span
                      key={m}
                      aria-hidden
                      className="absolute inset-x-0 border-t border-sand-200/70"
                      style={{ top: y(m) }}
                    />
                  ))}
                  {day.open && opens > hours.from && (
                    <span
                      aria-hidden
                      className="absolute inset-x-0 top-0 bg-sand-100"
                      style={{ height: y(opens) }}
                    />
                  )}
                  {day.open && closes < hours.to && (
                    <span
                      aria-hidden
                      className="absolute inset-x-0 bottom-0 bg-sand-100"
                      style={{ top: y(closes) }}
                    />
                  )}
                  {!day.open && <span className="sr-only">{t('account.hosting.week.closed')}</span>}
                  {list.length === 0 ? (
                    <span className="sr-only">{t('account.hosting.week.free')}</span>
                  ) : (
                    <ul>
                      {list.map((p) => {
                        const style: CSSProperties = {
                          top: y(p.start),
                          height: Math.max(y(p.end) - y(p.start), 20),
                          ...laneBox(p),
                        };
                        return (
                          <li
                            key={`${p.kind}-${p.id}`}
                            data-kind={p.kind}
                            className={cn(
                              'absolute overflow-hidden rounded-lg px-1.5 py-1 text-xs leading-tight ring-1 ring-white',
                              KIND_STYLE[p.kind],
                            )}
                            style={style}
                          >
                            <KindLabel
                              kind={p.kind}
                              short
                              className="flex min-w-0 [&>span]:truncate"
                            />
                            <span className="block">
                              {formatTimeRange(p.startTime, p.endTime, locale)}
                            </span>
                            <span className="block truncate">{periodDetail(p, locale)}</span>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      </div>

      {/* Phone: the same week as a list of days. */}
      <ol
        data-testid="week-list"
        aria-label={t('account.hosting.week.days')}
        className="flex flex-col gap-3 md:hidden"
      >
        {week.days.map((day) => {
          const list = periods.get(day.date) ?? [];
          const isToday = day.date === today;
          return (
            <li
              key={day.date}
              className={cn(
                'flex flex-col gap-2 rounded-2xl border p-3',
                isToday ? 'border-brand-500 bg-brand-50' : 'border-sand-200 bg-white',
                !day.open && 'bg-sand-100',
              )}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-bold text-ink">
                  <BookingDate date={day.date} locale={locale} />
                </p>
                <p className="flex items-center gap-2 text-sm">
                  {isToday && (
                    <span className="rounded-full bg-brand-700 px-2 text-xs font-semibold text-white">
                      {t('account.hosting.week.today')}
                    </span>
                  )}
                  <span className="text-muted">
                    {day.open
                      ? t('account.hosting.week.hours', {
                          range: formatTimeRange(week.opensAt, week.closesAt, locale),
                        })
                      : t('account.hosting.week.closed')}
                  </span>
                </p>
              </div>
              {list.length === 0 ? (
                day.open && <p className="text-sm text-muted">{t('account.hosting.week.free')}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {list.map((p) => (
                    <li
                      key={`${p.kind}-${p.id}`}
                      data-kind={p.kind}
                      className={cn(
                        'flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl px-3 py-2 text-sm',
                        KIND_STYLE[p.kind],
                      )}
                    >
                      <KindLabel kind={p.kind} />
                      <span className="font-semibold">
                        {formatTimeRange(p.startTime, p.endTime, locale)}
                      </span>
                      {periodDetail(p, locale) && (
                        <span className="basis-full">{periodDetail(p, locale)}</span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}

/**
 * The week view of one space with its navigation: this week first (the app's week, from Sunday,
 * in Riyadh), then the previous or next seven days. Give it `key={spaceId}`: another space starts
 * again at this week.
 */
export function SpaceWeek({ spaceId }: { spaceId: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const today = riyadhToday();
  const thisWeek = weekStartOf(today);
  const [start, setStart] = useState(thisWeek);
  const week = useLoad(`${spaceId}/${start}`, (signal) => getSpaceWeek(spaceId, start, signal));
  const end = addDays(start, 6);
  // While the next week loads, the last one stays on screen, dimmed.
  const shown = week.data ?? (week.loading ? week.previous : null);

  return (
    <section aria-labelledby="host-week-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <h3 id="host-week-title" className="text-xl font-bold text-ink">
            {t('account.hosting.week.title')}
          </h3>
          <p className="text-sm font-semibold text-muted" aria-live="polite">
            {formatDate(start, locale, 'medium')} – {formatDate(end, locale, 'medium')}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={t('account.hosting.week.previous')}
            onClick={() => setStart(addDays(start, -7))}
          >
            <ArrowLeft aria-hidden className="rtl:rotate-180" />
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="h-10"
            disabled={start === thisWeek}
            onClick={() => setStart(thisWeek)}
          >
            {t('account.hosting.week.thisWeek')}
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('account.hosting.week.next')}
            onClick={() => setStart(addDays(start, 7))}
          >
            <ArrowRight aria-hidden className="rtl:rotate-180" />
          </Button>
        </div>
      </div>
      <Legend />
      {week.error && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-red-50 p-4">
          <p className="font-semibold text-red-800">{t('account.hosting.week.error')}</p>
          <Button variant="outline" size="sm" onClick={week.retry}>
            <RefreshCw aria-hidden />
            {t('account.bookings.retry')}
          </Button>
        </div>
      )}
      {week.loading && (
        <p role="status" className={cn('text-muted', shown && 'sr-only')}>
          {t('account.hosting.week.loading')}
        </p>
      )}
      {shown && (
        <div
          aria-busy={week.loading}
          className={cn('transition-opacity', week.loading && 'opacity-50')}
        >
          <WeekCalendar week={shown} today={today} />
        </div>
      )}
    </section>
  );
}
