import { describe, expect, it } from 'vitest';
import { businessIdentityFrom, DEVELOPMENT_BUSINESS_VARIABLES } from '#server/business-identity.ts';
import { invoiceFonts, isolateRuns, renderInvoicePdf, visualRuns } from './invoice-pdf.ts';
import type { InvoiceRow } from './issue-documents.ts';

/**
 * The PDF's fonts are parsed once per process (decision 074) and shared by every document: the
 * parsed fonts are the same objects each time, and a document rendered after others — with other
 * text, so other glyphs in their subsets — is byte for byte what it was when rendered first.
 */
const business = businessIdentityFrom(DEVELOPMENT_BUSINESS_VARIABLES).identity;

const invoice = {
  id: 'doc-1',
  issuerKey: 'vat:310122393500003',
  kind: 'tax_invoice',
  seq: 1,
  number: 'INV-000001',
  uuid: '0b5b3f5e-8f4c-4a52-9d3e-6c1f0f7f1a11',
  standard: false,
  bookingId: null,
  originalInvoiceId: null,
  paymentRef: 'pay-1',
  refundRef: null,
  feeMonth: null,
  seller: {
    name: 'مؤسسة ركن الإبداع للتجارة',
    nameEn: 'Rukn Al Ibdaa Trading Est.',
    vatNumber: '310122393500003',
    crNumber: '1010123456',
    address: {
      street: 'طريق الأمير محمد بن عبدالعزيز',
      buildingNumber: '8228',
      additionalNumber: '2121',
      district: 'العليا',
      city: 'الرياض',
      postalCode: '12643',
    },
  },
  buyer: { name: 'فيصل الحربي', vatNumber: null, address: null },
  lines: [
    {
      description: {
        ar: 'حجز قاعة الياسمين (HS-7KQ2MX) 2026-12-14 10:00–12:00',
        en: 'Booking of Jasmine hall (HS-7KQ2MX) 2026-12-14 10:00–12:00',
      },
      minutes: 120,
      hours: '2',
      netHalalas: 40_000,
      vatHalalas: 6_000,
    },
  ],
  netHalalas: 40_000,
  vatHalalas: 6_000,
  totalHalalas: 46_000,
  issuedAt: new Date('2026-12-01T18:30:00Z'),
  supplyDate: '2026-12-14',
  qr: null,
} as unknown as InvoiceRow;

const other = {
  ...invoice,
  kind: 'credit_note',
  number: 'CRN-000002',
  seller: { name: 'استوديو الضوء', vatNumber: '300000000000003', address: null },
  lines: [
    {
      description: { ar: 'استرداد: ألغى المستأجر الحجز', en: 'Refund: the renter cancelled' },
      hours: '3',
      netHalalas: 8_696,
      vatHalalas: 1_304,
    },
  ],
} as unknown as InvoiceRow;

/** The PDF without what differs per run by design (its creation date and file ID). */
const stable = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[[^\]]*\]/g, '');

describe('the invoice PDF’s fonts', () => {
  it('are parsed once and shared: the same objects each time', () => {
    const first = invoiceFonts();
    expect(invoiceFonts()).toBe(first);
    expect(Object.keys(first).sort()).toEqual(['ar', 'arBold', 'la', 'laBold']);
    expect(first.ar.postscriptName).toMatch(/IBMPlexSansArabic/);
  });

  // Three PDFs of about a second of CPU each, on a machine shared by several test runs.
  it('leave no trace from one document in the next', { timeout: 30_000 }, async () => {
    const opts = { business, compress: false };
    const before = await renderInvoicePdf(invoice, opts);
    const between = await renderInvoicePdf(other, opts);
    const after = await renderInvoicePdf(invoice, opts);
    expect(stable(after)).toBe(stable(before));
    // each embeds its own subsets of the fonts
    expect(stable(before)).toMatch(/\/BaseFont \/[A-Z]{6}\+IBMPlexSansArabic/);
    expect(stable(between)).not.toBe(stable(before));
  });
});

describe('a right-to-left line in visual order', () => {
  const texts = (line: string) => visualRuns(isolateRuns(line), 'rtl').map((r) => r.text);

  it('keeps Arabic words in one shaped run, so fontkit orders them and keeps their spaces', () => {
    expect(visualRuns('رقم المستند', 'rtl')).toEqual([
      { text: 'رقم المستند', arabic: true, shaped: true },
    ]);
  });

  it('keeps a date with its times, a postal code with its additional number, and 15% whole', () => {
    // visual order, left to right: the Latin run stands at the end (left) of the Arabic line
    // (the space between belongs to the Arabic run, shaped in logical order: the word, then it)
    expect(texts('حجز 2026-12-14 10:00–12:00')).toEqual(['2026-12-14 10:00–12:00', 'حجز ']);
    expect(texts('الرياض 12643-2121')).toEqual(['12643-2121', 'الرياض ']);
    expect(texts('الضريبة 15%')).toEqual(['15%', 'الضريبة ']);
    // without the isolation the algorithm puts the second time first: "12:00–10:00"
    expect(visualRuns('حجز 10:00–12:00', 'rtl').map((r) => r.text)[0]).toBe('12:00');
  });
});
