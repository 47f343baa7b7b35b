// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatPrice } from '#shared/format.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import type { BookingDocument } from '#shared/schemas/invoices.ts';
import { BookingDocuments } from './booking-documents.tsx';

/**
 * A paid booking's documents in My bookings (issue 33): each named by its kind in the reader's
 * language, with its number, Riyadh date, amount, and "View" (a new tab) and "PDF" (a download).
 */
afterEach(cleanup);

const DOCUMENTS: BookingDocument[] = [
  {
    id: 'a1',
    kind: 'tax_invoice',
    number: 'INV-000007',
    issuedAt: '2031-02-03T21:30:00.000Z',
    totalHalalas: 40_250,
  },
  {
    id: 'a2',
    kind: 'credit_note',
    number: 'CRN-000008',
    issuedAt: '2031-02-04T08:00:00.000Z',
    totalHalalas: 40_250,
  },
];

describe.each([
  ['ar', 'فاتورة ضريبية مبسطة', 'إشعار دائن', 'عرض', 'المستندات'],
  ['en', 'Simplified tax invoice', 'Credit note', 'View', 'Documents'],
] as const)('booking documents (%s)', (locale, invoice, creditNote, view, title) => {
  it('names each document, its number, date and amount, with its view and PDF links', async () => {
    await setLocale(locale);
    await loadTextSections(['account']);
    render(<BookingDocuments documents={DOCUMENTS} />);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    const rows = screen.getAllByTestId('booking-document');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain(invoice);
    expect(rows[0]!.textContent).toContain('INV-000007');
    expect(rows[1]!.textContent).toContain(creditNote);
    // 21:30 UTC on 3 February is 00:30 on the 4th in Riyadh: the date is Riyadh's.
    expect(rows[0]!.textContent).toContain(
      formatDateTime(new Date('2031-02-03T21:30:00.000Z'), locale),
    );
    expect(formatDateTime(new Date('2031-02-03T21:30:00.000Z'), 'en')).toContain('4 Feb');
    expect(rows[0]!.textContent).toContain(formatPrice(40_250, locale));

    const open = within(rows[1]!).getByRole('link', { name: new RegExp(`^${view} ${creditNote}`) });
    expect(open.getAttribute('href')).toBe('/api/invoices/a2');
    expect(open.getAttribute('target')).toBe('_blank');
    const pdf = within(rows[1]!).getByRole('link', { name: `PDF ${creditNote} CRN-000008` });
    expect(pdf.getAttribute('href')).toBe('/api/invoices/a2/pdf');
    expect(pdf.hasAttribute('download')).toBe(true);
  });
});

it('shows nothing for a booking without documents', async () => {
  await setLocale('en');
  await loadTextSections(['account']);
  const { container } = render(<BookingDocuments documents={[]} />);
  expect(container.innerHTML).toBe('');
});
