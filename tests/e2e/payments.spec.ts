import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import sharp from 'sharp';
import {
  approveAsDesk,
  DEMO,
  expectNoSeriousA11yViolations,
  screenshot,
  signedInAs,
  useLang,
} from './support.ts';

/**
 * Issue 32, in Arabic: a renter requests, the admin confirms, the renter pays with a test mada
 * card on the embedded gateway (its card form and 3-D Secure step, marked "test payment"), sees
 * the booking paid, cancels inside the free window and sees the full refund; then the whole flow
 * once more in English. The request and the confirm go through the API (their screens have
 * journeys of their own); the bookings are on Maker Bench Workshop, 60+ days ahead, times no
 * other journey books. And a booking left unpaid is released at its deadline, on the real clock:
 * a booking confirmed within 30 minutes of its start must be paid by its confirmation
 * (`paymentDeadline`, decision 053), and the release sweep (every SWEEP_EVERY_SECONDS, 10 s on
 * the e2e server) cancels it; the renter reads why on My bookings.
 */
const NAME_EN = 'Maker Bench Workshop';
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MADA_OK = '4201320111111010';

test.use({ storageState: signedInAs('renter') });

async function makerBench(page: Page) {
  const found = (await (await page.request.get('/api/spaces?q=Maker%20Bench')).json()) as {
    items: { id: string; nameEn: string | null }[];
  };
  const spaceId = found.items.find((s) => s.nameEn === NAME_EN)!.id;
  const space = (await (await page.request.get(`/api/spaces/${spaceId}`)).json()) as {
    nameAr: string;
    opensAt: string;
    availableDays: string[];
  };
  const d = new Date(Date.now() + 3 * 3600_000);
  d.setUTCDate(d.getUTCDate() + 61);
  return { spaceId, space, d };
}

/** Requests a one-hour booking `hoursAfterOpening` into the day, and has the admin confirm it. */
async function requestAndConfirm(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  hoursAfterOpening: number,
) {
  const { spaceId, space, d } = await makerBench(page);
  while (!space.availableDays.includes(DAYS[d.getUTCDay()]!)) d.setUTCDate(d.getUTCDate() + 1);
  const date = d.toISOString().slice(0, 10);
  const h = Number(space.opensAt.slice(0, 2)) + hoursAfterOpening;
  const start = `${String(h).padStart(2, '0')}:00`;
  const end = `${String(h + 1).padStart(2, '0')}:00`;
  const requested = await page.request.post('/api/bookings', {
    data: { spaceId, date, startTime: start, endTime: end, guests: 2, contactPhone: '0551234567' },
  });
  expect(requested.status()).toBe(201);
  const { id, reference } = (await requested.json()) as { id: string; reference: string };
  const adminApi = await playwright.request.newContext({
    baseURL,
    storageState: signedInAs('admin'),
  });
  expect((await adminApi.post(`/api/admin/bookings/${id}/confirm`)).status()).toBe(200);
  await adminApi.dispose();
  return { id, reference };
}

