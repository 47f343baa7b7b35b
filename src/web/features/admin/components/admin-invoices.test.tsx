// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import type { AdminInvoice } from '#shared/schemas/invoices.ts';
import { AdminInvoices } from './admin-invoices.tsx';

/**
 * The desk's e-invoices (issue 33): each document's report status in words, ZATCA's messages
 * with their codes, the "problems" filter asked of the server, and "retry report" only on a
 * failed or unreadable report — which re-queues it and says so.
 */
const invoice = (over: Partial<AdminInvoice>): AdminInvoice => ({
  id: 'i1',
  kind: 'tax_invoice',
  number: 'INV-000001',
  issuerName: 'شركة المركز المالي',
  issuerVatNumber: '310122393500003',
  issuedAt: '2031-02-03T09:30:00.000Z',
  totalHalalas: 40_250,
  vatHalalas: 5_250,
  bookingReference: 'HS-7K3Q9M',
  reportStatus: 'not_reported',
  reportNote: null,
  reportedAt: null,
  messages: [],
  ...over,
});
const ALL = [
  invoice({ id: 'i3', number: 'INV-000003', reportStatus: 'failed', reportNote: 'HTTP 503' }),
  invoice({
    id: 'i2',
    number: 'INV-000002',
    reportStatus: 'rejected',
    // the server's one-line summary of the messages below (zatca-api.ts)
    reportNote: 'BR-KSA-37: The seller address building number must contain 4 digits.',
    messages: [
      {
        type: 'error',
        code: 'BR-KSA-37',
        message: 'The seller address building number must contain 4 digits.',
      },
      { type: 'warning', code: 'BR-KSA-08', message: 'Seller identification is missing.' },
    ],
  }),
  invoice({
    id: 'i1',
    reportNote: 'no ZATCA CSID is configured for this seller: signed with the local test key',
  }),
];

/** The desk's own words around ZATCA's: why a report stands there, and whose words are whose. */
const WORDS = {
  ar: {
    failedReason: 'تعذّر إتمام الإبلاغ: لم نصل إلى الهيئة أو رفضت الطلب.',
    notReportedReason: 'لا توجد لهذا البائع شهادة ختم (CSID) من الهيئة',
    detail: 'التفاصيل التقنية كما سُجّلت (بالإنجليزية):',
    zatcaWords: 'ردّ الهيئة بنصّه كما ورد',
  },
  en: {
    failedReason: 'The report could not be completed: ZATCA could not be reached',
    notReportedReason: 'No ZATCA CSID is set up for this seller',
    detail: 'Technical detail, as recorded (in English):',
    zatcaWords: 'ZATCA’s answer, in its own words',
  },
} as const;
const asked: string[] = [];
const posted: string[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/admin/invoices') {
    asked.push(url.search);
    const problems = url.searchParams.get('status') === 'problem';
    return json({ items: problems ? ALL.slice(0, 2) : ALL, nextCursor: null });
  }
  const retry = /^\/api\/admin\/invoices\/([^/]+)\/report$/.exec(url.pathname);
  if (retry && init?.method === 'POST') {
    posted.push(retry[1]!);
    return json({ reportStatus: 'queued' }, 202);
  }
  return json({ error: { code: 'NOT_FOUND', message: 'not found' } }, 404);
});

beforeEach(() => {
  vi.stubGlobal('fetch', api);
  asked.length = 0;
  posted.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each([
  [
    'ar',
    'لم تُبلَّغ (بيئة تجريبية)',
    'رفضتها الهيئة',
    'تعذّر الإبلاغ',
    'في انتظار الإبلاغ',
    'أعد الإبلاغ',
    'ما فيه مشكلة',
    'خطأ',
  ],
  [
    'en',
    'Not reported (test environment)',
    'Rejected by ZATCA',
    'Reporting failed',
    'Waiting to be reported',
    'Retry report',
    'Problems',
    'Error',
  ],
] as const)(
  'admin e-invoices (%s)',
  (locale, notReported, rejected, failed, queued, retryLabel, problems, errorWord) => {
    beforeEach(async () => {
      await setLocale(locale);
      await loadTextSections(['admin', 'invoices']);
    });

    it('says where each report stands, lists ZATCA’s messages, retries only a failed one', async () => {
      const user = userEvent.setup();
      render(<AdminInvoices />);
      const cards = await screen.findAllByTestId('admin-invoice');
      expect(cards).toHaveLength(3);
      const status = (card: HTMLElement) => within(card).getByTestId('report-status').textContent;
      expect(status(cards[0]!)).toBe(failed);
      expect(status(cards[1]!)).toBe(rejected);
      expect(status(cards[2]!)).toBe(notReported);
      expect(cards[0]!.textContent).toContain('HTTP 503');
      // The desk's own diagnosis in the reader's language; the server's English note only as the
      // recorded technical detail, and never where it repeats ZATCA's messages or the reason.
      const words = WORDS[locale];
      expect(within(cards[0]!).getByTestId('report-reason').textContent).toContain(
        words.failedReason,
      );
      expect(within(cards[0]!).getByTestId('report-detail').textContent).toBe(
        `${words.detail}HTTP 503`,
      );
      expect(within(cards[2]!).getByTestId('report-reason').textContent).toContain(
        words.notReportedReason,
      );
      expect(cards[2]!.textContent).not.toContain('no ZATCA CSID');
      expect(within(cards[1]!).queryByTestId('report-reason')).toBeNull();
      expect(within(cards[1]!).queryByTestId('report-detail')).toBeNull();
      expect(cards[1]!.textContent).toContain(words.zatcaWords);
      const messages = within(cards[1]!).getByTestId('zatca-messages');
      expect(messages.textContent).toContain('BR-KSA-37');
      expect(messages.textContent).toContain(errorWord);
      expect(messages.textContent).toContain('Seller identification is missing.');
      expect(cards[1]!.textContent).toContain('310122393500003');

      // Retry only where the server would accept it: the failed one, not the rejected one.
      expect(within(cards[1]!).queryByRole('button', { name: new RegExp(retryLabel) })).toBeNull();
      expect(within(cards[2]!).queryByRole('button', { name: new RegExp(retryLabel) })).toBeNull();
      await user.click(within(cards[0]!).getByRole('button', { name: new RegExp(retryLabel) }));
      await within(cards[0]!).findByText(queued);
      expect(posted).toEqual(['i3']);
      expect(within(cards[0]!).queryByRole('button', { name: new RegExp(retryLabel) })).toBeNull();

      await user.click(screen.getByRole('button', { name: problems }));
      await vi.waitFor(() => expect(screen.getAllByTestId('admin-invoice')).toHaveLength(2));
      expect(asked).toEqual(['', '?status=problem']);
    });
  },
);
