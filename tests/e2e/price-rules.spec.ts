import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { formatPriceRange } from '../../src/shared/format.ts';
import { expect, test } from './fixtures.ts';
import {
  approveAsDesk,
  DEMO,
  expectNoSeriousA11yViolations,
  screenshot,
  signedInAs,
  useLang,
} from './support.ts';

/**
 * Issue 35, in Arabic: the host gives a listing a Friday-evening rate and an add-on through the
 * edit form's pricing step (a wrong band first: its message on the input), saves, and the explore
 * card shows the range "120–450 ر.س." — never a bare "from". Then the pricing step in English
 * starts from the saved rules. axe and screenshots at 390 and 1280.
 */
const NAME = 'استوديو أسعار الجمعة';

async function newApprovedSpace(host: APIRequestContext, admin: APIRequestContext) {
  const buffer = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 90, g: 60, b: 140 } },
  })
    .jpeg()
    .toBuffer();
  const upload = await host.post('/api/uploads/images', {
    multipart: { file: { name: 'studio.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(upload.status()).toBe(201);
  const { id: imageId } = (await upload.json()) as { id: string };
  const created = await host.post('/api/spaces', {
    data: {
      listingLanguage: 'ar',
      nameAr: NAME,
      descriptionAr: 'استوديو للتصوير بسعر خاص مساء الجمعة.',
      type: 'studio',
      address: 'طريق الملك فهد',
      city: 'riyadh',
      priceHalalas: 12_000,
      capacity: 8,
      amenities: ['wifi'],
      contactPhone: '0512345678',
      contactEmail: DEMO.host.email,
      imageIds: [imageId],
      availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      opensAt: '09:00',
      closesAt: '23:00',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect(await approveAsDesk(admin, id)).toBe(200);
  return id;
}

test.describe('a host sets price rules, in Arabic', () => {
  test.use({ storageState: signedInAs('host') });
  let made: string | undefined;

  test.afterAll(async ({ playwright, baseURL }) => {
    if (!made) return;
    const host = await playwright.request.newContext({
      baseURL,
      storageState: signedInAs('host'),
    });
    await host.delete(`/api/me/spaces/${made}`);
    await host.dispose();
  });

  test('a Friday-evening rate and an add-on through the edit form; the card shows the range', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const api = (role: 'host' | 'admin') =>
      playwright.request.newContext({ baseURL, storageState: signedInAs(role) });
    const hostApi = await api('host');
    const adminApi = await api('admin');
    const id = await newApprovedSpace(hostApi, adminApi);
    made = id;
    await hostApi.dispose();
    await adminApi.dispose();

    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/list-your-space/${id}/edit`);
    await expect(page.getByTestId('edit-notice')).toBeVisible();
    const next = page.getByRole('button', { name: 'التالي' });
    await next.click(); // → location
    await next.click(); // → pricing
    await expect(page.getByRole('heading', { name: 'قواعد السعر (اختياري)' })).toBeVisible();

    // A first band the host then drops: the Friday band below moves up in its place.
    await page.getByRole('button', { name: 'إضافة سعر لفترة' }).click();
    await page.getByTestId('price-band').getByLabel('سعر الساعة في هذه الفترة (ريال)').fill('999');
    await page.getByRole('button', { name: 'إضافة سعر لفترة' }).click();
    await expect(page.getByTestId('price-band')).toHaveCount(2);
    const band = page.getByTestId('price-band').nth(1);
    await band.getByLabel('الجمعة').check();
    await band.getByLabel('من', { exact: true }).fill('16:00');
    await band.getByLabel('إلى', { exact: true }).fill('15:00');
    await band.getByLabel('سعر الساعة في هذه الفترة (ريال)').fill('٤٥٠');
    await page.getByRole('button', { name: 'إضافة خدمة' }).click();
    const addOn = page.getByTestId('price-add-on');
    await addOn.getByLabel('الاسم بالعربي').fill('ضيافة قهوة');
    await addOn.getByLabel('الاسم بالإنجليزي').fill('Coffee service');
    await addOn.getByLabel('السعر (ريال)').fill('25');
    await addOn.getByLabel('يُحسب').selectOption('guest');
    await addOn.getByLabel('أقصى كمية').fill('20');
    await page.getByRole('button', { name: 'حذف الفترة 1' }).click();
    await expect(page.getByTestId('price-band')).toHaveCount(1);
    await expect(band).toHaveCount(0);

    const only = page.getByTestId('price-band');
    await expect(only.getByLabel('الجمعة')).toBeChecked();
    await expect(only.getByLabel('سعر الساعة في هذه الفترة (ريال)')).toHaveValue('٤٥٠');
    // A band ending before it starts: the host stays on the step, told why, on the input.
    await next.click();
    const to = only.getByLabel('إلى', { exact: true });
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(only.getByRole('alert')).toHaveText('يجب أن تكون نهاية الفترة بعد بدايتها.');
    await screenshot(page, 'price-rules-error-ar-390');
    await to.fill('00:00');
    await expect(to).toHaveAttribute('aria-invalid', 'false');
    await expectNoSeriousA11yViolations(page, 'pricing step with rules (ar 390)');
    await screenshot(page, 'price-rules-ar-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoSeriousA11yViolations(page, 'pricing step with rules (ar 1280)');
    await screenshot(page, 'price-rules-ar-1280');

    await next.click(); // → images
    await next.click(); // → availability
    await next.click(); // → review
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(page.getByTestId('edit-saved')).toContainText('طُبِّق الآن');

    // The card shows the range of the rates, one currency sign.
    await page.goto(`/explore-spaces?q=${encodeURIComponent(NAME)}`);
    const card = page.getByRole('article').filter({ hasText: NAME });
    await expect(card.getByTestId('card-price')).toHaveText(formatPriceRange(12_000, 45_000, 'ar'));
    await expect(card.getByTestId('card-price')).toContainText('120–450');
    await screenshot(page, 'price-rules-card-ar-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoSeriousA11yViolations(page, 'explore card with a range (ar 390)');
    await screenshot(page, 'price-rules-card-ar-390');
    // The space's page offers the add-on on the booking form.
    await page.goto(`/space/${id}`);
    await expect(page.getByText('ضيافة قهوة').first()).toBeVisible();

    // In English, the pricing step starts from the saved rules.
    await useLang(page, 'en');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/list-your-space/${id}/edit`);
    const nextEn = page.getByRole('button', { name: 'Next' });
    await nextEn.click();
    await nextEn.click();
    const bandEn = page.getByTestId('price-band');
    await expect(bandEn.getByLabel('Friday')).toBeChecked();
    await expect(bandEn.getByLabel('To', { exact: true })).toHaveValue('00:00');
    await expect(bandEn.getByLabel('Price per hour in this band (SAR)')).toHaveValue('450');
    await expect(page.getByTestId('price-add-on').getByLabel('Name in English')).toHaveValue(
      'Coffee service',
    );
    await expectNoSeriousA11yViolations(page, 'pricing step with rules (en 1280)');
    await screenshot(page, 'price-rules-en-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoSeriousA11yViolations(page, 'pricing step with rules (en 390)');
    await screenshot(page, 'price-rules-en-390');
    await page.goto(`/explore-spaces?q=${encodeURIComponent(NAME)}`);
    await expect(
      page.getByRole('article').filter({ hasText: NAME }).getByTestId('card-price'),
    ).toHaveText(formatPriceRange(12_000, 45_000, 'en'));
  });
});
