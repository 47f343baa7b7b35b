import { expect, test } from './fixtures.ts';
import { trackRequests } from './settled.ts';
import { expectNoSeriousA11yViolations, LANGS, screenshot, useLang, WIDTHS } from './support.ts';

/**
 * Every public route of the table in docs/product-spec.md, with the heading that proves its screen
 * rendered.
 */
const pages = [
  { name: 'home', path: '/', heading: { ar: 'المساحة المناسبة', en: 'The right space' } },
  { name: 'how-it-works', path: '/how-it-works', heading: { ar: 'كيف', en: 'How' } },
  {
    name: 'explore-spaces',
    path: '/explore-spaces',
    heading: { ar: 'استكشف المساحات', en: 'Explore spaces' },
  },
  { name: 'host-with-us', path: '/host-with-us', heading: null },
  { name: 'list-your-space', path: '/list-your-space', heading: null },
  { name: 'contact', path: '/contact', heading: null },
  { name: 'faq', path: '/faq', heading: null },
  {
    name: 'space',
    path: '/space/00000000-0000-4000-8000-000000000000',
    // No such space: the page and the API answer 404 and the page says so (the browser logs
    // the 404s).
    heading: {
      ar: 'المساحة غير موجودة أو لم تُعتمد بعد',
      en: 'Space not found or not approved yet',
    },
    status: 404,
    allowedConsoleErrors: /status of 404/,
  },
  { name: 'admin-dashboard', path: '/admin/dashboard', heading: null },
  { name: 'auth', path: '/auth', heading: { ar: 'تسجيل الدخول', en: 'Log in' } },
  // The business's pages (issue 38): pre-rendered Markdown with the business identity.
  { name: 'about', path: '/about', heading: { ar: 'من نحن', en: 'About us' } },
  { name: 'terms', path: '/terms', heading: { ar: 'الشروط والأحكام', en: 'Terms and conditions' } },
  { name: 'privacy', path: '/privacy', heading: { ar: 'سياسة الخصوصية', en: 'Privacy policy' } },
  {
    name: 'reset-password',
    path: '/reset-password',
    heading: { ar: 'إعادة تعيين كلمة المرور', en: 'Reset your password' },
  },
  {
    name: 'unknown',
    path: '/no/such/page',
    heading: { ar: 'الصفحة غير موجودة', en: 'Page Not Found' },
    status: 404,
    allowedConsoleErrors: /status of 404/,
  },
] as const;

test.use({ reducedMotion: 'reduce' });

/** Each width of WIDTHS with its height: a phone, then a desktop. */
const viewport = (width: number) => ({ width, height: width < 800 ? 844 : 900 });

for (const lang of LANGS) {
  test.describe(`${lang}, at ${WIDTHS.join(' px then ')} px`, () => {
    // One load at the first width; the others after a resize (the layout is CSS only).
    test.use({ viewport: viewport(WIDTHS[0]) });

    for (const p of pages) {
      test.describe(() => {
        test.use({
          allowedConsoleErrors: 'allowedConsoleErrors' in p ? p.allowedConsoleErrors : null,
        });
        test(`${p.path} renders its screen, passes axe at each width, and is photographed`, async ({
          page,
        }) => {
          await useLang(page, lang);
          const settled = trackRequests(page);
          const response = await page.goto(p.path);
          expect(response?.status()).toBe('status' in p ? p.status : 200);
          await expect(page.locator('#root')).toBeAttached();
          await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
          // The page's title is in the page's language.
          await expect(page).toHaveTitle(lang === 'ar' ? /مساحة بالساعة/ : /HourSpace/);
          for (const width of WIDTHS) {
            await page.setViewportSize(viewport(width));
            const h1 = page.getByRole('heading', { level: 1 });
            await expect(h1).toBeVisible();
            if (p.heading) await expect(h1).toContainText(p.heading[lang]);
            // What the scan must see: the footer and the toasts' region (both load after the
            // page), what the page fetched, and its fonts.
            await settled(p.path === '/auth' ? { footer: false } : {});
            if (p.name === 'about' || p.name === 'terms' || p.name === 'privacy') {
              // pre-rendered in the page's language (the server reads the cookie the first visit
              // saved), and the business identity in the footer (the e2e server's development
              // defaults)
              const html = await (await page.request.get(p.path)).text();
              expect(html).toContain(`<div id="root" data-prerendered="${lang}">`);
              await expect(page.getByTestId('business-identity')).toContainText('399999999900003');
            }
            if (p.name === 'contact') {
              await expect(page.getByRole('link', { name: /واتساب|WhatsApp/ })).toBeVisible();
            }
            if (p.name === 'home') {
              // Reduced motion, as the browser reports it, reaches the slideshow: no rotation,
              // so no pause button (src/web/pages/home/home-page.test.tsx has the rest).
              await expect(
                page.getByRole('button', {
                  name: lang === 'ar' ? 'إيقاف العرض التلقائي' : 'Pause slideshow',
                }),
              ).toHaveCount(0);
            }
            await expectNoSeriousA11yViolations(page, `${p.path} ${lang} ${width}px`);
            await screenshot(page, `${lang}-${width}-${p.name}`);
          }
        });
      });
    }
  });
}

test.describe('English by URL (decision 036)', () => {
  test('?lang=en paints English, saves the choice, and the next page stays English', async ({
    page,
  }) => {
    const response = await page.goto('/explore-spaces?lang=en');
    expect(response?.status()).toBe(200);
    // The server rendered it in English: the HTML says so before any script ran.
    expect(await response?.text()).toContain('<html lang="en" dir="ltr"');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Explore spaces');
    await expect(page).toHaveTitle('Explore spaces — HourSpace');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Frequently asked questions — HourSpace');
  });
});
