// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import { formatBookingDate, formatPrice, formatTime } from '#shared/format.ts';
import type { Availability } from '#shared/schemas/booking.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { AuthProvider } from '#web/lib/session/auth-context.tsx';
import { BookingPanel, type BookingPanelSpace } from './booking-panel.tsx';

/**
 * The booking form as a renter sees it, in each language: the day's start and end times with the
 * confirmed bookings and the times already gone disabled, and the total of what they chose.
 */

const SPACE: BookingPanelSpace = {
  id: '11111111-2222-4333-8444-555555555555',
  nameAr: 'قاعة الياسمين',
  nameEn: 'Jasmine hall',
  listingLanguage: 'ar',
  priceHalalas: 15_000, // 150 SAR an hour
  capacity: 20,
  opensAt: '09:00',
  closesAt: '15:00',
  availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
};
/** A frozen "now": Wednesday 1 January 2031, 10:15 in Riyadh (07:15 UTC). */
const NOW = new Date('2031-01-01T07:15:00Z');
const TODAY = '2031-01-01';
/** One confirmed booking today, 12:00 to 13:00. */
const BUSY = [{ startTime: '12:00', endTime: '13:00' }];

const TEXTS = {
  ar: {
    dir: 'rtl',
    date: 'التاريخ',
    start: 'وقت البدء',
    end: 'وقت الانتهاء',
    total: 'الإجمالي (شامل ضريبة القيمة المضافة)',
    vat: 'منها ضريبة القيمة المضافة (15%)',
    taken: 'محجوز',
    busyTitle: 'أوقات محجوزة في هذا اليوم',
  },
  en: {
    dir: 'ltr',
    date: 'Date',
    start: 'Start time',
    end: 'End time',
    total: 'Total (VAT included)',
    vat: 'Of which VAT (15%)',
    taken: 'booked',
    busyTitle: 'Already booked on this day',
  },
} as const;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** The API as the panel reaches it: signed out, and the day's confirmed bookings. */
const api = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/auth/get-session') return json(null);
  if (url.pathname === `/api/spaces/${SPACE.id}/availability`) {
    const date = url.searchParams.get('date')!;
    const availability: Availability = {
      date,
      open: true,
      opensAt: SPACE.opensAt,
      closesAt: SPACE.closesAt,
      busy: date === TODAY ? BUSY : [],
    };
    return json(availability);
  }
  return new Response('{}', { status: 404 });
});

/** Each option of a select: its value, whether it can be chosen, and its text. */
const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole<HTMLOptionElement>('option')
    .filter((option) => option.value !== '')
    .map((option) => ({ value: option.value, disabled: option.disabled, text: option.text }));

const disabledValues = (select: HTMLElement) =>
  options(select)
    .filter((o) => o.disabled)
    .map((o) => o.value);

/** The panel, once its date field's calendar (a part with code of its own) is in, closed. */
async function renderPanel(space: BookingPanelSpace = SPACE) {
  render(
    <MemoryRouter>
      <AuthProvider>
        <BookingPanel space={space} />
      </AuthProvider>
    </MemoryRouter>,
  );
  await screen.findByRole('grid', { hidden: true });
  console.log(document.body.innerHTML.includes('<dialog'), document.body.innerHTML.length);
}

describe.each(['ar', 'en'] as const)('the booking panel (%s)', (locale: Locale) => {
  const l = TEXTS[locale];

  beforeEach(async () => {
    // Only the clock is frozen: timers stay real for React and user-event.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    vi.stubGlobal('fetch', api);
    window.sessionStorage.clear();
    await setLocale(locale);
    await loadTextSections(['spaces', 'booking']);
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('disables the taken and past times of the chosen day and totals the chosen period', async () => {
    const user = userEvent.setup();
    await renderPanel();
    expect(document.documentElement.dir).toBe(l.dir);

    const date = screen.getByLabelText(l.date, { selector: 'input' });
    await user.type(date, TODAY);
    // Said back in words under the field, with the Umm al-Qura date beside it (decision 034).
    expect(screen.getByText(formatBookingDate(TODAY, locale))).toBeTruthy();
    // The day's confirmed booking is listed once its availability has come.
    expect(await screen.findByText(l.busyTitle)).toBeTruthy();

    const start = screen.getByLabelText(l.start);
    // 09:00–10:00 have already come today (it is 10:15); 12:00 and 12:30 fall in the booking.
    expect(disabledValues(start)).toEqual(['09:00', '09:30', '10:00', '12:00', '12:30']);
    const byValue = (select: HTMLElement, value: string) =>
      options(select).find((o) => o.value === value)!;
    expect(byValue(start, '10:00').text).toBe(formatTime('10:00', locale)); // past, not booked
    expect(byValue(start, '12:00').text).toBe(`${formatTime('12:00', locale)} — ${l.taken}`);
    expect(byValue(start, '13:00')).toEqual({
      value: '13:00',
      disabled: false,
      text: formatTime('13:00', locale),
    });

    await user.selectOptions(start, '10:30');
    const end = screen.getByLabelText(l.end);
    // From 10:30, every end after the booking's start crosses it.
    expect(disabledValues(end)).toEqual(['12:30', '13:00', '13:30', '14:00', '14:30', '15:00']);
    expect(byValue(end, '13:00').text).toBe(`${formatTime('13:00', locale)} — ${l.taken}`);
    expect(byValue(end, '12:00').disabled).toBe(false);

    const total = screen.getByText(l.total).nextElementSibling!;
    expect(total.textContent).toBe('—');
    // Half an hour is shorter than a booking: still no total.
    await user.selectOptions(end, '11:00');
    expect(total.textContent).toBe('—');
    // 10:30 to 12:00: an hour and a half at 150 SAR.
    await user.selectOptions(end, '12:00');
    expect(total.textContent).toBe(formatPrice(22_500, locale));
    expect(total.textContent).toContain('225');
    // A host who is not VAT-registered: the price says VAT is included, and there is no VAT line.
    expect(screen.queryByText(l.vat)).toBeNull();
  });

  it('shows the VAT part of the total for a VAT-registered host (the price includes it)', async () => {
    const user = userEvent.setup();
    await renderPanel({ ...SPACE, vatRegistered: true });
    await user.type(screen.getByLabelText(l.date, { selector: 'input' }), '2031-01-05');
    await user.selectOptions(screen.getByLabelText(l.start), '10:00');
    await user.selectOptions(screen.getByLabelText(l.end), '11:30');
    expect(screen.getByText(l.total).nextElementSibling!.textContent).toBe(
      formatPrice(22_500, locale),
    );
    // 225 SAR × 15 / 115 = 29.35 SAR
    expect(screen.getByText(l.vat).nextElementSibling!.textContent).toBe(
      formatPrice(2_935, locale),
    );
  });

  it('another day: nothing past, nothing taken', async () => {
    const user = userEvent.setup();
    await renderPanel();
    await user.type(screen.getByLabelText(l.date, { selector: 'input' }), '2031-01-05');
    await vi.waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        `/api/spaces/${SPACE.id}/availability?date=2031-01-05`,
        expect.anything(),
      ),
    );
    expect(screen.queryByText(l.busyTitle)).toBeNull();
    expect(disabledValues(screen.getByLabelText(l.start))).toEqual([]);
  });
});
