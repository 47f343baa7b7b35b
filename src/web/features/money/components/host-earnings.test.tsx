// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import { formatPrice } from '#shared/format.ts';
import type { HostEarnings as Earnings, PayoutAccountResponse } from '#shared/schemas/money.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { HostEarnings } from './host-earnings.tsx';

/**
 * The host's earnings and payout account in each language: the server's sums shown as they come
 * (in all, by month, by booking), the IBAN checked before it is sent (a wrong check digit named,
 * nothing sent), then saved and shown masked.
 */
const figures = (paid: number, refunded: number, fee: number, earned: number, out: number) => ({
  paidHalalas: paid,
  refundedHalalas: refunded,
  feeHalalas: fee,
  earnedHalalas: earned,
  paidOutHalalas: out,
  owedHalalas: earned - out,
});
const EARNINGS: Earnings = {
  totals: figures(44_500, 5_000, 4_543, 34_957, 30_532),
  months: [
    { month: '2031-02', ...figures(10_000, 5_000, 575, 4_425, 0) },
    { month: '2031-01', ...figures(34_500, 0, 3_968, 30_532, 30_532) },
  ],
  bookings: [
    {
      bookingId: 'b2',
      reference: 'HS-B2B2B2',
      spaceNameAr: 'قاعة الياسمين',
      spaceNameEn: 'Jasmine hall',
      date: '2031-02-03',
      startTime: '10:00',
      endTime: '12:00',
      ...figures(10_000, 5_000, 575, 4_425, 0),
    },
    {
      bookingId: 'b1',
      reference: 'HS-B1B1B1',
      spaceNameAr: 'قاعة الياسمين',
      spaceNameEn: 'Jasmine hall',
      date: '2031-01-10',
      startTime: '18:00',
      endTime: '20:00',
      ...figures(34_500, 0, 3_968, 30_532, 30_532),
    },
  ],
  feePercent: 10,
};

/** The host's documents, two pages (issue 33): the second is read with the first's cursor. */
const doc = (id: string, kind: string, number: string, total: number, vat: number) => ({
  id,
  kind,
  number,
  issuedAt: '2031-02-03T09:30:00.000Z',
  totalHalalas: total,
  vatHalalas: vat,
  bookingReference: kind === 'fee_invoice' ? null : 'HS-B2B2B2',
  reportStatus: 'not_reported',
});
const DOCUMENT_PAGES: Record<string, { items: unknown[]; nextCursor: string | null }> = {
  first: {
    items: [
      doc('d3', 'credit_note', 'CRN-000003', 5_000, 652),
      doc('d2', 'fee_invoice', 'FEE-000001', 575, 75),
    ],
    nextCursor: 'page-2',
  },
  'page-2': { items: [doc('d1', 'tax_invoice', 'INV-000001', 10_000, 1_304)], nextCursor: null },
};
const documentCursors: (string | null)[] = [];

let saved: PayoutAccountResponse = { account: null };
const sent: unknown[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/host/earnings') return json(EARNINGS);
  if (url.pathname === '/api/host/invoices') {
    const cursor = url.searchParams.get('cursor');
    documentCursors.push(cursor);
    return json(DOCUMENT_PAGES[cursor ?? 'first']);
  }
  if (url.pathname === '/api/host/invoicing-details') {
    return json({ details: null, vatListings: [], documentsWithoutAddress: 0 });
  }
  if (url.pathname === '/api/host/payout-account') {
    if (init?.method === 'PUT') {
      sent.push(JSON.parse(String(init.body)));
      saved = {
        account: {
          ibanMasked: 'SA•• •••• •••• •••• •••• 7519',
          holderName: 'نورة السالم',
          updatedAt: '2031-01-01T00:00:00.000Z',
        },
      };
    }
    return json(saved);
  }
  return new Response('{}', { status: 404 });
});

