import { addDays, weekStartOf } from '#shared/domain/host-week.ts';
import { riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import type { HostBookings } from '#shared/schemas/host.ts';
import { expect, test } from './fixtures.ts';
import {
  expectNoSeriousA11yViolations,
  type Lang,
  screenshot,
  signedInAs,
  useLang,
} from './support.ts';

/**
 * The Hosting area (issue 17): the demo host opens the Hosting tab of their account, picks the
 * demo space that has a confirmed booking and a request, and reads its requests and its week —
 * one load per language (Arabic on a phone, English on a desktop), then a resize to the other
 * width (the week's grid or list is chosen by CSS). Read-only: the other specs may decide the
 * demo requests meanwhile, so only the seeded confirmed booking (final) is relied on. Signing in
 * is not the subject: the demo roles' shared sessions (auth.setup.ts). The picker's and the status
 * filter's behaviour are proven beside them (src/web/features/bookings/components/hosting.test.tsx,
 * host-bookings.test.tsx).
 */
/** The first approved demo space: Faisal's confirmed booking and Sara's request are on it. */
const SPACE = { ar: 'قاعة مجلس الإدارة بالمركز المالي', en: 'Financial District Boardroom' };
const RENTER_NAME = 'Faisal Al-Harbi';
/** What the host must never see: the renters' emails and phone numbers (the team keeps them). */
const PRIVATE = ['renter@hourspace.sa', 'sara.guest@hourspace.sa', '0500000003', '0500000004'];

const text = {
  ar: {
    tab: 'الاستضافة',
    picker: 'المساحة',
    requests: 'الطلبات والحجوزات',
    confirmed: 'مؤكد',
    week: 'جدول الأسبوع',
    next: 'الأسبوع التالي',
    guests: '6 ضيوف',
    empty: 'ليست لديك مساحات بعد — اعرض مساحتك الأولى.',
    list: 'اعرض مساحتك',
  },
  en: {
    tab: 'Hosting',
    picker: 'Space',
    requests: 'Requests and bookings',
    confirmed: 'Confirmed',
    week: 'Week view',
    next: 'Next week',
    guests: '6 guests',
    empty: 'You have no spaces yet — list one.',
    list: 'List your space',
  },
} as const;

const HEIGHT = { 390: 844, 1280: 900 } as const;
/** Each language loads at one width and is resized to the other: both widths load first once. */
const cases: { lang: Lang; widths: readonly [390 | 1280, 390 | 1280] }[] = [
  { lang: 'ar', widths: [390, 1280] },
  { lang: 'en', widths: [1280, 390] },
];

test.describe('the demo host', () => {
  test.use({ storageState: signedInAs('host') });

  for (const { lang, widths } of cases) {
    test(`the host reads a space's requests and week (${lang}, ${widths[0]} px, then ${widths[1]} px)`, async ({
      page,
    }) => {
      const l = text[lang];
      await page.setViewportSize({ width: widths[0], height: HEIGHT[widths[0]] });
      await useLang(page, lang);

      await page.goto('/account');
      await page.getByRole('tab', { name: l.tab }).click();
      await expect(page).toHaveURL(/\?tab=hosting/);
      await expect(page.getByRole('tab', { name: l.tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { level: 2, name: l.tab })).toBeVisible();

      // The demo host has many spaces: a picker, then the space in the URL.
      const picker = page.getByLabel(l.picker, { exact: true });
      await picker.selectOption({ label: SPACE[lang] });
      await expect(page).toHaveURL(/[?&]space=[0-9a-f-]{36}/);
      const spaceId = new URL(page.url()).searchParams.get('space')!;

      // The requests and bookings: Faisal's confirmed booking, by name, with no contact details.
      const requests = page.getByRole('region', { name: l.requests });
      const faisal = requests.getByTestId('host-booking').filter({ hasText: RENTER_NAME });
      await expect(faisal.first()).toBeVisible();
      await expect(faisal.first()).toContainText(l.confirmed);
      await expect(faisal.first()).toContainText(l.guests);
      const privacy = async () => {
        const body = await page.locator('main').innerText();
        for (const secret of PRIVATE) expect(body).not.toContain(secret);
      };
      await privacy();

      // The week that holds the confirmed booking (this week or the next: it is 3–5 days ahead).
      const answer = await page.request.get(
        `/api/host/bookings?spaceId=${spaceId}&status=confirmed`,
      );
      const booking = ((await answer.json()) as HostBookings).items.find(
        (b) => b.renterName === RENTER_NAME,
      )!;
      const week = page.getByRole('region', { name: l.week });
      await expect(week).toBeVisible();
      if (booking.date >= addDays(weekStartOf(riyadhToday()), 7)) {
        await week.getByRole('button', { name: l.next }).click();
      }

      for (const [i, width] of widths.entries()) {
        if (i > 0) {
          await page.setViewportSize({ width, height: HEIGHT[width] });
          // What the other layout shows is private too.
          await privacy();
        }
        const layout = week.getByTestId(width === 390 ? 'week-list' : 'week-grid');
        await expect(week.getByTestId(width === 390 ? 'week-grid' : 'week-list')).toBeHidden();
        const confirmed = layout.locator('[data-kind="confirmed"]').first();
        await expect(confirmed).toBeVisible();
        await expect(confirmed).toContainText(l.confirmed);
        await expect(layout.locator('[data-kind]').first()).toBeVisible();
        // The week starts on Sunday in both languages.
        if (width === 390) {
          await expect(layout.getByRole('listitem').first()).toContainText(
            lang === 'ar' ? 'الأحد' : 'Sunday',
          );
        }

        await expectNoSeriousA11yViolations(page, `hosting (${lang}, ${width})`);
        // From the top: the sticky header would otherwise sit over the middle of a full-page
        // picture.
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `hosting-${lang}-${width}`);
      }
    });
  }
});

test.describe('a renter', () => {
  test.use({ storageState: signedInAs('renter') });

  test('someone with no space sees how to list one (ar, 390 px)', async ({ page }) => {
    const l = text.ar;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account?tab=hosting');
    await expect(page.getByText(l.empty)).toBeVisible();
    await expect(page.getByRole('link', { name: l.list }).last()).toHaveAttribute(
      'href',
      '/list-your-space',
    );
    await expectNoSeriousA11yViolations(page, 'hosting, no spaces (ar)');
    await screenshot(page, 'hosting-empty-ar-390');
  });
});
