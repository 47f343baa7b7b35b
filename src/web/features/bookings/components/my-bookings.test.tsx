// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatBookingDate } from '#shared/format.ts';
import type { MyBooking } from '#shared/schemas/booking.ts';
import { unreadablePartsOn } from '#shared/readable-text.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { MyBookings } from './my-bookings.tsx';

/**
 * "My bookings" in Arabic (issue 20): a request shows its date with the Umm al-Qura date beside
 * the Gregorian one and its guests counted in Arabic's plural forms ("ضيفان"), and the renter can
 * withdraw it. Chromium formats these dates as Node does (e2e: "Chromium reads the Umm al-Qura
 * table as Node does", and the booking dialog's date in arabic-dates-and-counts.spec.ts).
 */
const DATE = '2031-01-12';

const pending: MyBooking = {
  id: '00000000-0000-4000-8000-000000000001',
  reference: 'HS-7K3Q9M',
  spaceId: '11111111-2222-4333-8444-555555555555',
  spaceNameAr: 'قاعة الياسمين',
  spaceNameEn: 'Jasmine hall',
  listingLanguage: 'ar',
  date: DATE,
  startTime: '10:00',
  endTime: '12:00',
  guests: 2,
  contactPhone: '+966551234567',
  totalHalalas: 30_000,
  vatHalalas: null,
  status: 'pending',
  statusReason: null,
  cancellationPolicy: 'moderate',
  expiresAt: new Date(Date.now() + 5.5 * 3_600_000).toISOString(),
  createdAt: new Date().toISOString(),
  review: null,
  payment: null,
  documents: [],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/me/bookings' && (init?.method ?? 'GET') === 'GET')
    return json({ items: [pending] });
  if (url.pathname === `/api/me/bookings/${pending.id}/cancel` && init?.method === 'POST')
    return json({ ...pending, status: 'cancelled', expiresAt: null });
  return new Response('{}', { status: 404 });
});

beforeAll(() => {
  // jsdom has no modal dialogs: open and close as the browser would, by the `open` attribute.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

describe('my bookings (ar)', () => {
  beforeEach(async () => {
    vi.stubGlobal('fetch', api);
    api.mockClear();
    await setLocale('ar');
    await loadTextSections(['account', 'booking']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the Hijri date and the counted guests, and withdraws the request', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <MyBookings />
      </MemoryRouter>,
    );
    const items = await screen.findAllByRole('listitem');
    const item = items.find((li) => li.textContent!.includes(formatBookingDate(DATE, 'ar')))!;
    expect(item, 'the item shows the Gregorian · Umm al-Qura date').toBeTruthy();
    expect(item.textContent).toContain(' هـ');
    expect(item.textContent).toContain('ضيفان');
    expect(within(item).getByTestId('booking-reference').textContent).toBe('HS-7K3Q9M');
    expect(unreadablePartsOn(item)).toEqual([]);

    await user.click(within(item).getByRole('button', { name: 'إلغاء الطلب' }));
    const dialog = await screen.findByRole('dialog', { name: 'هل تريد إلغاء طلب الحجز هذا؟' });
    await user.click(within(dialog).getByRole('button', { name: 'نعم، ألغِ الطلب' }));
    expect(api).toHaveBeenCalledWith(
      `/api/me/bookings/${pending.id}/cancel`,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await within(item).findByText('ملغى')).toBeTruthy();
  });
});
