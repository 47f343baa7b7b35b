// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingStatus, Locale } from '#shared/constants.ts';
import { formatDate, formatPrice } from '#shared/format.ts';
import type { HostBooking, HostBookings as Page } from '#shared/schemas/host.ts';
import { unreadablePartsOn } from '#shared/readable-text.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { HostBookings } from './host-bookings.tsx';

/**
 * A space's requests and bookings as its host reads them, in each language: newest first, the
 * renter by name (or "a renter"), the count waiting in the language's plural form, the status
 * filter, and "load more" following the server's cursor.
 */
const SPACE_ID = '11111111-2222-4333-8444-555555555555';

const booking = (i: number, status: BookingStatus, renterName = `Renter ${i}`): HostBooking => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  reference: `HS-7K3Q${String(i).padStart(2, '0')}`,
  status,
  space: { id: SPACE_ID, nameAr: 'قاعة الياسمين', nameEn: 'Jasmine hall', listingLanguage: 'ar' },
  date: '2031-01-12',
  startTime: '10:00',
  endTime: '12:00',
  guests: 3,
  totalHalalas: 30_000,
  vatHalalas: null,
  renterName,
  createdAt: '2031-01-01T09:00:00.000Z',
  decidedAt: status === 'confirmed' ? '2031-01-02T10:30:00.000Z' : null,
  // A pending request's time left is counted from now: five and a half hours.
  expiresAt: status === 'pending' ? new Date(Date.now() + 5.5 * 3_600_000).toISOString() : null,
});

/** 25 bookings: 11 pending, 14 confirmed; the first has no name. */
const ALL = Array.from({ length: 25 }, (_, i) =>
  booking(i + 1, i % 2 === 0 && i < 22 ? 'pending' : 'confirmed', i === 0 ? '' : undefined),
);
const COUNTS = {
  all: 25,
  pending: 11,
  confirmed: 14,
  rejected: 0,
  cancelled: 0,
  expired: 0,
  completed: 0,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const api = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname !== '/api/host/bookings') return new Response('{}', { status: 404 });
  expect(url.searchParams.get('spaceId')).toBe(SPACE_ID);
  const status = url.searchParams.get('status');
  const matching = ALL.filter((b) => !status || b.status === status);
  const from = Number(url.searchParams.get('cursor') ?? 0);
  const page: Page = {
    items: matching.slice(from, from + 20),
    nextCursor: from + 20 < matching.length ? String(from + 20) : null,
    counts: COUNTS,
  };
  return json(page);
});

const TEXTS = {
  ar: {
    dir: 'rtl',
    title: 'الطلبات والحجوزات',
    waiting: '11 طلبًا بانتظار قرار الفريق',
    unnamed: 'مستأجر',
    guests: '3 ضيوف',
    more: 'عرض المزيد',
    shown: (shown: number, total: number) => `يُعرض ${shown} من ${total}`,
    all: 'الكل',
    confirmed: 'مؤكد',
    filter: 'التصفية حسب الحالة',
    timeLeft: /^تنتهي مهلته بعد 5 ساعات و\d+ دقيقة إن لم يُبت فيه$/,
  },
  en: {
    dir: 'ltr',
    title: 'Requests and bookings',
    waiting: "11 requests waiting for the team's decision",
    unnamed: 'A renter',
    guests: '3 guests',
    more: 'Load more',
    shown: (shown: number, total: number) => `Showing ${shown} of ${total}`,
    all: 'All',
    confirmed: 'Confirmed',
    filter: 'Filter by status',
    timeLeft: /^Expires in 5 hours \d+ minutes unless decided$/,
  },
} as const;

describe.each(['ar', 'en'] as const)('the host’s requests and bookings (%s)', (locale: Locale) => {
  const l = TEXTS[locale];

  beforeEach(async () => {
    vi.stubGlobal('fetch', api);
    api.mockClear();
    await setLocale(locale);
    await loadTextSections(['account', 'hosting', 'booking']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the first twenty, then the rest on "load more"; filters by status', async () => {
    const user = userEvent.setup();
    render(<HostBookings spaceId={SPACE_ID} />);
    expect(document.documentElement.dir).toBe(l.dir);
    const region = screen.getByRole('region', { name: l.title });
    expect(await within(region).findByText(l.waiting)).toBeTruthy();

    let items = await screen.findAllByTestId('host-booking');
    expect(items).toHaveLength(20);
    expect(items[0]!.textContent).toContain(l.unnamed);
    expect(items[1]!.textContent).toContain('Renter 2');
    expect(items[1]!.textContent).toContain(formatDate('2031-01-12', locale));
    expect(items[1]!.textContent).toContain(l.guests);
    expect(items[1]!.textContent).toContain(formatPrice(30_000, locale));
    // Each booking by its reference, and no code or id anywhere a person reads.
    expect(within(items[1]!).getByTestId('booking-reference').textContent).toBe('HS-7K3Q02');
    expect(unreadablePartsOn(region)).toEqual([]);
    // A pending request shows the time it has left; a confirmed booking does not.
    expect(within(items[0]!).getByText(l.timeLeft)).toBeTruthy();
    expect(within(items[1]!).queryByText(l.timeLeft)).toBeNull();
    expect(screen.getByText(l.shown(20, 25))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: l.more }));
    expect(api).toHaveBeenLastCalledWith(
      `/api/host/bookings?spaceId=${SPACE_ID}&cursor=20`,
      expect.anything(),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('host-booking')).toHaveLength(25));
    expect(screen.getByText(l.shown(25, 25))).toBeTruthy();
    expect(screen.queryByRole('button', { name: l.more })).toBeNull();
    const ids = screen.getAllByTestId('host-booking').map((li) => li.textContent);
    expect(new Set(ids).size).toBe(25);

    const filters = screen.getByRole('group', { name: l.filter });
    await user.click(within(filters).getByRole('button', { name: new RegExp(`^${l.confirmed}`) }));
    expect(api).toHaveBeenLastCalledWith(
      `/api/host/bookings?spaceId=${SPACE_ID}&status=confirmed`,
      expect.anything(),
    );
    await vi.waitFor(() => expect(screen.getByText(l.shown(14, 14))).toBeTruthy());
    items = screen.getAllByTestId('host-booking');
    expect(items).toHaveLength(14);
    for (const item of items) expect(item.textContent).toContain(l.confirmed);
    expect(
      within(filters)
        .getByRole('button', { name: new RegExp(`^${l.confirmed}`) })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // Back to all: the first page again, not the pages loaded before.
    await user.click(within(filters).getByRole('button', { name: new RegExp(`^${l.all}`) }));
    await vi.waitFor(() => expect(screen.getAllByTestId('host-booking')).toHaveLength(20));
  });
});