const TEXTS = {
  ar: {
    owed: 'مستحق لك',
    iban: 'رقم الآيبان (IBAN)',
    holder: 'اسم صاحب الحساب',
    save: 'احفظ الآيبان',
    checksum: 'أرقام التحقق في هذا الآيبان لا تطابق بقيته.',
    creditNote: 'إشعار دائن',
    fee: 'فاتورة رسوم المنصة',
    invoice: 'فاتورة ضريبية مبسطة',
    more: 'عرض المزيد',
    view: 'عرض',
    vatOf: 'منها ضريبة القيمة المضافة',
  },
  en: {
    owed: 'Owed to you',
    iban: 'IBAN',
    holder: 'Account holder’s name',
    save: 'Save IBAN',
    checksum: "This IBAN's check digits do not match the rest of it.",
    creditNote: 'Credit note',
    fee: 'HourSpace fee invoice',
    invoice: 'Simplified tax invoice',
    more: 'Show more',
    view: 'View',
    vatOf: 'of which VAT',
  },
} as const;

describe.each(['ar', 'en'] as const)('host earnings (%s)', (locale: Locale) => {
  const l = TEXTS[locale];
  beforeEach(async () => {
    vi.stubGlobal('fetch', api);
    saved = { account: null };
    sent.length = 0;
    documentCursors.length = 0;
    await setLocale(locale);
    await loadTextSections(['account', 'booking', 'money', 'invoices']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the totals, each month and each booking as the server summed them', async () => {
    render(<HostEarnings />);
    const totals = await screen.findByTestId('earnings-totals');
    const owed = within(totals).getByText(l.owed).nextElementSibling?.textContent ?? '';
    // 4 425 halalas = 44.25 SAR, in the reader's currency format
    expect(owed.replace(/\s/g, '')).toMatch(/44\.25/);
    expect(screen.getAllByTestId('earnings-month')).toHaveLength(2);
    const bookings = screen.getAllByTestId('earnings-booking');
    expect(bookings).toHaveLength(2);
    expect(bookings[0]!.textContent).toContain('HS-B2B2B2');
  });

  it('lists the documents newest first with their amounts and links, and reads on with "more"', async () => {
    const user = userEvent.setup();
    render(<HostEarnings />);
    const section = await screen.findByTestId('host-documents');
    let rows = await within(section).findAllByTestId('host-document');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain(l.creditNote);
    expect(rows[0]!.textContent).toContain('CRN-000003');
    expect(rows[0]!.textContent).toContain(l.vatOf);
    expect(rows[0]!.textContent).toContain(formatPrice(5_000, locale));
    expect(rows[0]!.textContent).toContain(formatPrice(652, locale));
    expect(rows[1]!.textContent).toContain(l.fee);
    const view = within(rows[0]!).getByRole('link', { name: new RegExp(`^${l.view}`) });
    expect(view.getAttribute('href')).toBe('/api/invoices/d3');
    expect(view.getAttribute('target')).toBe('_blank');
    const pdf = within(rows[0]!).getByRole('link', { name: /^PDF/ });
    expect(pdf.getAttribute('href')).toBe('/api/invoices/d3/pdf');
    expect(pdf.hasAttribute('download')).toBe(true);

    await user.click(within(section).getByRole('button', { name: l.more }));
    await within(section).findByText('INV-000001');
    rows = within(section).getAllByTestId('host-document');
    expect(rows).toHaveLength(3);
    expect(rows[2]!.textContent).toContain(l.invoice);
    expect(within(section).queryByRole('button', { name: l.more })).toBeNull();
    expect(documentCursors).toEqual([null, 'page-2']);
  });

  it('checks the IBAN before sending it, then saves it and shows it masked', async () => {
    const user = userEvent.setup();
    render(<HostEarnings />);
    const iban = await screen.findByLabelText(l.iban);
    await user.type(iban, 'SA0380000000608010167518');
    await user.type(screen.getByLabelText(l.holder), 'نورة السالم');
    await user.click(screen.getByRole('button', { name: l.save }));
    expect((await screen.findByRole('alert')).textContent).toContain(l.checksum);
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await user.clear(iban);
    await user.type(iban, 'SA03 8000 0000 6080 1016 7519');
    await user.click(screen.getByRole('button', { name: l.save }));
    expect((await screen.findByTestId('iban-masked')).textContent).toBe(
      'SA•• •••• •••• •••• •••• 7519',
    );
    expect(sent).toEqual([{ iban: 'SA03 8000 0000 6080 1016 7519', holderName: 'نورة السالم' }]);
  });
});
