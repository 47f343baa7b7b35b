import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, livePageAfterLoads, test } from './fixtures.ts';
import {
  expectNoSeriousA11yViolations,
  screenshot,
  signedInAs,
  useLang,
  type Lang,
} from './support.ts';

/**
 * Issue 33, in Arabic: a renter's booking of a VAT-registered space is confirmed and paid on the
 * embedded test gateway; My bookings lists its simplified tax invoice; "View" opens the printable
 * invoice in a new tab, and its QR code — photographed from the page on a phone-sized screen
 * and decoded by a QR reader (jsQR), never read from the HTML — holds ZATCA's tags 1–5 equal to
 * what the server recorded (seller's name and VAT number, the Riyadh time stamp, the total and
 * the VAT); the PDF downloads under its number. The renter cancels inside the free window,
 * the refund goes back and the credit note appears beside the invoice; the host finds both under Documents, the admin on the desk's
 * E-invoices. Then a shorter path in English. Financial District Boardroom (VAT number
 * 310122393500003), 80+ days ahead, hours no other journey books.
 */
const NAME_EN = 'Financial District Boardroom';
const VAT_NUMBER = '310122393500003';
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MADA_OK = '4201320111111010';

test.use({ storageState: signedInAs('renter') });

interface DeskInvoice {
  id: string;
  kind: string;
  number: string;
  issuerName: string;
  issuerVatNumber: string | null;
  issuedAt: string;
  totalHalalas: number;
  vatHalalas: number;
  bookingReference: string | null;
  reportStatus: string;
}

