// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOT_TAKEN } from '#shared/domain/booking-lifecycle.ts';
import { unreadablePartsOn } from '#shared/readable-text.ts';
import type { AdminAuditResponse } from '#shared/schemas/admin.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { AuditLog } from './audit-log.tsx';

/**
 * The desk's history names a booking by its reference and reads a reason code as text in the
 * desk's language (issue 31: it showed "السبب: SLOT_TAKEN"); no id and no code reach the page.
 */
const BOOKING_ID = '6b0c7c1e-8f43-4a39-9d0b-3f6f1c2a9e11';
const audit: AdminAuditResponse = {
  items: [
    {
      id: 3,
      action: 'booking.decline',
      subjectType: 'booking',
      subjectId: BOOKING_ID,
      reference: 'HS-4RX2PA',
      reason: SLOT_TAKEN,
      details: {
        from: 'pending',
        to: 'rejected',
        automatic: true,
        nameAr: 'قاعة النخيل',
        nameEn: 'Palm Hall',
        renterEmail: 'renter@example.com',
        date: '2031-01-12',
        startTime: '10:00',
        endTime: '12:00',
      },
      actor: null,
      createdAt: '2031-01-05T09:00:00.000Z',
    },
    {
      id: 2,
      action: 'review.hide',
      subjectType: 'review',
      subjectId: 'a3d1c0de-4b1e-4f6a-9c2d-7e8f9a0b1c2d',
      reference: 'HS-4RX2PA',
      reason: 'Insults the host',
      details: { nameAr: null, nameEn: null, bookingId: BOOKING_ID, stars: 1 },
      actor: { id: 'admin-1', name: 'Sara', email: 'admin@example.com' },
      createdAt: '2031-01-04T09:00:00.000Z',
    },
    {
      id: 1,
      action: 'space.reject',
      subjectType: 'space',
      subjectId: 'c9b8a7d6-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      reference: null,
      reason: 'الصور لا تطابق المساحة',
      details: { from: 'pending', to: 'rejected', nameAr: 'قاعة النخيل', nameEn: 'Palm Hall' },
      actor: { id: 'admin-1', name: 'Sara', email: 'admin@example.com' },
      createdAt: '2031-01-03T09:00:00.000Z',
    },
  ],
  page: 1,
  pageSize: 20,
  total: 3,
};

const api = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname !== '/api/admin/audit') return new Response('{}', { status: 404 });
  return new Response(JSON.stringify(audit), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
});

const TEXTS = {
  ar: { slotTaken: 'السبب: حُجز هذا الموعد لطلب آخر.', reference: 'رقم الحجز' },
  en: { slotTaken: 'Reason: Another booking took this time.', reference: 'Booking ref.' },
} as const;

describe.each(['ar', 'en'] as const)('the audit log (%s)', (locale) => {
  beforeEach(async () => {
    vi.stubGlobal('fetch', api);
    await setLocale(locale);
    await loadTextSections(['admin']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads a reason code as text and names bookings by reference, never by id', async () => {
    render(<AuditLog />);
    const [declined, hidden, rejected] = await screen.findAllByTestId('audit-entry');
    expect(declined!.textContent).toContain(TEXTS[locale].slotTaken);
    expect(declined!.textContent).toContain(`${TEXTS[locale].reference}HS-4RX2PA`);
    expect(hidden!.textContent).toContain('HS-4RX2PA');
    // An admin's own words stay as written; a space has no reference.
    expect(rejected!.textContent).toContain('الصور لا تطابق المساحة');
    expect(rejected!.querySelector('[data-testid="booking-reference"]')).toBeNull();
    expect(unreadablePartsOn(document.body)).toEqual([]);
  });
});
