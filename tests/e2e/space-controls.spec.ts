import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, livePageAfterLoads } from './fixtures.ts';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  findMail,
  LANGS,
  screenshot,
  signInApi,
  useLang,
  WIDTHS,
} from './support.ts';

/**
 * Issue 17, in Arabic: the host hears of a request on their space, pauses the space (it leaves
 * explore, its page says it takes no requests) and resumes it; blocks a time a renter then sees
 * busy. The space is the demo host's Olaya Corner Office, which no other journey uses; it is
 * resumed and unblocked whatever happens.
 */
const HOST = DEMO.host;
const RENTER = DEMO.renter;
const NAME_AR = 'مكتب ركن العليا';
const NAME_EN = 'Olaya Corner Office';
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

async function theSpace(request: APIRequestContext, baseURL: string) {
  await signInApi(request, baseURL, HOST);
  const { items } = (await (await request.get('/api/me/spaces')).json()) as {
    items: { id: string; nameEn: string | null; status: string }[];
  };
  return items.find((s) => s.nameEn === NAME_EN)!;
}

async function signInAsHost(page: Page) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'تسجيل الدخول' });
  await form.getByLabel('البريد الإلكتروني').fill(HOST.email);
  await form.getByLabel('كلمة المرور').fill(HOST.password);
  await form.getByRole('button', { name: 'دخول' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

test.describe('a host controls their space, in Arabic', () => {
  // Every test here changes the same demo space: one at a time.
  test.describe.configure({ mode: 'serial' });

  test.afterEach(async ({ playwright, baseURL }) => {
    // Leave the demo space as the other journeys expect it: taking requests, nothing blocked.
    const request = await playwright.request.newContext({ baseURL });
    const space = await theSpace(request, baseURL!);
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
    const hostApi = await playwright.request.newContext({ baseURL });
    const space = await theSpace(hostApi, baseURL!);
    const terms = (await (await hostApi.get(`/api/spaces/${space.id}`)).json()) as {
      availableDays: string[];
    };
    await hostApi.dispose();
    const d = new Date(Date.now() + 3 * 3600_000);
    d.setUTCDate(d.getUTCDate() + 1);
    while (!terms.availableDays.includes(DAYS[d.getUTCDay()]!)) d.setUTCDate(d.getUTCDate() + 1);
    const date = d.toISOString().slice(0, 10);

    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsHost(page);
    await page.goto('/account');
    await page
      .getByRole('listitem', { name: NAME_AR })
      .getByRole('button', { name: 'الأوقات المحجوبة' })
      .click();
    const dialog = page.getByRole('dialog');
    const form = dialog.getByRole('form', { name: 'حجب وقت' });
    await form.getByLabel('اليوم').fill(date);
    await form.getByLabel('من').selectOption('14:00');
    await form.getByLabel('إلى').selectOption('16:00');
    await form.getByLabel('ملاحظة (اختيارية)').fill('مناسبة عائلية');
    await form.getByRole('button', { name: 'احجب هذا الوقت' }).click();
    await expect(dialog.getByText('مناسبة عائلية')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'blocked times (ar, 390)');
    await screenshot(page, 'space-blocks-ar-390', { fullPage: false });

    // A renter, in another browser: the form shows 14:00–16:00 busy, and 14:00 cannot be chosen.
    const renter = await browser.newContext({ baseURL });
    const renterPage = await renter.newPage();
    livePageAfterLoads(renterPage);
    await renterPage.goto('/auth');
    const signIn = renterPage.getByRole('form', { name: 'تسجيل الدخول' });
    await signIn.getByLabel('البريد الإلكتروني').fill(RENTER.email);
    await signIn.getByLabel('كلمة المرور').fill(RENTER.password);
    await signIn.getByRole('button', { name: 'دخول' }).click();
    await expect(renterPage).not.toHaveURL(/\/auth/);
    await renterPage.goto(`/space/${space.id}`);
    const booking = renterPage.getByRole('form', { name: 'طلب الحجز' });
    await booking.getByLabel('التاريخ').fill(date);
    await expect(renterPage.getByText('أوقات محجوزة في هذا اليوم')).toBeVisible();
    await expect(booking.getByLabel('وقت البدء').locator('option[value="14:00"]')).toBeDisabled();
    await expect(renterPage.getByText('مناسبة عائلية')).toHaveCount(0);
    await renter.close();
  });

  test('hears of a request by email, pauses the space out of explore, and resumes it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const hostApi = await playwright.request.newContext({ baseURL });
    const space = await theSpace(hostApi, baseURL!);
    expect(space.status).toBe('approved');
    const terms = (await (await hostApi.get(`/api/spaces/${space.id}`)).json()) as {
      opensAt: string;
      availableDays: string[];
    };
    await hostApi.dispose();

    // A renter asks for it: the host's email arrives, in Arabic.
    const renterApi = await playwright.request.newContext({ baseURL });
    await signInApi(renterApi, baseURL!, RENTER);
    const d = new Date(Date.now() + 3 * 3600_000);
    d.setUTCDate(d.getUTCDate() + 20);
    while (!terms.availableDays.includes(DAYS[d.getUTCDay()]!)) d.setUTCDate(d.getUTCDate() + 1);
    const start = Number(terms.opensAt.slice(0, 2)) + 1;
    const requested = await renterApi.post('/api/bookings', {
      data: {
        spaceId: space.id,
        date: d.toISOString().slice(0, 10),
        startTime: `${String(start).padStart(2, '0')}:00`,
        endTime: `${String(start + 2).padStart(2, '0')}:00`,
        guests: 4,
        contactPhone: '0551234567',
      },
    });
    expect(requested.status()).toBe(201);
    const { id } = (await requested.json()) as { id: string };
    const mail = await findMail(
      (m) =>
        !Array.isArray(m.to) &&
        m.to?.text === HOST.email &&
        m.subject === `طلب حجز جديد على «${NAME_AR}»` &&
        (m.text ?? '').includes(id),
    );
    expect(mail.text).toContain('Faisal Al-Harbi');
    expect(mail.text).not.toContain('0551234567');

    // The host pauses it from their account.
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsHost(page);
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
    await renterApi.dispose();
  });

  test('the archive dialog and the host actions, in both languages and widths: no serious axe findings', async ({
    page,
  }) => {
    await signInAsHost(page);
    for (const lang of LANGS) {
      // The language a returning visitor chose, from the next page on.
      await useLang(page, lang);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/account');
        const name = lang === 'ar' ? NAME_AR : NAME_EN;
        const row = page.getByRole('listitem', { name });
        await row.getByRole('button', { name: lang === 'ar' ? 'أرشفة' : 'Archive' }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expectNoSeriousA11yViolations(page, `archive dialog (${lang}, ${width})`);
        await screenshot(page, `space-controls-archive-${lang}-${width}`);
        await dialog.getByRole('button', { name: lang === 'ar' ? 'تراجع' : 'Keep it' }).click();
        await expect(dialog).toBeHidden();
        await expectNoSeriousA11yViolations(page, `my spaces (${lang}, ${width})`);
      }
    }
  });
});
