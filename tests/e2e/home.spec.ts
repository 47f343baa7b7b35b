import { expect, test } from './fixtures.ts';

test.describe('home page', () => {
  test('renders in Arabic, right to left, from the first byte, and a reload changes nothing', async ({
    page,
  }) => {
    const response = await page.goto('/');
    // The HTML as served, before any script runs.
    expect(await response?.text()).toMatch(/<html lang="ar" dir="rtl"[ >]/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText('المساحة المناسبة، بالساعات التي تحتاجها');
    await expect(page).toHaveTitle(/مساحة بالساعة/);

    const before = await h1.textContent();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(h1).toHaveText(before ?? '');
  });

  test('a client route deep link is served the app', async ({ page }) => {
    const response = await page.goto('/account?tab=bookings');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#root')).toBeAttached();
  });
});

// An unknown path is answered 404 with the app and its not-found page: public-pages.spec.ts
// (/no/such/page, in each language: the status, #root, the not-found heading) and
// tests/api/seo.test.ts ("404 with the not-found page": the status, the app's root, noindex).

test.describe('the page guard itself', () => {
  test('fails a test whose page logs a console error', async ({ page }) => {
    test.fail(true, 'the fixture must turn a console error into a failure');
    await page.goto('/');
    await page.evaluate(() => console.error('deliberate'));
  });

  test('fails a test whose page has a failed request', async ({ page }) => {
    test.fail(true, 'the fixture must turn a failed request into a failure');
    await page.goto('/');
    await page.evaluate(() => fetch('http://127.0.0.1:9/unreachable').catch(() => undefined));
  });
});
