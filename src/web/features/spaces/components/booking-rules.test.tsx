// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOKING_SETTINGS_DEFAULTS } from '#shared/constants.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { BookingRules } from './booking-rules.tsx';

/** The host's booking settings as a renter reads them, with each language's plurals. */
afterEach(cleanup);

async function inLanguage(locale: 'ar' | 'en') {
  await setLocale(locale);
  await loadTextSections(['spaces']);
}

describe('booking rules on a space page', () => {
  it('say nothing when the space keeps the defaults', async () => {
    await inLanguage('en');
    const { container } = render(<BookingRules space={BOOKING_SETTINGS_DEFAULTS} />);
    expect(container.textContent).toBe('');
  });

  it('in Arabic, with the dual and the plural forms a Saudi reader expects', async () => {
    await inLanguage('ar');
    render(
      <BookingRules
        space={{ minBookingMinutes: 120, minNoticeHours: 24, horizonDays: 3, bufferMinutes: 30 }}
      />,
    );
    expect(screen.getByText('شروط الحجز')).toBeTruthy();
    expect(screen.getByText('أقل مدة للحجز: ساعتان')).toBeTruthy();
    expect(screen.getByText('يُطلب الحجز قبل موعده بمدة لا تقل عن 24 ساعة')).toBeTruthy();
    expect(screen.getByText('يُقبل الحجز حتى 3 أيام مقدمًا')).toBeTruthy();
    expect(screen.getByText('فاصل مدته 30 دقيقة بين كل حجزين')).toBeTruthy();
  });

  it('in Arabic, the dual after a preposition in its oblique form', async () => {
    await inLanguage('ar');
    render(
      <BookingRules
        space={{ minBookingMinutes: 60, minNoticeHours: 2, horizonDays: 2, bufferMinutes: 120 }}
      />,
    );
    expect(screen.getByText('يُطلب الحجز قبل موعده بمدة لا تقل عن ساعتين')).toBeTruthy();
    expect(screen.getByText('يُقبل الحجز حتى يومين مقدمًا')).toBeTruthy();
    expect(screen.getByText('فاصل مدته ساعتان بين كل حجزين')).toBeTruthy();
  });

  it('in English, one and many', async () => {
    await inLanguage('en');
    render(
      <BookingRules
        space={{ minBookingMinutes: 30, minNoticeHours: 1, horizonDays: 90, bufferMinutes: 60 }}
      />,
    );
    expect(screen.getByText('Shortest booking: 30 minutes')).toBeTruthy();
    expect(screen.getByText('Book at least 1 hour ahead')).toBeTruthy();
    expect(screen.getByText('Bookings up to 90 days ahead')).toBeTruthy();
    expect(screen.getByText('1 hour kept free between bookings')).toBeTruthy();
  });
});
