import type { Page } from '@playwright/test';
import { formatBookingDate, formatTime } from '#shared/format.ts';
import { unreadableParts } from '#shared/readable-text.ts';
import type { AdminBookingsResponse } from '#shared/schemas/admin.ts';
import { expect, test } from './fixtures.ts';
import { becomeRole } from './role-cookies.ts';
import { expectNoSeriousA11yViolations, LANGS, screenshot } from './support.ts';

/**
 * The admin's review desk, in Arabic first (issue 8). The demo seed leaves pending listings and
 * booking requests (and one request that overlapped a confirmed booking, declined as taken —
 * issue 18); the tests share that one database, so they run in order. Signing in is not their
 * subject: each takes the role's shared session (auth.setup.ts). What the emails say, and the
 * reject dialog's rules, are proven below the browser (tests/api/admin.test.ts,
 * src/web/features/admin/components/reject-dialog.test.tsx).
 */
test.describe.configure({ mode: 'serial' });

/**
 * The demo seed's pending listings (src/server/db/demo/demo-spaces.ts). The desk lists the newest
 * first, and other specs list spaces of their own meanwhile (explore, edit-listing): the desk
 * decides only the seed's, so no other journey's listing is approved under it.
 */
const SEEDED_PENDING = new RegExp(
  [
    'استوديو اللقطة للمنتجات',
    'صالة العزيمة للياقة النسائية',
    'ركن الحمراء للمتاجر المؤقتة',
    'قاعة السروات للاجتماعات',
  ].join('|'),
);
const seededPendingCard = (page: Page) =>
  page
    .getByTestId('space-review')
    .filter({ has: page.getByRole('heading', { name: SEEDED_PENDING }) })
    .first();
/** The one toast on screen (docs/product-spec.md §4: a new toast replaces the old one). */
const toast = (page: Page) =>
  page
    .getByRole('region', { name: /الإشعارات/ })
    .getByRole('listitem')
    .first();

test('signed out: the sign-in prompt; a renter: the "not allowed" page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'سجّل الدخول لفتح لوحة الإدارة' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' }).last()).toHaveAttribute(
    'href',
    '/auth?redirect=%2Fadmin%2Fdashboard',
  );
  await screenshot(page, 'admin-signed-out-ar-390');

  await becomeRole(page.context(), 'renter');
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('not-allowed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'غير مسموح لك بفتح هذه الصفحة' })).toBeVisible();
  await expect(page.getByTestId('space-review')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'not allowed (ar)');
  await screenshot(page, 'admin-not-allowed-ar-390');
});

