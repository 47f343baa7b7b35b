import { expect, test } from './fixtures.ts';

test.describe('home page', () => {
  test('renders in Arabic, right to left, from the first byte', async ({ page, request }) => {
    // The HTML as served, before any script runs.
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'المساحة المناسبة لكل مناسبة، بالساعة',
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
    const response = await page.goto('/some/client/route');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#root')).toBeAttached();
  });
});
