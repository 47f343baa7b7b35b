// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import { addDays, weekDates } from '#shared/domain/host-week.ts';
import { weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import { formatBookingDate, formatDate, formatTime } from '#shared/format.ts';
import type { HostWeek } from '#shared/schemas/host.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { SpaceWeek } from './week-calendar.tsx';

/**
 * The host's week view in each language: the app's week (Sunday first) around a frozen today,
 * confirmed bookings, pending requests and blocked times told apart in words (not colour alone),
 * closed days, counts in the language's plural forms, and the previous and next weeks.
 */

const SPACE_ID = '11111111-2222-4333-8444-555555555555';
/** A frozen "now": Wednesday 8 January 2031, 10:15 in Riyadh (07:15 UTC). */
const NOW = new Date('2031-01-08T07:15:00Z');
const TODAY = '2031-01-08';
/** Sunday 5 January 2031: the week that holds today, as the app's week starts. */
const THIS_WEEK = '2031-01-05';

function weekFrom(start: string): HostWeek {
  const days = weekDates(start).map((date) => ({
    date,
    weekday: weekdayOf(date),
    open: !['friday', 'saturday'].includes(weekdayOf(date)),
  }));
  const base: HostWeek = {
    space: {
      id: SPACE_ID,
      nameAr: 'قاعة الياسمين',
      nameEn: 'Jasmine hall',
      listingLanguage: 'ar',
      status: 'approved',
    },
    start,
    end: addDays(start, 6),
    opensAt: '08:00',
    closesAt: '22:00',
    availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
    days,
    bookings: [],
    blocks: [],
  };
  if (start !== THIS_WEEK) {
    // The next week: one request on its Monday.
    return {
      ...base,
      bookings: [
        {
          id: 'b-next',
          date: addDays(start, 1),
          startTime: '09:00',
          endTime: '10:00',
          status: 'pending',
          guests: 1,
        },
      ],
    };
  }
  return {
    ...base,
    bookings: [
      // Sunday: a confirmed booking and a request over part of it (the team picks one).
      {
        id: 'b1',
        date: THIS_WEEK,
        startTime: '10:00',
        endTime: '12:00',
        status: 'confirmed',
        guests: 6,
      },
      {
        id: 'b2',
        date: THIS_WEEK,
        startTime: '11:00',
        endTime: '13:00',
        status: 'pending',
        guests: 2,
      },
      // Wednesday (today): eleven guests.
      {
        id: 'b3',
        date: TODAY,
        startTime: '14:30',
        endTime: '16:00',
        status: 'pending',
        guests: 11,
      },
    ],
    blocks: [
      {
        id: 'k1',
        date: addDays(THIS_WEEK, 1),
        startTime: '08:00',
        endTime: '10:00',
        note: 'Maintenance',
      },
    ],
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const api = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === `/api/host/spaces/${SPACE_ID}/week`) {
    return json(weekFrom(url.searchParams.get('start')!));
  }
  return new Response('{}', { status: 404 });
});

const TEXTS = {
  ar: {
    dir: 'rtl',
    title: 'جدول الأسبوع',
    confirmed: 'مؤكد',
    pending: 'طلب قيد المراجعة',
    pendingShort: 'قيد المراجعة',
    blocked: 'وقت محجوب',
    closed: 'مغلق',
    today: 'اليوم',
    free: 'لا حجوزات ولا أوقات محجوبة',
    previous: 'الأسبوع السابق',
    next: 'الأسبوع التالي',
    thisWeek: 'هذا الأسبوع',
    legend: 'دليل الألوان',
    // Arabic plurals: 6 few, 2 dual, 11 many, 1 singular.
    guests: { 6: '6 ضيوف', 2: 'ضيفان', 11: '11 ضيفًا', 1: 'ضيف واحد' },
  },
  en: {
    dir: 'ltr',
    title: 'Week view',
    confirmed: 'Confirmed',
    pending: 'Pending request',
    pendingShort: 'Pending',
    blocked: 'Blocked',
    closed: 'Closed',
    today: 'Today',
    free: 'Nothing booked or blocked',
    previous: 'Previous week',
    next: 'Next week',
    thisWeek: 'This week',
    legend: 'Key',
    guests: { 6: '6 guests', 2: '2 guests', 11: '11 guests', 1: '1 guest' },
  },
} as const;

