import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { formatPrice } from '../../src/shared/format.ts';
import { expect, test, livePageAfterLoads } from './fixtures.ts';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  LANGS,
  screenshot,
  signedInAs,
  useLang,
  approveAsDesk,
} from './support.ts';

/**
 * Issue 17, "Edit a listing", in Arabic: the host changes the price (live at once on the space's
 * page) and the name (a revision: the page keeps the old name until the admin approves it). The
 * space is made for this spec through the API (no other journey knows it) and archived after.
 */
const HOST = DEMO.host;
const OLD_NAME = 'استوديو التعديل التجريبي';
const NEW_NAME = 'استوديو التعديل المحدّث';

/** A new approved listing of the demo host: uploaded, listed, approved, all through the API. */
async function newApprovedSpace(
  host: APIRequestContext,
  admin: APIRequestContext,
  name: string,
  colours: { r: number; g: number; b: number }[] = [{ r: 30, g: 110, b: 100 }],
) {
  const imageIds: string[] = [];
  for (const [n, background] of colours.entries()) {
    const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const upload = await host.post('/api/uploads/images', {
      multipart: { file: { name: `studio-${n + 1}.jpg`, mimeType: 'image/jpeg', buffer } },
    });
    expect(upload.status()).toBe(201);
    imageIds.push(((await upload.json()) as { id: string }).id);
  }
  const created = await host.post('/api/spaces', {
    data: {
      listingLanguage: 'ar',
      nameAr: name,
      descriptionAr: 'استوديو هادئ بإضاءة طبيعية للتصوير والتسجيل.',
      type: 'studio',
      address: 'شارع الأمير محمد بن فهد',
      city: 'dammam',
      priceHalalas: 12_000,
      capacity: 6,
      amenities: ['wifi'],
      contactPhone: '0512345678',
      contactEmail: HOST.email,
      imageIds,
      availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
      opensAt: '09:00',
      closesAt: '21:00',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect(await approveAsDesk(admin, id)).toBe(200);
  return { id, imageIds };
}

/** An API client of the demo role signed in once for the run (auth.setup.ts). */
const apiOf = (
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  role: 'host' | 'admin',
) => playwright.request.newContext({ baseURL, storageState: signedInAs(role) });

/**
 * What changes from one step of the wizard to the next: the notice, the progress, the step and its
 * buttons. After one full axe scan of the page in a language at a width, the other steps there are
 * scanned in this only (issue 30).
 */
const WIZARD = 'div:has(> form[aria-labelledby="wizard-step-title"])';

const toast = (page: Page) =>
  page
    .getByRole('region', { name: /الإشعارات/ })
    .getByRole('listitem')
    .first();

test.describe('a host edits a listing, in Arabic', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: signedInAs('host') });
  const made: string[] = [];

  test.afterAll(async ({ playwright, baseURL }) => {
    const host = await apiOf(playwright, baseURL!, 'host');
    for (const id of made) await host.delete(`/api/me/spaces/${id}`);
    await host.dispose();
  });

  test('price live at once; the name after the admin approves it', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const hostApi = await apiOf(playwright, baseURL!, 'host');
    const adminApi = await apiOf(playwright, baseURL!, 'admin');
    // Three photos; the host will make the third the cover and move the first last.
    const { id, imageIds } = await newApprovedSpace(hostApi, adminApi, OLD_NAME, [
      { r: 30, g: 110, b: 100 },
      { r: 200, g: 160, b: 60 },
      { r: 40, g: 70, b: 160 },
    ]);
    const [first, second, third] = imageIds as [string, string, string];
    made.push(id);
    await hostApi.dispose();
    await adminApi.dispose();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/account');
    await page.getByRole('link', { name: `تعديل «${OLD_NAME}»` }).click();
    await expect(page).toHaveURL(new RegExp(`/list-your-space/${id}/edit$`));
    await expect(page.getByTestId('edit-notice')).toContainText('يراجعها فريقنا أول');

    const name = page.getByLabel(/^اسم المساحة/).first();
    await expect(name).toHaveValue(OLD_NAME);
    await name.fill(NEW_NAME);
    const next = page.getByRole('button', { name: 'التالي' });
    await next.click(); // → location
    await next.click(); // → pricing
    await page.getByLabel('السعر للساعة (ريال)').fill('175');
    await next.click(); // → images
    // The third photo becomes the cover, by keyboard; then the old cover moves to the end.
    const photos = page.getByRole('list', { name: 'صورك' }).getByRole('listitem');
    await expect(photos).toHaveCount(3);
    await page.getByRole('button', { name: 'اجعلها الغلاف: الصورة 3' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'أصبحت صورة الغلاف' })).toHaveText(
      'الصورة 3: أصبحت صورة الغلاف.',
    );
    await expect(photos.first()).toHaveAttribute('data-cover', 'true');
    await expect(photos.first().getByText('صورة الغلاف')).toBeVisible();
    await expect(photos.first().getByRole('img')).toHaveAttribute('src', new RegExp(third));
    // The focus stayed with the moved photo (its "later" button: "earlier" no longer applies).
    await expect(page.getByRole('button', { name: 'انقل الصورة 1 إلى موضع لاحق' })).toBeFocused();
    await page.getByRole('button', { name: 'انقل الصورة 2 إلى موضع لاحق' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'أصبحت الصورة 3 من 3' })).toBeVisible();
    const order = () =>
      photos.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(
      (await order()).map((src) => [first, second, third].find((x) => src!.includes(x))),
    ).toEqual([third, second, first]);
    // Earlier lies to the start side: right in Arabic.
    const earlier = await page
      .getByRole('button', { name: 'انقل الصورة 3 إلى موضع أسبق' })
      .boundingBox();
    const later = await page
      .getByRole('button', { name: 'انقل الصورة 2 إلى موضع لاحق' })
      .boundingBox();
    expect(earlier && later && earlier.x > later.x).toBe(true);
    // The wizard at this language and width is scanned whole in the next test.
    await expectNoSeriousA11yViolations(page, 'edit wizard photos (ar)', { include: WIZARD });
    await screenshot(page, 'edit-listing-photos-ar-1280');
    await next.click(); // → availability
    await expect(page.getByLabel('استراحة بين الحجوزات')).toBeVisible();
    await screenshot(page, 'edit-listing-settings-ar-1280');
    await next.click(); // → review
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();

    const saved = page.getByTestId('edit-saved');
    await expect(saved).toContainText('طُبِّق الآن: السعر والمرافق.');
    await expect(saved).toContainText('بانتظار المراجعة: المعلومات الأساسية ورفع الصور.');
    await screenshot(page, 'edit-listing-saved-ar-1280');

    // The price is live; the name is still the old one.
    await page.goto(`/space/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(OLD_NAME);
    await expect(page.getByText(formatPrice(17_500, 'ar')).first()).toBeVisible();

    // The admin compares and approves.
    const adminContext = await browser.newContext({
      locale: 'ar',
      storageState: signedInAs('admin'),
    });
    const admin = await adminContext.newPage();
    livePageAfterLoads(admin);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto('/admin/dashboard');
    await admin.getByRole('button', { name: /تعديلات للمراجعة/ }).click();
    const card = admin.getByTestId('space-review').filter({ hasText: NEW_NAME });
    const revision = card.getByTestId('revision-review');
    await expect(revision).toContainText(OLD_NAME);
    await expect(revision).toContainText(NEW_NAME);
    // Both orders side by side, each with its cover marked.
    await expect(revision.getByText('الغلاف', { exact: true })).toHaveCount(2);
    await screenshot(admin, 'edit-listing-revision-ar-1280');
    await revision.getByRole('button', { name: 'اعتماد التعديلات' }).click();
    await expect(toast(admin)).toContainText('اعتُمدت التعديلات');
    await adminContext.close();

    await page.goto(`/space/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_NAME);
    // The new cover leads the gallery and the explore card.
    await expect(page.locator('main img').first()).toHaveAttribute('src', new RegExp(third));
    await page.goto(`/explore-spaces?q=${encodeURIComponent(NEW_NAME)}`);
    const result = page.getByRole('article').filter({ hasText: NEW_NAME });
    await expect(result.locator('img').first()).toHaveAttribute('src', new RegExp(third));
    await screenshot(page, 'edit-listing-cover-on-card-ar-1280');
  });

  test('no serious axe findings on the edit wizard and the revision card (ar/en × 390/1280)', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(300_000); // 150 s on a slow day (2026-11-27, idle): then twelve full axe runs, two people
    const hostApi = await apiOf(playwright, baseURL!, 'host');
    const adminApi = await apiOf(playwright, baseURL!, 'admin');
    const { id } = await newApprovedSpace(hostApi, adminApi, 'استوديو فحص الوصول', [
      { r: 30, g: 110, b: 100 },
      { r: 200, g: 160, b: 60 },
    ]);
    made.push(id);
    const patched = await hostApi.patch(`/api/me/spaces/${id}`, {
      data: { nameEn: 'Accessibility Check Studio', descriptionEn: 'A calm studio.' },
    });
    expect(patched.status()).toBe(200);
    const { space } = (await patched.json()) as { space: { pendingRevision: { id: string } } };
    // A second edit rewrites the waiting proposal: the desk marks it "changed since submitted".
    const rewritten = await hostApi.patch(`/api/me/spaces/${id}`, {
      data: { descriptionEn: 'A calm, bright studio.' },
    });
    expect(rewritten.status()).toBe(200);

    const adminContext = await browser.newContext({ storageState: signedInAs('admin') });
    const admin = await adminContext.newPage();
    livePageAfterLoads(admin);
    // Each language is one load (it is chosen at load); each width of it a resize (the layout is
    // CSS only), scanned whole once, then only the step that changed.
    for (const lang of LANGS) {
      await useLang(page, lang);
      await useLang(admin, lang);
      const next = page.getByRole('button', { name: lang === 'ar' ? 'التالي' : 'Next' });
      const back = page.getByRole('button', { name: lang === 'ar' ? 'السابق' : 'Back' });
      const photos = page
        .getByRole('list', { name: lang === 'ar' ? 'صورك' : 'Your photos' })
        .getByRole('img');

      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`/list-your-space/${id}/edit`);
      await expect(page.getByTestId('edit-notice')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `edit wizard ${lang} 390`);
      await screenshot(page, `edit-listing-wizard-${lang}-390`);
      // The photos step: the cover marked, the move and cover controls.
      for (let step = 0; step < 3; step++) await next.click();
      await expect(photos).toHaveCount(2);
      await expectNoSeriousA11yViolations(page, `edit wizard photos ${lang} 390`, {
        include: WIZARD,
      });
      await screenshot(page, `edit-listing-photos-${lang}-390`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(photos).toHaveCount(2);
      await expectNoSeriousA11yViolations(page, `edit wizard photos ${lang} 1280`);
      await screenshot(page, `edit-listing-photos-${lang}-1280`);
      for (let step = 0; step < 3; step++) await back.click();
      await expect(page.getByTestId('edit-notice')).toBeVisible();
      await expect(page.locator('#wizard-step-title')).toHaveText(
        lang === 'ar' ? 'المعلومات الأساسية' : 'Basic information',
      );
      await expectNoSeriousA11yViolations(page, `edit wizard ${lang} 1280`, { include: WIZARD });
      await screenshot(page, `edit-listing-wizard-${lang}-1280`);

      // The revision card on the admin's dashboard: a page of its own, whole at each width.
      await admin.setViewportSize({ width: 390, height: 900 });
      await admin.goto('/admin/dashboard');
      await admin
        .getByRole('button', { name: lang === 'ar' ? /تعديلات للمراجعة/ : /Edits to review/ })
        .click();
      const revision = admin
        .getByTestId('space-review')
        .filter({ hasText: 'Accessibility Check Studio' })
        .getByTestId('revision-review');
      await expect(revision).toBeVisible();
      await expect(revision.getByTestId('changed-since-submitted')).toContainText(
        lang === 'ar' ? 'عُدّلت بعد إرسالها في' : 'Changed since submitted, on',
      );
      await expectNoSeriousA11yViolations(admin, `revision card ${lang} 390`);
      await screenshot(admin, `edit-listing-revision-${lang}-390`);
      await admin.setViewportSize({ width: 1280, height: 900 });
      await expect(revision).toBeVisible();
      await expectNoSeriousA11yViolations(admin, `revision card ${lang} 1280`);
      await screenshot(admin, `edit-listing-revision-${lang}-1280`);
    }
    await adminContext.close();
    expect(
      (
        await adminApi.post(`/api/admin/revisions/${space.pendingRevision.id}/reject`, {
          data: { reason: 'فحص فقط' },
        })
      ).status(),
    ).toBe(200);
    await hostApi.dispose();
    await adminApi.dispose();
  });
});