/** Requests a one-hour booking of the boardroom and has the admin confirm it. */
async function requestAndConfirm(page: Page, admin: APIRequestContext, hoursAfterOpening: number) {
  const found = (await (await page.request.get('/api/spaces?q=Financial%20District')).json()) as {
    items: { id: string; nameEn: string | null }[];
  };
  const spaceId = found.items.find((s) => s.nameEn === NAME_EN)!.id;
  const space = (await (await page.request.get(`/api/spaces/${spaceId}`)).json()) as {
    opensAt: string;
    availableDays: string[];
  };
  const d = new Date(Date.now() + 3 * 3600_000);
  d.setUTCDate(d.getUTCDate() + 83);
  while (!space.availableDays.includes(DAYS[d.getUTCDay()]!)) d.setUTCDate(d.getUTCDate() + 1);
  const h = Number(space.opensAt.slice(0, 2)) + hoursAfterOpening;
  const requested = await page.request.post('/api/bookings', {
    data: {
      spaceId,
      date: d.toISOString().slice(0, 10),
      startTime: `${String(h).padStart(2, '0')}:00`,
      endTime: `${String(h + 1).padStart(2, '0')}:00`,
      guests: 3,
      contactPhone: '0551234567',
    },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const booking = (await requested.json()) as {
    id: string;
    reference: string;
    totalHalalas: number;
    vatHalalas: number | null;
  };
  expect((await admin.post(`/api/admin/bookings/${booking.id}/confirm`)).status()).toBe(200);
  // A VAT-registered space: the booking's VAT is known, so its document is a tax invoice.
  expect(booking.vatHalalas).toBeGreaterThan(0);
  return booking;
}

/** The embedded gateway's card form and its 3-D Secure step (payments.spec.ts checks them). */
async function payWithTestMada(page: Page) {
  await page.getByLabel('الاسم على البطاقة · Name on card').fill('Faisal Harbi');
  await page.getByLabel('رقم البطاقة · Card number').fill(MADA_OK);
  await page.getByLabel('الشهر · Month').fill('12');
  await page.getByLabel('السنة · Year').fill('2031');
  await page.getByLabel('رمز الأمان · CVC').fill('123');
  await page.getByRole('button', { name: 'ادفع · Pay' }).click();
  await page.getByRole('button', { name: 'تحقق · Authenticate' }).click();
  await page.waitForURL(/\/account/);
}

/** The server's record of a booking's documents, as the admin desk's API gives it. */
async function deskDocuments(admin: APIRequestContext, reference: string) {
  const found: DeskInvoice[] = [];
  let cursor: string | null = null;
  do {
    const res = await admin.get(
      cursor ? `/api/admin/invoices?cursor=${encodeURIComponent(cursor)}` : '/api/admin/invoices',
    );
    expect(res.status()).toBe(200);
    const page = (await res.json()) as { items: DeskInvoice[]; nextCursor: string | null };
    found.push(...page.items.filter((i) => i.bookingReference === reference));
    cursor = page.nextCursor;
  } while (cursor);
  // Oldest first, as My bookings lists them.
  return found.reverse();
}

/**
 * What a phone's camera would do: a picture of the QR element on screen, with a white quiet zone
 * around it, read by a QR decoder into its text.
 */
async function scanQr(qr: Locator): Promise<string> {
  const picture = await qr.screenshot();
  const { data, info } = await sharp(picture)
    .flatten({ background: '#ffffff' })
    .extend({ top: 48, bottom: 48, left: 48, right: 48, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  expect(code, 'the QR code on the invoice could not be read').not.toBeNull();
  return Buffer.from(code!.binaryData).toString('latin1');
}

/** ZATCA's TLV (tag byte, length byte, UTF-8 value), decoded here independently of the server. */
function tlvTags(base64: string): Map<number, Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  const tags = new Map<number, Buffer>();
  for (let i = 0; i < bytes.length;) {
    const tag = bytes[i]!;
    const length = bytes[i + 1]!;
    expect(i + 2 + length, 'a TLV record runs past the end').toBeLessThanOrEqual(bytes.length);
    tags.set(tag, bytes.subarray(i + 2, i + 2 + length));
    i += 2 + length;
  }
  return tags;
}

/** "2031-02-04T00:30:00": the instant as Riyadh's wall-clock time (ZATCA's tag 3). */
const riyadhStamp = (iso: string) =>
  new Date(new Date(iso).getTime() + 3 * 3600_000).toISOString().slice(0, 19);
const riyals = (halalas: number) => (halalas / 100).toFixed(2);

/** Opens a document with its "View" link: a new tab of the same browser context. */
async function openDocument(context: BrowserContext, link: Locator) {
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  return tab;
}

async function cancelFree(page: Page, mine: Locator, lang: Lang) {
  const words =
    lang === 'ar'
      ? { cancel: 'إلغاء الحجز', yes: 'نعم، ألغِ الحجز', refunded: 'تم الاسترداد' }
      : { cancel: 'Cancel booking', yes: 'Yes, cancel the booking', refunded: 'Refunded' };
  await mine.getByRole('button', { name: words.cancel }).click();
  await page.getByRole('dialog').getByRole('button', { name: words.yes }).click();
  await expect(async () => {
    await page.reload();
    await expect(mine.getByText(words.refunded, { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 45_000 });
}

test('a paid booking’s tax invoice: its QR code scanned and checked, then the credit note after a cancellation (ar)', async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await playwright.request.newContext({ baseURL, storageState: signedInAs('admin') });
  const booking = await requestAndConfirm(page, admin, 2);

  await useLang(page, 'ar');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/account');
  const mine = page.getByRole('listitem').filter({ hasText: booking.reference });
  await expect(mine.getByTestId('booking-documents')).toHaveCount(0);
  await mine.getByRole('button', { name: /^ادفع / }).click();
  await payWithTestMada(page);
  await expect(mine.getByText('مدفوع', { exact: true })).toBeVisible();

  // The server's record: one simplified tax invoice, issued on the host's behalf.
  const [invoice, ...others] = await deskDocuments(admin, booking.reference);
  expect(others).toEqual([]);
  expect(invoice).toMatchObject({
    kind: 'tax_invoice',
    issuerVatNumber: VAT_NUMBER,
    totalHalalas: booking.totalHalalas,
    vatHalalas: booking.vatHalalas,
    reportStatus: 'not_reported',
  });

  // My bookings lists it, in Arabic, with "View" and "PDF".
  const documents = mine.getByTestId('booking-document');
  await expect(documents).toHaveCount(1);
  await expect(documents.first()).toContainText('فاتورة ضريبية مبسطة');
  await expect(documents.first()).toContainText(invoice!.number);
  await expectNoSeriousA11yViolations(page, 'my bookings, paid with its invoice (ar, 390)');
  await mine.scrollIntoViewIfNeeded();
  await screenshot(page, 'invoice-my-bookings-ar-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await mine.scrollIntoViewIfNeeded();
  await screenshot(page, 'invoice-my-bookings-ar-1280', { fullPage: false });

  // "View" opens the printable invoice in a new tab; its QR code is scanned from the picture.
  const tab = await openDocument(
    page.context(),
    documents.first().getByRole('link', { name: /^عرض فاتورة ضريبية مبسطة/ }),
  );
  expect(new URL(tab.url()).pathname).toBe(`/api/invoices/${invoice!.id}`);
  await expect(tab.getByText(invoice!.number).first()).toBeVisible();
  const qr = tab.getByTestId('invoice-qr');
  await expect(qr).toBeVisible();
  await expectNoSeriousA11yViolations(tab, 'the printable tax invoice');
  await screenshot(tab, 'invoice-printable-1280', { fullPage: true });
  // The renter scans it as a phone shows it (390 px at 3 device pixels per CSS pixel): a QR
  // reader needs a few pixels per module, which a 1× desktop picture of a 260 px code lacks.
  const phone = await browser.newContext({
    storageState: signedInAs('renter'),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const onPhone = await phone.newPage();
  await onPhone.goto(tab.url());
  const tags = tlvTags(await scanQr(onPhone.getByTestId('invoice-qr')));
  await phone.close();
  expect([...tags.keys()].slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
  expect(tags.get(1)!.toString('utf8')).toBe(invoice!.issuerName);
  expect(tags.get(2)!.toString('utf8')).toBe(VAT_NUMBER);
  expect(tags.get(3)!.toString('utf8')).toBe(riyadhStamp(invoice!.issuedAt));
  expect(tags.get(4)!.toString('utf8')).toBe(riyals(booking.totalHalalas));
  expect(tags.get(5)!.toString('utf8')).toBe(riyals(booking.vatHalalas!));
  // Phase 2's stamp: the hash, the signature and the public key follow (tags 6–8, 9 simplified).
  for (const tag of [6, 7, 8, 9]) expect(tags.get(tag)?.length ?? 0).toBeGreaterThan(0);
  await tab.setViewportSize({ width: 390, height: 900 });
  await screenshot(tab, 'invoice-printable-390', { fullPage: true });
  await tab.close();

  // "PDF" downloads the same document under its number.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.first().getByRole('link', { name: /^PDF/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${invoice!.number}.pdf`);
  const pdf = await download.createReadStream();
  const head = await new Promise<Buffer>((resolve, reject) => {
    pdf.once('data', (chunk) => resolve(Buffer.from(chunk)));
    pdf.once('error', reject);
  });
  pdf.destroy();
  expect(head.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Cancelled inside the free window: all of it is refunded, and a credit note references the
  // invoice.
  await page.setViewportSize({ width: 390, height: 900 });
  await cancelFree(page, mine, 'ar');
  await expect(documents).toHaveCount(2);
  await expect(documents.nth(1)).toContainText('إشعار دائن');
  const creditNote = (await deskDocuments(admin, booking.reference)).find(
    (d) => d.kind === 'credit_note',
  );
  expect(creditNote).toMatchObject({
    totalHalalas: booking.totalHalalas,
    vatHalalas: booking.vatHalalas,
  });
  await expect(documents.nth(1)).toContainText(creditNote!.number);
  await expectNoSeriousA11yViolations(page, 'my bookings, refunded with its credit note (ar, 390)');
  await mine.scrollIntoViewIfNeeded();
  await screenshot(page, 'invoice-credit-note-ar-390', { fullPage: false });
  const noteTab = await openDocument(
    page.context(),
    documents.nth(1).getByRole('link', { name: /^عرض إشعار دائن/ }),
  );
  await expect(noteTab.getByText(creditNote!.number).first()).toBeVisible();
  await expect(noteTab.getByText(invoice!.number).first()).toBeVisible();
  await noteTab.close();

  // The host finds both under Documents in their earnings.
  const hostContext = await browser.newContext({ storageState: signedInAs('host') });
  const hostPage = await hostContext.newPage();
  livePageAfterLoads(hostPage);
  await useLang(hostPage, 'ar');
  for (const width of [390, 1280]) {
    await hostPage.setViewportSize({ width, height: 900 });
    await hostPage.goto('/account?tab=hosting');
    const hostDocs = hostPage.getByTestId('host-document').filter({ hasText: booking.reference });
    await expect(hostDocs).toHaveCount(2);
    await expect(hostDocs.first()).toContainText('إشعار دائن');
    await expect(hostDocs.last()).toContainText('فاتورة ضريبية مبسطة');
    await expect(hostDocs.last()).toContainText(invoice!.number);
    const section = hostPage.getByTestId('host-documents');
    await section.scrollIntoViewIfNeeded();
    if (width === 390) await expectNoSeriousA11yViolations(hostPage, 'host documents (ar)');
    await screenshot(hostPage, `invoice-host-documents-ar-${width}`, { fullPage: false });
  }
  await hostContext.close();

  // The admin desk's e-invoices: both, with their reporting status in words.
  const adminContext = await browser.newContext({ storageState: signedInAs('admin') });
  const adminPage = await adminContext.newPage();
  livePageAfterLoads(adminPage);
  await useLang(adminPage, 'ar');
  for (const width of [390, 1280]) {
    await adminPage.setViewportSize({ width, height: 900 });
    await adminPage.goto('/admin/dashboard');
    await adminPage.getByRole('link', { name: 'الفواتير الإلكترونية' }).click();
    const rows = adminPage.getByTestId('admin-invoice').filter({ hasText: booking.reference });
    await expect(rows).toHaveCount(2);
    await expect(rows.last().getByTestId('report-status')).toHaveText('لم تُبلَّغ (بيئة تجريبية)');
    await expect(rows.last()).toContainText(VAT_NUMBER);
    if (width === 1280) await expectNoSeriousA11yViolations(adminPage, 'admin e-invoices (ar)');
    await screenshot(adminPage, `invoice-admin-ar-${width}`, { fullPage: false });
  }
  await adminContext.close();
  await admin.dispose();
});

test('once in English: paid, the invoice listed and opened, the host’s and the desk’s lists', async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await playwright.request.newContext({ baseURL, storageState: signedInAs('admin') });
  const booking = await requestAndConfirm(page, admin, 5);

  await useLang(page, 'en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/account');
  const mine = page.getByRole('listitem').filter({ hasText: booking.reference });
  await mine.getByRole('button', { name: /^Pay / }).click();
  await payWithTestMada(page);
  await expect(mine.getByText('Paid', { exact: true })).toBeVisible();

  const documents = mine.getByTestId('booking-document');
  await expect(documents).toHaveCount(1);
  await expect(documents.first()).toContainText('Simplified tax invoice');
  const [invoice] = await deskDocuments(admin, booking.reference);
  await expect(documents.first()).toContainText(invoice!.number);
  await expectNoSeriousA11yViolations(page, 'my bookings, paid with its invoice (en, 1280)');
  await mine.scrollIntoViewIfNeeded();
  await screenshot(page, 'invoice-my-bookings-en-1280', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 900 });
  await mine.scrollIntoViewIfNeeded();
  await screenshot(page, 'invoice-my-bookings-en-390', { fullPage: false });

  const tab = await openDocument(
    page.context(),
    documents.first().getByRole('link', { name: /^View Simplified tax invoice/ }),
  );
  await expect(tab.getByText(invoice!.number).first()).toBeVisible();
  await expect(tab.getByTestId('invoice-qr')).toBeVisible();
  await tab.close();

  const hostContext = await browser.newContext({ storageState: signedInAs('host') });
  const hostPage = await hostContext.newPage();
  livePageAfterLoads(hostPage);
  await useLang(hostPage, 'en');
  for (const width of [1280, 390]) {
    await hostPage.setViewportSize({ width, height: 900 });
    await hostPage.goto('/account?tab=hosting');
    const hostDoc = hostPage.getByTestId('host-document').filter({ hasText: booking.reference });
    await expect(hostDoc).toContainText('Simplified tax invoice');
    await hostPage.getByTestId('host-documents').scrollIntoViewIfNeeded();
    if (width === 1280) await expectNoSeriousA11yViolations(hostPage, 'host documents (en)');
    await screenshot(hostPage, `invoice-host-documents-en-${width}`, { fullPage: false });
  }
  await hostContext.close();

  const adminContext = await browser.newContext({ storageState: signedInAs('admin') });
  const adminPage = await adminContext.newPage();
  livePageAfterLoads(adminPage);
  await useLang(adminPage, 'en');
  for (const width of [1280, 390]) {
    await adminPage.setViewportSize({ width, height: 900 });
    await adminPage.goto('/admin/dashboard?tab=invoices');
    const row = adminPage.getByTestId('admin-invoice').filter({ hasText: booking.reference });
    await expect(row.getByTestId('report-status')).toHaveText('Not reported (test environment)');
    await adminPage.getByRole('button', { name: 'Problems', exact: true }).click();
    await expect(adminPage.getByRole('button', { name: 'Problems', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // A document not reported in the test environment is no problem.
    await expect(row).toHaveCount(0);
    await adminPage.getByRole('button', { name: 'All', exact: true }).click();
    await expect(row).toHaveCount(1);
    if (width === 390) await expectNoSeriousA11yViolations(adminPage, 'admin e-invoices (en)');
    await screenshot(adminPage, `invoice-admin-en-${width}`, { fullPage: false });
  }
  await adminContext.close();
  await admin.dispose();
});