describe.each(['ar', 'en'] as const)('the week calendar (%s)', (locale: Locale) => {
  const l = TEXTS[locale];

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    vi.stubGlobal('fetch', api);
    api.mockClear();
    await setLocale(locale);
    await loadTextSections(['account', 'hosting', 'booking']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** The phone layout: one entry a day, in the order shown. */
  const days = async () => {
    const list = await screen.findByTestId('week-list');
    return within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
  };

  it("shows this week from the app's first day, each kind of period in words, closed days and today", async () => {
    render(<SpaceWeek spaceId={SPACE_ID} />);
    expect(document.documentElement.dir).toBe(l.dir);
    expect(screen.getByRole('heading', { name: l.title })).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      `/api/host/spaces/${SPACE_ID}/week?start=${THIS_WEEK}`,
      expect.anything(),
    );
    expect(
      screen.getByText(
        `${formatDate(THIS_WEEK, locale, 'medium')} – ${formatDate('2031-01-11', locale, 'medium')}`,
      ),
    ).toBeTruthy();

    const list = await days();
    // Sunday to Saturday, each with its full date.
    expect(list.map((day) => day.querySelector('p')!.textContent)).toEqual(
      weekDates(THIS_WEEK).map((date) => formatBookingDate(date, locale)),
    );
    // The Umm al-Qura date beside the Gregorian one (decision 034).
    expect(list[0]!.querySelector('p')!.textContent).toContain(
      locale === 'ar' ? '11 رمضان 1452 هـ' : '11 Ramadan 1452 AH',
    );

    const sunday = list[0]!;
    const periods = within(sunday).getAllByRole('listitem');
    expect(periods.map((p) => p.getAttribute('data-kind'))).toEqual(['confirmed', 'pending']);
    expect(periods[0]!.textContent).toContain(l.confirmed);
    expect(periods[0]!.textContent).toContain(
      `${formatTime('10:00', locale)} – ${formatTime('12:00', locale)}`,
    );
    expect(periods[0]!.textContent).toContain(l.guests[6]);
    expect(periods[1]!.textContent).toContain(l.pending);
    expect(periods[1]!.textContent).toContain(l.guests[2]);

    const monday = within(list[1]!).getAllByRole('listitem');
    expect(monday).toHaveLength(1);
    expect(monday[0]!.getAttribute('data-kind')).toBe('blocked');
    expect(monday[0]!.textContent).toContain(l.blocked);
    expect(monday[0]!.textContent).toContain('Maintenance');

    const wednesday = list[3]!;
    expect(within(wednesday).getByText(l.today)).toBeTruthy();
    expect(wednesday.textContent).toContain(l.guests[11]);
    expect(list.filter((day) => day.textContent!.includes(l.today))).toHaveLength(1);

    // Tuesday is open and free; Friday and Saturday are closed.
    expect(list[2]!.textContent).toContain(l.free);
    expect(list[2]!.textContent).not.toContain(l.closed);
    for (const closed of [list[5]!, list[6]!]) expect(closed.textContent).toContain(l.closed);

    // The key names every kind.
    const legend = screen.getByRole('list', { name: l.legend });
    for (const word of [l.confirmed, l.pending, l.blocked]) {
      expect(within(legend).getByText(word)).toBeTruthy();
    }
  });

  it('draws the desktop grid on the time scale, overlapping periods side by side', async () => {
    render(<SpaceWeek spaceId={SPACE_ID} />);
    const grid = await screen.findByTestId('week-grid');
    const columns = within(grid).getByRole('list', { name: /./ });
    const sunday = within(columns).getAllByRole('listitem')[0]!;
    const [confirmed, pending] = within(sunday)
      .getAllByRole('listitem')
      .filter((li) => li.hasAttribute('data-kind'));
    // 08:00 opens the grid; 48 px an hour: 10:00–12:00 is 96 px down and 96 px tall.
    expect(confirmed!.style.top).toBe('96px');
    expect(confirmed!.style.height).toBe('96px');
    expect(pending!.style.top).toBe('144px');
    // The two overlap: the later one cascades over the first, a step along; both keep most of
    // the column's width for their words.
    expect(confirmed!.style.insetInlineStart).toBe('calc(0% + 2px)');
    expect(confirmed!.style.width).toBe('calc(65% - 4px)');
    expect(pending!.style.insetInlineStart).toBe('calc(35% + 2px)');
    expect(pending!.style.width).toBe('calc(65% - 4px)');
    expect(Number(pending!.style.zIndex)).toBeGreaterThan(Number(confirmed!.style.zIndex));
    // Alone on its day, a period takes the whole column.
    const today = within(columns).getAllByRole('listitem')[3]!;
    const alone = within(today)
      .getAllByRole('listitem')
      .find((li) => li.hasAttribute('data-kind'))!;
    expect(alone.style.width).toBe('calc(100% - 4px)');
    // The narrow grid says the short word; the phone's list the whole name.
    expect(pending!.textContent).toContain(l.pendingShort);
    expect(pending!.textContent).not.toContain(l.pending);
  });

  it('moves to the next and previous weeks and back to this one', async () => {
    const user = userEvent.setup();
    render(<SpaceWeek spaceId={SPACE_ID} />);
    await days();
    const thisWeek = screen.getByRole('button', { name: l.thisWeek });
    expect(thisWeek).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: l.next }));
    const next = '2031-01-12';
    expect(api).toHaveBeenLastCalledWith(
      `/api/host/spaces/${SPACE_ID}/week?start=${next}`,
      expect.anything(),
    );
    await vi.waitFor(async () => {
      const list = await days();
      expect(list[0]!.querySelector('p')!.textContent).toBe(formatBookingDate(next, locale));
    });
    const list = await days();
    expect(list[1]!.textContent).toContain(l.pending);
    expect(list[1]!.textContent).toContain(l.guests[1]);
    expect(list.some((day) => day.textContent!.includes(l.today))).toBe(false);
    expect(thisWeek).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('button', { name: l.previous }));
    await user.click(screen.getByRole('button', { name: l.previous }));
    expect(api).toHaveBeenLastCalledWith(
      `/api/host/spaces/${SPACE_ID}/week?start=2030-12-29`,
      expect.anything(),
    );
    await user.click(thisWeek);
    await vi.waitFor(async () => {
      expect((await days())[0]!.querySelector('p')!.textContent).toBe(
        formatBookingDate(THIS_WEEK, locale),
      );
    });
  });
});
