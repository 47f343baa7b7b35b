import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  LANGS,
  screenshot,
  signInApi,
  takeScreenshots,
  useLang,
  WIDTHS,
} from './support.ts';

const RENTER = DEMO.renter;
const HOST = DEMO.host;
const ADMIN = DEMO.admin;

interface Rating {
  average: number | null;
  count: number;
}

/** A demo space found by its English name. */
async function spaceNamed(page: Page, name: string): Promise<{ id: string; rating: Rating }> {
  const res = await page.request.get(`/api/spaces?q=${encodeURIComponent(name)}`);
  const { items } = (await res.json()) as {
    items: { id: string; nameEn: string; rating: Rating }[];
  };
  const space = items.find((s) => s.nameEn === name);
  expect(space, name).toBeTruthy();
  return space!;
}

async function shoot(target: Locator, name: string) {
  if (!takeScreenshots) return;
  await target.screenshot({ path: `test-results/screenshots/${name}.png`, animations: 'disabled' });
}

test.describe('reviews, in Arabic', () => {
  test('a renter reviews a completed booking and the space page shows the new average', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLang(page, 'ar');
    await signInApi(page.request, baseURL!, RENTER);
    // The demo renter's completed booking still waiting for a review.
    const { items } = (await (await page.request.get('/api/me/bookings')).json()) as {
      items: {
        id: string;
        spaceId: string;
        status: string;
        review: unknown;
        spaceNameAr: string;
      }[];
    };
    const booking = items.find((b) => b.status === 'completed' && b.review === null)!;
    expect(booking).toBeTruthy();
    const before = (await (await page.request.get(`/api/spaces/${booking.spaceId}`)).json()) as {
      rating: Rating;
    };
    expect(before.rating.count).toBeGreaterThan(0);
    const count = before.rating.count + 1;
    const average =
      Math.round(((before.rating.average! * before.rating.count + 3) * 10) / count) / 10;

    await page.goto('/account');
    const item = page.getByRole('listitem', { name: booking.spaceNameAr });
    await expect(item.getByText('مكتمل', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: 'قيّم المساحة' }).click();
    const dialog = page.getByRole('dialog', { name: 'قيّم حجزك' });
    await expect(dialog).toBeVisible();
    // Sending without stars: the shared rule answers in Arabic, and nothing is sent.
    await dialog.getByRole('button', { name: 'نشر التقييم' }).click();
    await expect(dialog.getByText('اختر من نجمة إلى خمس نجوم.')).toBeVisible();
    // A person taps the third star (the radio's label).
    const third = dialog.getByRole('radio', { name: '3 من 5 — جيد' });
    await dialog
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '3 من 5 — جيد' }) })
      .click();
    await expect(third).toBeChecked();
    await dialog
      .getByLabel('تعليقك (اختياري)')
      .fill('الاستوديو مجهز جيدًا، لكن التكييف كان مرتفع الصوت أثناء التسجيل.');
    await screenshot(page, 'review-form-ar-390');
    await dialog.getByRole('button', { name: 'نشر التقييم' }).click();
    await expect(page.getByText('نُشر تقييمك. شكرًا لك.').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(item.getByRole('button', { name: 'عدّل تقييمك' })).toBeVisible();

    await page.goto(`/space/${booking.spaceId}`);
    const reviews = page.getByTestId('space-reviews');
    await expect(reviews.getByTestId('rating-average')).toHaveText(String(average));
    await expect(reviews.getByTestId('rating-count')).toHaveText(
      count === 3 ? '3 تقييمات' : new RegExp(`^${count} `),
    );
    await expect(
      reviews.getByTestId('review').first().getByText('الاستوديو مجهز جيدًا', { exact: false }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'space reviews ar 390');
  });

  test('the host replies to a review once, and the reply shows under it', async ({
    page,
    baseURL,
  }) => {
    await useLang(page, 'ar');
    await signInApi(page.request, baseURL!, HOST);
    const space = await spaceNamed(page, 'Natural Light Studio');
    await page.goto(`/space/${space.id}`);
    const review = page.getByTestId('review').filter({ hasText: 'الإضاءة الطبيعية رائعة' }).first();
    await review.getByRole('button', { name: 'الرد على التقييم' }).click();
    await review.getByLabel('ردك على هذا التقييم').fill('شكرًا لك يا نورة، سعدنا باستقبالكم.');
    await shoot(page.getByTestId('space-reviews'), 'review-host-reply-form-ar-1280');
    await review.getByRole('button', { name: 'نشر الرد' }).click();
    await expect(review.getByTestId('host-reply')).toContainText('سعدنا باستقبالكم');
    await expect(review.getByRole('button', { name: 'الرد على التقييم' })).toHaveCount(0);
  });

  test('an admin hides a review with a reason, and the average leaves it out', async ({
    page,
    baseURL,
  }) => {
    await useLang(page, 'ar');
    await signInApi(page.request, baseURL!, ADMIN);
    const space = await spaceNamed(page, 'Al Diwan Grand Hall');
    await page.goto(`/space/${space.id}`);
    const reviews = page.getByTestId('space-reviews');
    await expect(reviews.getByTestId('review').first()).toBeVisible();
    const before = await reviews.getByTestId('review').count();
    const review = reviews.getByTestId('review').first();
    await review.getByRole('button', { name: 'إخفاء التقييم' }).click();
    const dialog = page.getByRole('dialog', { name: 'إخفاء هذا التقييم؟' });
    await dialog.getByRole('button', { name: 'إخفاء', exact: true }).click();
    await expect(dialog.getByText('هذا الحقل مطلوب.')).toBeVisible();
    await dialog.getByLabel('السبب').fill('يحتوي على معلومات شخصية.');
    await screenshot(page, 'review-admin-hide-ar-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'إخفاء', exact: true }).click();
    await expect(page.getByText('أُخفي التقييم.').first()).toBeVisible();
    await expect(reviews.getByTestId('review')).toHaveCount(before - 1);
    if (before === 1) await expect(reviews.getByText('لا تقييمات لهذه المساحة بعد.')).toBeVisible();
  });
});

