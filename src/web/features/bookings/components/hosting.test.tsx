// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import { addDays, weekDates } from '#shared/domain/host-week.ts';
import { weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import type { HostBookings, HostWeek } from '#shared/schemas/host.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { Hosting, type HostedSpace } from './hosting.tsx';

/**
 * The Hosting tab around the week and the list, in each language: no space (how to list one),
 * one space (no picker), several (a picker that starts at the space of the newest request and
 * writes the choice into the URL).
 */
const A: HostedSpace = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  nameAr: 'قاعة الياسمين',
  nameEn: 'Jasmine hall',
  listingLanguage: 'ar',
  status: 'approved',
};
const B: HostedSpace = {
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  nameAr: 'استوديو صدى',
  nameEn: 'Sada studio',
  listingLanguage: 'ar',
  status: 'paused',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const emptyCounts = {
  all: 0,
  pending: 0,
  confirmed: 0,
  rejected: 0,
  cancelled: 0,
  expired: 0,
  completed: 0,
};
const api = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/host/bookings') {
    const page: HostBookings = {
      // The newest request is on B.
      items: url.searchParams.get('spaceId')
        ? []
        : [
            {
              id: 'cccccccc-0000-4000-8000-000000000003',
              reference: 'HS-C3C3C3',
              status: 'pending',
              space: { id: B.id, nameAr: B.nameAr, nameEn: B.nameEn, listingLanguage: 'ar' },
              date: '2031-01-12',
              startTime: '10:00',
              endTime: '11:00',
              guests: 2,
              totalHalalas: 15_000,
              vatHalalas: null,
              renterName: 'Faisal',
              createdAt: '2031-01-01T09:00:00.000Z',
              decidedAt: null,
              expiresAt: '2031-01-03T09:00:00.000Z',
            },
          ],
      nextCursor: null,
      counts: emptyCounts,
    };
    return json(page);
  }
  const week = /^\/api\/host\/spaces\/([^/]+)\/week$/.exec(url.pathname);
  if (week) {
    const start = url.searchParams.get('start')!;
    const answer: HostWeek = {
      space: { ...(week[1] === A.id ? A : B) },
      start,
      end: addDays(start, 6),
      opensAt: '09:00',
      closesAt: '17:00',
      availableDays: ['sunday'],
      days: weekDates(start).map((date) => ({
        date,
        weekday: weekdayOf(date),
        open: weekdayOf(date) === 'sunday',
      })),
      bookings: [],
      blocks: [],
    };
    return json(answer);
  }
  return new Response('{}', { status: 404 });
});

/** Reports the router's location after each render. */
const where = vi.fn<(url: string) => void>();
function Where() {
  const { pathname, search } = useLocation();
  useEffect(() => where(`${pathname}${search}`));
  return null;
}

const renderHosting = (spaces: HostedSpace[], url = '/account?tab=hosting') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Hosting loadSpaces={async () => ({ items: spaces })} />
      <Where />
    </MemoryRouter>,
  );

const TEXTS = {
  ar: {
    empty: 'ليست لديك مساحات بعد — اعرض مساحتك الأولى.',
    list: 'اعرض مساحتك',
    picker: 'المساحة',
    paused: 'استوديو صدى (موقوفة مؤقتًا)',
    week: 'جدول الأسبوع',
  },
  en: {
    empty: 'You have no spaces yet — list one.',
    list: 'List your space',
    picker: 'Space',
    paused: 'Sada studio (Paused)',
    week: 'Week view',
  },
} as const;

describe.each(['ar', 'en'] as const)('the Hosting tab (%s)', (locale: Locale) => {
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

  it('with no space: how to list one', async () => {
    renderHosting([]);
    expect(await screen.findByText(l.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: l.list }).getAttribute('href')).toBe(
      '/list-your-space',
    );
    expect(screen.queryByLabelText(l.picker)).toBeNull();
  });

  it('with one space: its week and list, no picker', async () => {
    renderHosting([A]);
    expect(await screen.findByRole('heading', { name: l.week })).toBeTruthy();
    expect(screen.queryByLabelText(l.picker)).toBeNull();
    expect(screen.getByText(locale === 'ar' ? A.nameAr! : A.nameEn!)).toBeTruthy();
  });

  it('with several: starts at the newest request’s space; a choice goes into the URL', async () => {
    const user = userEvent.setup();
    renderHosting([A, B]);
    const picker = await screen.findByLabelText<HTMLSelectElement>(l.picker);
    await vi.waitFor(() => expect(picker.value).toBe(B.id));
    // A listing that is not approved says its status beside its name.
    expect(screen.getByRole('option', { name: l.paused })).toBeTruthy();
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        expect.stringMatching(`/api/host/spaces/${B.id}/week\\?start=`),
        expect.anything(),
      ),
    );

    await user.selectOptions(picker, A.id);
    expect(where).toHaveBeenLastCalledWith(`/account?tab=hosting&space=${A.id}`);
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        expect.stringMatching(`/api/host/spaces/${A.id}/week\\?start=`),
        expect.anything(),
      ),
    );
  });

  it('a space named in the URL is shown first', async () => {
    renderHosting([A, B], `/account?tab=hosting&space=${A.id}`);
    const picker = await screen.findByLabelText<HTMLSelectElement>(l.picker);
    expect(picker.value).toBe(A.id);
    // No need to look for the newest request.
    expect(api.mock.calls.map(([u]) => String(u))).not.toContain('/api/host/bookings');
  });
});
