import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, test, livePageAfterLoads } from './fixtures.ts';
import {
  LANGS,
  screenshot,
  signedInAs,
  useLang,
  expectNoSeriousA11yViolations,
} from './support.ts';

/**
 * Issue 17, in Arabic: the host pauses their space (it leaves explore, its page says it takes no
 * requests) and resumes it; blocks a time a renter then sees busy. The space is the demo host's
 * Olaya Corner Office, which no other journey uses; it is resumed and unblocked whatever happens.
 * The email the host gets for a request on it (in Arabic, with the renter's name, without their
 * contact) is tests/api/host-notices.test.ts's. Each demo role's session is the run's
 * (auth.setup.ts).
 */
const NAME_AR = 'مكتب ركن العليا';
const NAME_EN = 'Olaya Corner Office';
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** An API client with the demo host's session. */
const hostApiOf = (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) =>
  playwright.request.newContext({ baseURL, storageState: signedInAs('host') });

async function theSpace(request: APIRequestContext) {
  const { items } = (await (await request.get('/api/me/spaces')).json()) as {
    items: { id: string; nameEn: string | null; status: string }[];
  };
  return items.find((s) => s.nameEn === NAME_EN)!;
}

test.describe('a host controls their space, in Arabic', () => {
  // Every test here changes the same demo space: one at a time.
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: signedInAs('host') });

  test.afterEach(async ({ playwright, baseURL }) => {
    // Leave the demo space as the other journeys expect it: taking requests, nothing blocked.
    const request = await hostApiOf(playwright, baseURL!);
    const space = await theSpace(request);
    if (space.status === 'paused') await request.post(`/api/me/spaces/${space.id}/resume`);
    const { items } = (await (await request.get(`/api/me/spaces/${space.id}/blocks`)).json()) as {
      items: { id: string }[];
    };
    for (const block of items)
      await request.delete(`/api/me/spaces/${space.id}/blocks/${block.id}`);
    await request.dispose();
  });

  test('blocks 14:00–16:00 on its next open day; the renter sees that time busy', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const hostApi = await hostApiOf(playwright, baseURL!);
    const space = await theSpace(hostApi);
    const terms = (await (await hostApi.get(`/api/spaces/${space.id}`)).json()) as {
      availableDays: string[];
    };
    await hostApi.dispose();
    const d = new Date(Date.now() + 3 * 3600_000);
    d.setUTCDate(d.getUTCDate() + 1);
    while (!terms.availableDays.includes(DAYS[d.getUTCDay()]!)) d.setUTCDate(d.getUTCDate() + 1);
    const date = d.toISOString().slice(0, 10);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account');
    await page
      .getByRole('listitem', { name: NAME_AR })
      .getByRole('button', { name: 'الأوقات المحجوبة' })
      .click();
    const dialog = page.getByRole('dialog');
    const form = dialog.getByRole('form', { name: 'حجب وقت' });
    await form.getByRole('textbox', { name: 'اليوم' }).fill(date);
    await form.getByLabel('من').selectOption('14:00');
    await form.getByLabel('إلى').selectOption('16:00');
    await form.getByLabel('ملاحظة (اختيارية)').fill('مناسبة عائلية');
    await form.getByRole('button', { name: 'احجب هذا الوقت' }).click();
    await expect(dialog.getByText('مناسبة عائلية')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'blocked times (ar, 390)');
    await screenshot(page, 'space-blocks-ar-390', { fullPage: false });

    // A renter, in another browser: the form shows 14:00–16:00 busy, and 14:00 cannot be chosen.
    const renter = await browser.newContext({ baseURL, storageState: signedInAs('renter') });
    const renterPage = await renter.newPage();
    livePageAfterLoads(renterPage);
    await renterPage.goto(`/space/${space.id}`);
    const booking = renterPage.getByRole('form', { name: 'طلب الحجز' });
    await booking.getByRole('textbox', { name: 'التاريخ' }).fill(date);
    await expect(renterPage.getByText('أوقات محجوزة في هذا اليوم')).toBeVisible();
    await expect(booking.getByLabel('وقت البدء').locator('option[value="14:00"]')).toBeDisabled();
    await expect(renterPage.getByText('مناسبة عائلية')).toHaveCount(0);
    await renter.close();
  });

  test('pauses the space out of explore, and resumes it', async ({ page, playwright, baseURL }) => {
    const hostApi = await hostApiOf(playwright, baseURL!);
    const space = await theSpace(hostApi);
    expect(space.status).toBe('approved');
    await hostApi.dispose();

    // The host pauses it from their account.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account');
    const row = page.getByRole('listitem', { name: NAME_AR });
    await row.getByRole('button', { name: 'إيقاف الطلبات مؤقتًا' }).click();
    await expect(row.getByText('موقوفة مؤقتًا', { exact: true })).toBeVisible();
    await expect(page.getByText(`أُوقفت طلبات «${NAME_AR}» مؤقتًا`).first()).toBeVisible();
    await screenshot(page, 'space-controls-paused-ar-390', { fullPage: true });

    // Gone from explore; its page stays and says it takes no requests.
    await page.goto(`/explore-spaces?q=${encodeURIComponent(NAME_EN)}`);
    await expect(page.getByRole('heading', { name: NAME_AR })).toHaveCount(0);
    await page.goto(`/space/${space.id}`);
    await expect(page.getByText('لا تستقبل طلبات حجز حاليًا')).toBeVisible();
    await expect(page.getByRole('form', { name: 'طلب الحجز' })).toHaveCount(0);
    await screenshot(page, 'space-controls-paused-page-ar-390');

    // Resumed: back in explore.
    await page.goto('/account');
    await row.getByRole('button', { name: 'استئناف الطلبات' }).click();
    await expect(row.getByText('معتمدة', { exact: true })).toBeVisible();
    await page.goto(`/explore-spaces?q=${encodeURIComponent(NAME_EN)}`);
    await expect(page.getByRole('link', { name: new RegExp(NAME_AR) }).first()).toBeVisible();
  });

  test('the archive dialog and the host actions, in both languages and widths: no serious axe findings', async ({
    page,
  }) => {
    for (const lang of LANGS) {
      // The language a returning visitor chose, at the load; the other width is the page resized.
      await useLang(page, lang);
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto('/account');
      const name = lang === 'ar' ? NAME_AR : NAME_EN;
      const row = page.getByRole('listitem', { name });
      const dialog = page.getByRole('dialog');
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoSeriousA11yViolations(page, `my spaces (${lang}, ${width})`);
        await row.getByRole('button', { name: lang === 'ar' ? 'أرشفة' : 'Archive' }).click();
        await expect(dialog).toBeVisible();
        // The page behind was scanned at this width just now: the dialog is what changed.
        await expectNoSeriousA11yViolations(page, `archive dialog (${lang}, ${width})`, {
          include: 'dialog[open]',
        });
        await screenshot(page, `space-controls-archive-${lang}-${width}`);
        await dialog.getByRole('button', { name: lang === 'ar' ? 'تراجع' : 'Keep it' }).click();
        await expect(dialog).toBeHidden();
      }
    }
  });
});
