import { expect, test } from './fixtures.ts';

test.describe('home page', () => {
  test('renders in Arabic, right to left, from the first byte', async ({ page, request }) => {
    // The HTML as served, before any script runs.
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"[ >]/);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'المساحة المناسبة، بالساعات التي تحتاجها',
    );
    await expect(page).toHaveTitle(/مساحة بالساعة/);
  });

  test('a reload changes nothing', async ({ page }) => {
    await page.goto('/');
    const before = await page.getByRole('heading', { level: 1 }).textContent();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(before ?? '');
  });

  test('a client route deep link is served the app', async ({ page }) => {
    const response = await page.goto('/account?tab=bookings');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#root')).toBeAttached();
  });
});

test.describe('an unknown path', () => {
  // The browser logs the document's 404 (decision 036).
  test.use({ allowedConsoleErrors: /status of 404/ });
  test('is answered 404 with the app and its not-found page', async ({ page }) => {
    const response = await page.goto('/some/client/route');
    expect(response?.status()).toBe(404);
    await expect(page.locator('#root')).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('الصفحة غير موجودة');
  });
});

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