/** The embedded gateway's card form and 3-D Secure step, each checked by axe. */
async function payWithTestMada(page: Page, label: string) {
  await expect(page.getByText('دفع تجريبي — لا تُخصم أي أموال حقيقية')).toBeVisible();
  await expect(page.getByText('Test payment — no real money is charged')).toBeVisible();
  await page.getByLabel('الاسم على البطاقة · Name on card').fill('Faisal Harbi');
  await page.getByLabel('رقم البطاقة · Card number').fill(MADA_OK);
  await page.getByLabel('الشهر · Month').fill('12');
  await page.getByLabel('السنة · Year').fill('2031');
  await page.getByLabel('رمز الأمان · CVC').fill('123');
  await expectNoSeriousA11yViolations(page, `test gateway, card form (${label})`);
  await screenshot(page, `payment-test-gateway-${label}`, { fullPage: true });
  await page.getByRole('button', { name: 'ادفع · Pay' }).click();
  await expect(page.getByRole('heading', { name: 'التحقق الثلاثي · 3-D Secure' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `test gateway, 3-D Secure (${label})`);
  await screenshot(page, `payment-3ds-${label}`, { fullPage: true });
  await page.getByRole('button', { name: 'تحقق · Authenticate' }).click();
}

test('a renter pays a confirmed booking with a test mada card, then cancels and is refunded', async ({
  page,
  playwright,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const { reference } = await requestAndConfirm(page, playwright, baseURL, 4);

  await useLang(page, 'ar');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/account');
  const mine = page.getByRole('listitem').filter({ hasText: reference });
  await expect(mine.getByText('بانتظار الدفع', { exact: true })).toBeVisible();
  await expect(mine).toContainText('بتوقيت الرياض');
  await expectNoSeriousA11yViolations(page, 'my bookings, awaiting payment (ar, 390)');
  await screenshot(page, 'payment-due-ar-390', { fullPage: true });
  await mine.getByRole('button', { name: /^ادفع / }).click();

  // The embedded gateway's hosted form, marked as a test in both languages.
  await payWithTestMada(page, 'ar-390');

  // Back in My bookings: paid.
  await page.waitForURL(/\/account/);
  await expect(mine.getByText('مدفوع', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: /^ادفع / })).toHaveCount(0);
  await screenshot(page, 'payment-paid-ar-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(page, 'my bookings, paid (ar, 1280)');
  await screenshot(page, 'payment-paid-ar-1280', { fullPage: false });

  // The host sees the earning in the Hosting area (the ledger's screen).
  const hostContext = await browser.newContext({
    storageState: signedInAs('host'),
    viewport: { width: 390, height: 900 },
  });
  const hostPage = await hostContext.newPage();
  await useLang(hostPage, 'ar');
  await hostPage.goto('/account?tab=hosting');
  await expect(
    hostPage.getByTestId('earnings-booking').filter({ hasText: reference }),
  ).toBeVisible();
  await hostPage.getByTestId('host-earnings').scrollIntoViewIfNeeded();
  await screenshot(hostPage, 'payment-host-earning-ar-390', { fullPage: false });
  await hostContext.close();

  // Cancelled inside the free window: everything paid comes back (a job through the gateway).
  await useLang(page, 'ar');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/account');
  await mine.getByRole('button', { name: 'إلغاء الحجز' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'نعم، ألغِ الحجز' }).click();
  await expect(mine.getByText('ملغى', { exact: true })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(mine.getByText('تم الاسترداد', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(mine).toContainText('أُعيد');
  await expectNoSeriousA11yViolations(page, 'my bookings, refunded (ar, 390)');
  await screenshot(page, 'payment-refunded-ar-390', { fullPage: true });
});

test('once in English: request, confirm, pay with a test card, paid, cancel inside the free window, refunded', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { reference } = await requestAndConfirm(page, playwright, baseURL, 7);

  await useLang(page, 'en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/account');
  const mine = page.getByRole('listitem').filter({ hasText: reference });
  await expect(mine.getByText('Awaiting payment', { exact: true })).toBeVisible();
  await expect(mine).toContainText('(Riyadh time)');
  await mine.getByRole('button', { name: /^Pay / }).click();
  await payWithTestMada(page, 'en-1280');

  await page.waitForURL(/\/account/);
  await expect(mine.getByText('Paid', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await screenshot(page, 'payment-paid-en-1280', { fullPage: false });

  await mine.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel the booking' }).click();
  await expect(mine.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(mine.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(mine).toContainText('back to your card');
  await expectNoSeriousA11yViolations(page, 'my bookings, refunded (en, 1280)');
  await screenshot(page, 'payment-refunded-en-1280', { fullPage: false });
});

/** `HH:mm` of a count of minutes in the day (wrapping past midnight). */
const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

test('a booking left unpaid is released at its deadline, and the renter reads why (ar)', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The next start on the 30-minute grid at least 90 s away, on the real clock. Confirmed now,
  // about 30 minutes or less before it starts, the booking must be paid by start − 30 min (or
  // its confirmation, if that has passed): at most 90 s from now.
  const startAt = Math.ceil((Date.now() + 90_000) / 1_800_000) * 1_800_000;
  const riyadh = new Date(startAt + 3 * 3600_000);
  const date = riyadh.toISOString().slice(0, 10);
  const startMinutes = riyadh.getUTCHours() * 60 + riyadh.getUTCMinutes();
  // A listing of this spec's own, open around that start whatever the hour (so no demo space's
  // hours or other journeys' bookings decide whether this test can run).
  const apiOf = (role: 'host' | 'admin') =>
    playwright.request.newContext({ baseURL, storageState: signedInAs(role) });
  const hostApi = await apiOf('host');
  const adminApi = await apiOf('admin');
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 90, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  const upload = await hostApi.post('/api/uploads/images', {
    multipart: { file: { name: 'room.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status()).toBe(201);
  const created = await hostApi.post('/api/spaces', {
    data: {
      listingLanguage: 'ar',
      nameAr: 'غرفة اجتماعات الدفع المتأخر',
      descriptionAr: 'غرفة اجتماعات صغيرة قرب محطة المترو، فيها شاشة وسبورة ومقاعد مريحة.',
      type: 'meeting_room',
      address: 'طريق العليا',
      city: 'riyadh',
      priceHalalas: 15_000,
      capacity: 6,
      amenities: ['wifi'],
      contactPhone: '0512345678',
      contactEmail: DEMO.host.email,
      imageIds: [((await upload.json()) as { id: string }).id],
      availableDays: DAYS,
      opensAt: hhmm(startMinutes),
      closesAt: hhmm(startMinutes + 120),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: spaceId } = (await created.json()) as { id: string };
  try {
    expect(await approveAsDesk(adminApi, spaceId)).toBe(200);
    const requested = await page.request.post('/api/bookings', {
      data: {
        spaceId,
        date,
        startTime: hhmm(startMinutes),
        endTime: hhmm(startMinutes + 60),
        guests: 2,
        contactPhone: '0551234567',
      },
    });
    expect(requested.status(), await requested.text()).toBe(201);
    const { id, reference } = (await requested.json()) as { id: string; reference: string };
    expect((await adminApi.post(`/api/admin/bookings/${id}/confirm`)).status()).toBe(200);

    // Nobody pays. The release sweep (a real job on the server's worker) cancels it.
    await useLang(page, 'ar');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/account');
    const mine = page.getByRole('listitem').filter({ hasText: reference });
    await expect(async () => {
      await page.reload();
      await expect(mine.getByText('ملغى', { exact: true })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 150_000 });
    await expect(
      mine.getByText('لم يُدفع المبلغ في موعده، فأُلغي الحجز وصار الموعد متاحًا لغيرك.'),
    ).toBeVisible();
    await expect(mine.getByRole('button', { name: /^ادفع / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'my bookings, released unpaid (ar, 390)');
    await mine.scrollIntoViewIfNeeded();
    await screenshot(page, 'payment-released-ar-390', { fullPage: false });
  } finally {
    await hostApi.delete(`/api/me/spaces/${spaceId}`);
    await hostApi.dispose();
    await adminApi.dispose();
  }
});