test('approves a pending space; renters then find it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await becomeRole(page.context(), 'admin');
  await page.goto('/admin/dashboard');
  const tabs = page.getByRole('group', { name: 'التصفية حسب الحالة' });
  await expect(tabs.getByRole('button', { name: /قيد المراجعة/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const card = seededPendingCard(page);
  const name = (await card.getByRole('heading').textContent())!;
  // Everything the host entered is on the card: both languages, price, host email.
  await expect(card.getByText('العربية', { exact: false }).first()).toBeVisible();
  await expect(card.getByText('host@hourspace.sa').first()).toBeVisible();
  await expect(card.getByText(/ر\.س\.‏?\s*للساعة|للساعة/)).toBeVisible();

  await card.getByRole('button', { name: 'موافقة' }).click();
  await expect(toast(page)).toContainText('تمت الموافقة على المساحة وأُرسل بريد إلى المضيف.');
  await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);

  await tabs.getByRole('button', { name: /مقبولة/ }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  // Approved means visible: renters find it on the explore page.
  await page.goto(`/explore-spaces?q=${encodeURIComponent(name)}`);
  await expect(page.locator('main article').filter({ hasText: name }).first()).toBeVisible();
});

test('rejects a listing with a reason that reaches the host', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await becomeRole(page.context(), 'admin');
  await page.goto('/admin/dashboard');
  const card = seededPendingCard(page);
  const name = (await card.getByRole('heading').textContent())!;
  await card.getByRole('button', { name: 'رفض' }).click();
  const dialog = page.getByRole('dialog', { name: 'رفض هذه المساحة' });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'admin-reject-dialog-ar-390');
  const reason = 'الصور لا تُظهر القاعة بوضوح. يرجى رفع صور أوضح.';
  await dialog.getByLabel('سبب الرفض للمضيف').fill(reason);
  await dialog.getByRole('button', { name: 'رفض' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText('رُفضت المساحة وأُرسل السبب إلى المضيف.');

  await page
    .getByRole('group', { name: 'التصفية حسب الحالة' })
    .getByRole('button', { name: /مرفوضة/ })
    .click();
  const rejected = page.getByTestId('space-review').filter({ hasText: name });
  await expect(rejected.getByText(reason)).toBeVisible();

  // The host reads the reason under "My spaces".
  await becomeRole(page.context(), 'host');
  await page.goto('/account');
  const mine = page.getByRole('listitem').filter({ hasText: name });
  await expect(mine.getByText('مرفوضة')).toBeVisible();
  await expect(mine.getByText(`السبب: ${reason}`)).toBeVisible();
});

test.describe('bookings', () => {
  test('confirms a booking; no request waits for a taken time; the audit log records it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await becomeRole(page.context(), 'admin');
    // The desk's list as the page received it: the request confirmed below, to find it again in
    // the audit log among what other journeys confirm at the same moment.
    const listed = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/admin/bookings',
    );
    await page.goto('/admin/dashboard?tab=bookings');
    const desk = (await (await listed).json()) as AdminBookingsResponse;
    await expect(page.getByRole('heading', { name: 'الحجوزات', level: 2 })).toBeVisible();
    const requests = page.getByTestId('booking-review');
    await expect(requests.first()).toBeVisible();

    // The request that overlapped a confirmed booking was declined as taken: none conflicts now,
    // and each pending one shows the time it has left.
    await expect(requests.filter({ has: page.getByRole('note') })).toHaveCount(0);
    await expect(requests.first().getByText(/^تنتهي مهلته بعد .+ إن لم يُبت فيه$/)).toBeVisible();

    const free = requests
      .filter({ hasText: 'سارة القحطاني' })
      .filter({ hasNot: page.getByRole('note') });
    await expect(free).toHaveCount(1);
    // The admin sees host email and phone, and dates in Arabic with Latin digits.
    await expect(free.getByText('host@hourspace.sa')).toBeVisible();
    await expect(
      // …with the Umm al-Qura date beside the Gregorian one (decision 034).
      free.getByText(
        /^(الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت)، \d{1,2} \S+ \d{4} · \d{1,2} .+ \d{4} هـ$/,
      ),
    ).toBeVisible();
    await screenshot(page, 'admin-bookings-ar-1280');

    const sara = desk.items.filter(
      (b) => b.renterName === 'سارة القحطاني' && b.status === 'pending' && !b.conflict,
    );
    expect(sara).toHaveLength(1);
    const chosen = sara[0]!;
    const decided = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        new URL(r.url()).pathname === `/api/admin/bookings/${chosen.id}/confirm`,
    );
    await free.getByRole('button', { name: 'تأكيد الحجز' }).click();
    expect((await decided).status()).toBe(200);
    await expect(toast(page)).toContainText(
      'تم تأكيد الحجز وأُرسل إلى المستأجر بريد مع دعوة تقويم.',
    );

    await page
      .getByRole('group', { name: 'التصفية حسب الحالة' })
      .getByRole('button', { name: /^مرفوضة/ })
      .click();
    const taken = requests.filter({ hasText: 'أُغلق تلقائيًا: حُجز هذا الموعد لطلب آخر.' });
    await expect(taken).toHaveCount(1);
    await expect(taken.getByText('سارة القحطاني')).toBeVisible();

    await page.getByRole('link', { name: 'سجل القرارات' }).click();
    // This booking's confirmation is audited once: its space, its day and time, its renter. The
    // log is shared — the other journeys confirm bookings of their own in parallel.
    const confirmations = page
      .getByTestId('audit-entry')
      .filter({ hasText: 'أكّد حجزًا' })
      .filter({ hasText: (chosen.space.nameAr ?? chosen.space.nameEn)! })
      .filter({
        hasText: `${formatBookingDate(chosen.date, 'ar', 'medium')} ${formatTime(chosen.startTime, 'ar')}`,
      })
      .filter({ hasText: chosen.renterEmail });
    await expect(confirmations).toHaveCount(1);
    // Named by its reference (the desk's card showed the same one).
    await expect(confirmations.getByTestId('booking-reference')).toHaveText(chosen.reference);
    await expect(confirmations.getByText('بواسطة \u2068مدير المنصة\u2069')).toBeVisible();
    await expect(page.getByTestId('audit-entry').filter({ hasText: 'رفض مساحة' })).toHaveCount(1);
    // The admin's name is isolated in its own direction (U+2068 … U+2069, decision 034).
    await expect(page.getByText('بواسطة \u2068مدير المنصة\u2069').first()).toBeVisible();
  });
});

const SECTIONS = {
  ar: { label: 'أقسام المراجعة', spaces: 'المساحات', bookings: 'الحجوزات', audit: 'سجل القرارات' },
  en: { label: 'Review desk', spaces: 'Spaces', bookings: 'Bookings', audit: 'Audit log' },
} as const;

test('the dashboard in both languages and widths: no serious axe findings', async ({ page }) => {
  await becomeRole(page.context(), 'admin');
  for (const lang of LANGS) {
    // The language is chosen at load: one load each (Arabic, the default, first). The sections
    // are links within the page, and the widths a resize (the layout is CSS).
    if (lang !== 'ar') {
      await page.evaluate((value) => window.localStorage.setItem('locale', value), lang);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/dashboard?tab=spaces');
    const l = SECTIONS[lang];
    const nav = page.getByRole('navigation', { name: l.label });
    const desk = page.locator('section[aria-labelledby="admin-section-title"]');
    for (const width of [1280, 390] as const) {
      await page.setViewportSize({ width, height: 900 });
      for (const tab of ['spaces', 'bookings', 'audit'] as const) {
        await nav.getByRole('link', { name: l[tab], exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`[?&]tab=${tab}$`));
        await expect(
          desk.getByRole('heading', { level: 2, name: l[tab], exact: true }),
        ).toBeVisible();
        // The section's list has arrived: no loading message left.
        await expect(desk.getByRole('status')).toHaveCount(0);
        // No error code and no id where the admin reads (issue 31).
        expect(unreadableParts(await desk.innerText()), `${tab} (${lang})`).toEqual([]);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        if (width === 1280) await expectNoSeriousA11yViolations(page, `admin ${tab} (${lang})`);
        await screenshot(page, `admin-${tab}-${lang}-${width}`);
      }
    }
  }
});