test.describe('reviews on screen', () => {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      test(`the space page's reviews, the sorted cards, the hide dialog, the reply form and the review form (${lang}, ${width})`, async ({
        page,
        baseURL,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        await useLang(page, lang);
        const t = lang === 'ar';
        const space = await spaceNamed(page, 'Financial District Boardroom');
        await page.goto(`/space/${space.id}`);
        const reviews = page.getByTestId('space-reviews');
        await expect(reviews.getByTestId('host-reply').first()).toBeVisible();
        await shoot(reviews, `reviews-section-${lang}-${width}`);

        await page.goto(`/explore-spaces?sort=rating`);
        await expect(page.getByTestId('card-rating').first()).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `reviews-explore-sorted-${lang}-${width}`, { fullPage: false });

        await signInApi(page.request, baseURL!, ADMIN);
        await page.goto(`/space/${space.id}`);
        await reviews
          .getByRole('button', { name: t ? 'إخفاء التقييم' : 'Hide review' })
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await screenshot(page, `review-hide-dialog-${lang}-${width}`, { fullPage: false });
        await page.keyboard.press('Escape');

        await signInApi(page.request, baseURL!, HOST);
        await page.goto(`/space/${space.id}`);
        const unanswered = reviews
          .getByTestId('review')
          .filter({
            has: page.getByRole('button', {
              name: t ? 'الرد على التقييم' : 'Reply to this review',
            }),
          })
          .first();
        await unanswered.getByRole('button').first().click();
        await shoot(reviews, `review-reply-form-${lang}-${width}`);

        await signInApi(page.request, baseURL!, RENTER);
        await page.goto('/account');
        const edit = page.getByRole('button', { name: t ? 'قيّم المساحة' : 'Review the space' });
        const again = page.getByRole('button', { name: t ? 'عدّل تقييمك' : 'Edit your review' });
        await expect(edit.or(again).first()).toBeVisible();
        await edit.or(again).first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await screenshot(page, `review-form-${lang}-${width}`, { fullPage: false });
      });
    }
  }
});
