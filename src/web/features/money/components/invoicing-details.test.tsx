// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import type { InvoicingDetailsResponse } from '#shared/schemas/invoicing-details.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { InvoicingDetails } from './invoicing-details.tsx';

/**
 * The host's tax invoice details in each language (issue 33, decision 074): a VAT-registered host
 * without them is told what their invoices lack and gets the form with their listing's VAT
 * number; a bad code is named before anything is sent; saved, the details show as the invoice
 * prints them; a listing with another VAT number is named.
 */
const VAT = '310122393500003';
const LISTING = { id: 's1', nameAr: 'قاعة الياسمين', nameEn: 'Jasmine hall', vatNumber: VAT };
const SAVED = {
  legalNameAr: 'مؤسسة ركن الإبداع للتجارة',
  legalNameEn: null,
  vatNumber: VAT,
  crNumber: '1010123456',
  street: 'طريق الأمير محمد بن عبدالعزيز',
  buildingNumber: '8228',
  additionalNumber: '2121',
  district: 'العليا',
  city: 'الرياض',
  postalCode: '12643',
  updatedAt: '2031-01-01T00:00:00.000Z',
};

let answer: InvoicingDetailsResponse;
const sent: unknown[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname !== '/api/host/invoicing-details') return new Response('{}', { status: 404 });
  if (init?.method === 'PUT') {
    sent.push(JSON.parse(String(init.body)));
    answer = { ...answer, details: SAVED };
  }
  return json(answer);
});

const TEXTS = {
  ar: {
    missing: 'بيانات الفاتورة ناقصة',
    withoutAddress: 'صدر نيابةً عنك دون عنوانك الوطني: مستندان.',
    vat: 'الرقم الضريبي',
    nameAr: 'الاسم المسجل بالعربية',
    building: 'رقم المبنى',
    street: 'الشارع',
    district: 'الحي',
    city: 'المدينة',
    postal: 'الرمز البريدي',
    additional: 'الرقم الإضافي',
    save: 'حفظ البيانات',
    postalRule: 'أدخل الرمز البريدي المكوّن من 5 أرقام.',
    saved: 'حُفظت.',
    mismatch: 'قاعة الياسمين',
  },
  en: {
    missing: 'your invoice details are missing',
    withoutAddress: 'Issued on your behalf without your national address: 2 documents.',
    vat: 'VAT number',
    nameAr: 'Registered name in Arabic',
    building: 'Building number',
    street: 'Street',
    district: 'District',
    city: 'City',
    postal: 'Postal code',
    additional: 'Additional number',
    save: 'Save details',
    postalRule: 'Enter the 5-digit postal code.',
    saved: 'Saved.',
    mismatch: 'Jasmine hall',
  },
} as const;

describe.each(['ar', 'en'] as const)('tax invoice details (%s)', (locale: Locale) => {
  const l = TEXTS[locale];
  beforeEach(async () => {
    vi.stubGlobal('fetch', api);
    sent.length = 0;
    answer = { details: null, vatListings: [LISTING], documentsWithoutAddress: 2 };
    await setLocale(locale);
    await loadTextSections(['account', 'money']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what the invoices lack, checks the codes before sending, then saves and shows them', async () => {
    const user = userEvent.setup();
    // pasted, as a host copies them from their certificate (typing each letter is slow here)
    const fill = async (label: string, value: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    };
    render(<InvoicingDetails />);
    const warnings = await screen.findByTestId('invoicing-warnings');
    expect(warnings.textContent).toContain(l.missing);
    expect(warnings.textContent).toContain(l.withoutAddress);
    // the listing's VAT number is already in the form
    expect((screen.getByLabelText(l.vat) as HTMLInputElement).value).toBe(VAT);
    await fill(l.nameAr, SAVED.legalNameAr);
    await fill(l.building, '٨٢٢٨');
    await fill(l.street, SAVED.street);
    await fill(l.district, SAVED.district);
    await fill(l.city, SAVED.city);
    const postal = screen.getByLabelText(l.postal);
    await fill(l.postal, '1264');
    await fill(l.additional, '2121');
    await user.click(screen.getByRole('button', { name: l.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(l.postalRule);
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.type(postal, '3');
    await user.click(screen.getByRole('button', { name: l.save }));
    const shown = await screen.findByTestId('invoicing-saved');
    expect(shown.textContent).toContain(SAVED.legalNameAr);
    expect(shown.textContent).toContain(
      '8228 طريق الأمير محمد بن عبدالعزيز، العليا، الرياض 12643-2121',
    );
    expect(screen.getByRole('status').textContent).toContain(l.saved);
    expect(sent).toEqual([
      {
        legalNameAr: SAVED.legalNameAr,
        legalNameEn: '',
        vatNumber: VAT,
        crNumber: '',
        street: SAVED.street,
        buildingNumber: '٨٢٢٨',
        additionalNumber: '2121',
        district: SAVED.district,
        city: SAVED.city,
        postalCode: '12643',
      },
    ]);
    expect(within(screen.getByTestId('invoicing-warnings')).queryByText(l.missing)).toBeNull();
  });

  it('names a listing whose VAT number is not the details’', async () => {
    answer = {
      details: SAVED,
      vatListings: [{ ...LISTING, vatNumber: '399999999900003' }],
      documentsWithoutAddress: 0,
    };
    render(<InvoicingDetails />);
    const warnings = await screen.findByTestId('invoicing-warnings');
    expect(warnings.textContent).toContain(l.mismatch);
    expect(screen.getByTestId('invoicing-saved').textContent).toContain('1010123456');
  });
});
