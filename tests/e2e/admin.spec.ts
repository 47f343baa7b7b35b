import type { Page } from '@playwright/test';
import { formatBookingDate, formatTime } from '#shared/format.ts';
import type { AdminBookingsResponse } from '#shared/schemas/admin.ts';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations, findMail, LANGS, screenshot, WIDTHS } from './support.ts';

/**
 * The admin's review desk, in Arabic first (issue 8). The demo seed leaves pending listings and
 * booking requests (and one request that overlapped a confirmed booking, declined as taken —
 * issue 18); the tests share that one database, so they run in order.
 */
test.describe.configure({ mode: 'serial' });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'تسجيل الدخول' });
  await form.getByLabel('البريد الإلكتروني').fill(email);
  await form.getByLabel('كلمة المرور').fill(password);
  await form.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/$/);
}
const signInAdmin = (page: Page) => signIn(page, 'admin@hourspace.sa', 'Admin#2026hs');
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

  await signIn(page, 'renter@hourspace.sa', 'Renter#2026hs');
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('not-allowed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'غير مسموح لك بفتح هذه الصفحة' })).toBeVisible();
  await expect(page.getByTestId('space-review')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'not allowed (ar)');
  await screenshot(page, 'admin-not-allowed-ar-390');
});

test('approves a pending space; the host is emailed in Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  await page.goto('/admin/dashboard');
  const tabs = page.getByRole('group', { name: 'التصفية حسب الحالة' });
  await expect(tabs.getByRole('button', { name: /قيد المراجعة/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const card = page.getByTestId('space-review').first();
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

  const mail = await findMail((m) => m.subject === `تمت الموافقة على مساحتك «${name}»`);
  expect(mail.html).toContain('dir="rtl"');
  expect(mail.text).toContain('أصبحت الآن ظاهرة في صفحة استكشاف المساحات');

  // Approved means visible: renters find it on the explore page.
  await page.goto(`/explore-spaces?q=${encodeURIComponent(name)}`);
  await expect(page.locator('main article').filter({ hasText: name }).first()).toBeVisible();
});

test('rejects a listing with a reason that reaches the host', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page);
  await page.goto('/admin/dashboard');
  const card = page.getByTestId('space-review').first();
  const name = (await card.getByRole('heading').textContent())!;
  await card.getByRole('button', { name: 'رفض' }).click();
  const dialog = page.getByRole('dialog', { name: 'رفض هذه المساحة' });
  await expect(dialog).toBeVisible();
  // The reason is required: the same rule as the server's.
  await dialog.getByRole('button', { name: 'رفض' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('هذا الحقل مطلوب.');
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

  const mail = await findMail((m) => m.subject === `لم تتم الموافقة على مساحتك «${name}»`);
  expect(mail.text).toContain(reason);

  // The host reads the reason under "My spaces".
  await page.context().clearCookies();
  await signIn(page, 'host@hourspace.sa', 'Host#2026hs');
  await page.goto('/account');
  const mine = page.getByRole('listitem').filter({ hasText: name });
  await expect(mine.getByText('مرفوضة')).toBeVisible();
  await expect(mine.getByText(`السبب: ${reason}`)).toBeVisible();
});

test.describe('bookings', () => {
  test('confirms a booking: the renter gets the Arabic email with the .ics; no request waits for a taken time', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAdmin(page);
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

    const mail = await findMail(
      (m) =>
        !Array.isArray(m.to) &&
        m.to?.text === 'sara.guest@hourspace.sa' &&
        (m.subject ?? '').startsWith('تم تأكيد حجزك'),
    );
    expect(mail.html).toContain('dir="rtl"');
    const ics = mail.attachments.find((a) => a.filename === 'hourspace-booking.ics');
    expect(ics?.contentType).toBe('text/calendar');
    expect(ics!.content.toString('utf8')).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:\d{8}T\d{6}Z/);

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
    await expect(confirmations.getByText('بواسطة \u2068مدير المنصة\u2069')).toBeVisible();
    await expect(page.getByTestId('audit-entry').filter({ hasText: 'رفض مساحة' })).toHaveCount(1);
    // The admin's name is isolated in its own direction (U+2068 … U+2069, decision 034).
    await expect(page.getByText('بواسطة \u2068مدير المنصة\u2069').first()).toBeVisible();
  });
});

test('the dashboard in both languages and widths: no serious axe findings', async ({ page }) => {
  // Twelve page loads and six axe runs: more than the default minute on a busy 2-core machine.
  test.setTimeout(180_000);
  await signInAdmin(page);
  for (const lang of LANGS) {
    await page.evaluate((value) => window.localStorage.setItem('locale', value), lang);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const tab of ['spaces', 'bookings', 'audit']) {
        await page.goto(`/admin/dashboard?tab=${tab}`);
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        if (width === 1280) await expectNoSeriousA11yViolations(page, `admin ${tab} (${lang})`);
        await screenshot(page, `admin-${tab}-${lang}-${width}`);
      }
    }
  }
});
