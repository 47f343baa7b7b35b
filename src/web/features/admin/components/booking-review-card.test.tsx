// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLOT_TAKEN, SPACE_ARCHIVED_REASON } from '#shared/domain/booking-lifecycle.ts';
import { unreadablePartsOn } from '#shared/readable-text.ts';
import type { AdminBooking } from '#shared/schemas/admin.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { BookingReviewCard } from './booking-review-card.tsx';

/** The admin's card of a booking request (issue 20): the Hijri date, counted guests, overlaps. */
afterEach(cleanup);

const booking: AdminBooking = {
  id: '6b0c7c1e-8f43-4a39-9d0b-3f6f1c2a9e11',
  reference: 'HS-4RX2PA',
  status: 'pending',
  space: { id: 's1', nameAr: 'قاعة النخيل', nameEn: 'Palm Hall', city: 'riyadh' },
  renterName: 'Faisal Al-Harbi',
  renterEmail: 'renter@example.test',
  date: '2026-11-26',
  startTime: '10:00',
  endTime: '12:00',
  guests: 11,
  contactPhone: '+966512345678',
  totalHalalas: 30_000,
  hostId: 'h1',
  hostEmail: 'host@example.test',
  hostPhone: '+966500000001',
  vatHalalas: null,
  quoteLines: [],
  expiresAt: null,
  statusReason: null,
  conflict: false,
  decidedAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  payment: null,
};

async function inLanguage(locale: 'ar' | 'en') {
  await setLocale(locale);
  await loadTextSections(['admin']);
}

describe('BookingReviewCard', () => {
  it.each([
    [
      'ar',
      'ساعتان × \u200f450 ر.س.\u200f للساعة',
      '\u2068ضيافة قهوة\u2069 × 1 · \u200f25 ر.س.\u200f للضيف',
    ],
    ['en', '2 hours × SAR 450 per hour', '\u2068Coffee service\u2069 × 1 · SAR 25 per guest'],
  ] as const)(
    '(%s) shows the itemised quote line by line (issue 35)',
    async (locale, band, addOn) => {
      await inLanguage(locale);
      render(
        <BookingReviewCard
          booking={{
            ...booking,
            quoteLines: [
              { kind: 'hours', minutes: 60, rateHalalasPerHour: 30_000, amountHalalas: 30_000 },
              { kind: 'hours', minutes: 120, rateHalalasPerHour: 45_000, amountHalalas: 90_000 },
              {
                kind: 'addOn',
                addOnId: 'coffee',
                nameAr: 'ضيافة قهوة',
                nameEn: 'Coffee service',
                per: 'guest',
                unitHalalas: 2_500,
                quantity: 1,
                amountHalalas: 10_000,
              },
            ],
          }}
          busy={false}
          onConfirm={vi.fn()}
          onReject={vi.fn()}
          onCancel={vi.fn()}
        />,
      );
      const text = (document.body.textContent ?? '').replace(/\u00a0/g, ' ');
      expect(text).toContain(band);
      expect(text).toContain(addOn);
    },
  );

  it.each([
    ['ar', 'الخميس، 26 نوفمبر 2026 · 16 جمادى الآخرة 1448 هـ', '11 ضيفًا'],
    ['en', 'Thursday, 26 November 2026 · 16 Jumada II 1448 AH', '11 guests'],
  ] as const)('(%s) shows the Hijri date and counted guests', async (locale, date, guests) => {
    await inLanguage(locale);
    render(
      <BookingReviewCard
        booking={booking}
        busy={false}
        onConfirm={vi.fn()}
        onReject={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByText(date)).toBeTruthy();
    expect(screen.getByText(guests)).toBeTruthy();
  });

  it.each(['ar', 'en'] as const)(
    '(%s) an overlapping request offers no active confirm button, and says why',
    async (locale) => {
      await inLanguage(locale);
      const onConfirm = vi.fn();
      render(
        <BookingReviewCard
          booking={{ ...booking, conflict: true }}
          busy={false}
          onConfirm={onConfirm}
          onReject={vi.fn()}
          onCancel={vi.fn()}
        />,
      );
      const [confirm, reject] = screen.getAllByRole('button') as HTMLButtonElement[];
      expect(confirm!.disabled).toBe(true);
      const note = screen.getByRole('note');
      expect(confirm!.getAttribute('aria-describedby')).toBe(note.id);
      expect(reject!.disabled).toBe(false);
      confirm!.click();
      expect(onConfirm).not.toHaveBeenCalled();
    },
  );

  it('a request without overlap can be confirmed', async () => {
    await inLanguage('en');
    render(
      <BookingReviewCard
        booking={booking}
        busy={false}
        onConfirm={vi.fn()}
        onReject={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect((screen.getAllByRole('button')[0] as HTMLButtonElement).disabled).toBe(false);
  });

  it.each(['ar', 'en'] as const)(
    '(%s) names the booking by its reference, and shows no code or id',
    async (locale) => {
      await inLanguage(locale);
      const { container } = render(
        <BookingReviewCard
          booking={{ ...booking, status: 'rejected', statusReason: SLOT_TAKEN }}
          busy={false}
          onConfirm={vi.fn()}
          onReject={vi.fn()}
          onCancel={vi.fn()}
        />,
      );
      expect(screen.getByTestId('booking-reference').textContent).toBe('HS-4RX2PA');
      expect(unreadablePartsOn(container)).toEqual([]);
    },
  );
  // Issue 37: a request declined because its host archived the space says so, in words.
  it.each([
    ['ar', 'أُغلق تلقائيًا: أزال المضيف المساحة.'],
    ['en', 'Declined automatically: the host archived the space.'],
  ] as const)('(%s) tells a request declined by an archive in words', async (locale, text) => {
    await inLanguage(locale);
    const { container } = render(
      <BookingReviewCard
        booking={{ ...booking, status: 'rejected', statusReason: SPACE_ARCHIVED_REASON }}
        busy={false}
        onConfirm={vi.fn()}
        onReject={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByText(text)).toBeTruthy();
    expect(unreadablePartsOn(container)).toEqual([]);
  });
});
