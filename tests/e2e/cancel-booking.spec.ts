import { BOOKING_REFERENCE_PATTERN } from '#shared/domain/booking-reference.ts';
import { unreadableParts } from '#shared/readable-text.ts';
import { expect, test } from './fixtures.ts';
import {
  LANGS,
  screenshot,
  signedInAs,
  useLang,
  expectNoSeriousA11yViolations,
} from './support.ts';

/**
 * Issue 18, in Arabic: a renter cancels a confirmed booking from My bookings, the dialog says what
 * the listing's cancellation policy means, and the space's form shows the time free at once. The
 * booking is made and confirmed through the API on Maker Bench Workshop, which no other journey
 * books, far enough ahead to be inside the free window. Each demo role's session is the run's
 * (auth.setup.ts).
 */
const NAME_EN = 'Maker Bench Workshop';
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

test.use({ storageState: signedInAs('renter') });

test('a renter cancels a confirmed booking and the time shows free again', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL, storageState: signedInAs('host') });
  const { items } = (await (await api.get('/api/me/spaces')).json()) as {
    items: { id: string; nameEn: string | null }[];
  };
  const spaceId = items.find((s) => s.nameEn === NAME_EN)!.id;
  const space = (await (await api.get(`/api/spaces/${spaceId}`)).json()) as {
    nameAr: string;
    opensAt: string;
    availableDays: string[];
  };
  const d = new Date(Date.now() + 3 * 3600_000);
  d.setUTCDate(d.getUTCDate() + 45);
  while (!space.availableDays.includes(DAYS[d.getUTCDay()]!)) d.setUTCDate(d.getUTCDate() + 1);
  const date = d.toISOString().slice(0, 10);
  const start = `${String(Number(space.opensAt.slice(0, 2)) + 1).padStart(2, '0')}:00`;
  const end = `${String(Number(space.opensAt.slice(0, 2)) + 3).padStart(2, '0')}:00`;

  // The renter's page shares its cookies with page.request: the request is the renter's.
  const requested = await page.request.post('/api/bookings', {
    data: { spaceId, date, startTime: start, endTime: end, guests: 2, contactPhone: '0551234567' },
  });
  expect(requested.status()).toBe(201);
  const { id } = (await requested.json()) as { id: string };
  const adminApi = await playwright.request.newContext({
    baseURL,
    storageState: signedInAs('admin'),
  });
  expect((await adminApi.post(`/api/admin/bookings/${id}/confirm`)).status()).toBe(200);
  await adminApi.dispose();
  await api.dispose();

  await page.setViewportSize({ width: 390, height: 844 });

  // Taken before: the form marks the time busy.
  await page.goto(`/space/${spaceId}`);
  const form = page.getByRole('form', { name: 'طلب الحجز' });
  await form.getByRole('textbox', { name: 'التاريخ' }).fill(date);
  await expect(page.getByText('أوقات محجوزة في هذا اليوم')).toBeVisible();
  await expect(form.getByLabel('وقت البدء').locator(`option[value="${start}"]`)).toBeDisabled();

  await page.goto('/account');
  const mine = page.getByRole('listitem', { name: space.nameAr });
  await expect(mine.getByText('مؤكد', { exact: true })).toBeVisible();
  await mine.getByRole('button', { name: 'إلغاء الحجز' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: 'هل تريد إلغاء هذا الحجز المؤكد؟' }),
  ).toBeVisible();
  await expect(dialog).toContainText('ما زلت ضمن مدة الإلغاء المجاني');
  await expect(dialog).toContainText('الإلغاء مجاني حتى');
  await expectNoSeriousA11yViolations(page, 'cancel a confirmed booking (ar, 390)');
  await screenshot(page, 'cancel-booking-dialog-ar-390', { fullPage: false });
  await dialog.getByRole('button', { name: 'نعم، ألغِ الحجز' }).click();
  await expect(page.getByText('أُلغي حجزك، وأصبح الموعد متاحًا من جديد.').first()).toBeVisible();
  await expect(mine.getByText('ملغى', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'إلغاء الحجز' })).toHaveCount(0);
  await screenshot(page, 'cancel-booking-done-ar-390', { fullPage: true });

  // Free again at once: no busy times that day, and the start can be chosen.
  await page.goto(`/space/${spaceId}`);
  await form.getByRole('textbox', { name: 'التاريخ' }).fill(date);
  await expect(form.getByLabel('وقت البدء').locator(`option[value="${start}"]`)).toBeEnabled();
  await expect(page.getByText('أوقات محجوزة في هذا اليوم')).toHaveCount(0);

  // The renter's email that removes it from their calendar (METHOD:CANCEL) is
  // tests/api/request-lifecycle.test.ts's ("the renter, inside the free window…").
});

test('My bookings and the space page in both languages and widths: statuses, time left, policy', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const found = (await (await page.request.get('/api/spaces?q=Maker%20Bench')).json()) as {
    items: { id: string; nameEn: string | null }[];
  };
  const spaceId = found.items.find((s) => s.nameEn === NAME_EN)!.id;
  const pendingOne = page.getByText(
    /^(تنتهي مهلته بعد .+ إن لم يُبت فيه|Expires in .+ unless decided)$/,
  );
  const policy = page.getByTestId('cancellation-policy');
  // One load per language (chosen at load) and page; the other width is the same page resized.
  for (const lang of LANGS) {
    await useLang(page, lang);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/account');
    await expect(pendingOne.first()).toBeVisible();
    // Each booking named by its reference; no code and no id anywhere on the list (issue 31).
    await expect(page.getByTestId('booking-reference').first()).toHaveText(
      BOOKING_REFERENCE_PATTERN,
    );
    expect(unreadableParts(await page.locator('main').innerText())).toEqual([]);
    await screenshot(page, `my-bookings-${lang}-390`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(pendingOne.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `my bookings (${lang})`);
    await screenshot(page, `my-bookings-${lang}-1280`, { fullPage: true });

    await page.goto(`/space/${spaceId}`);
    await expect(policy).toBeVisible();
    await policy.scrollIntoViewIfNeeded();
    await screenshot(page, `space-policy-${lang}-1280`, { fullPage: false });
    await page.setViewportSize({ width: 390, height: 900 });
    await expect(policy).toBeVisible();
    await policy.scrollIntoViewIfNeeded();
    await screenshot(page, `space-policy-${lang}-390`, { fullPage: false });
  }
});
