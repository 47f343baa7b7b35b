import sharp from 'sharp';
import { expect, test, livePageAfterLoads } from './fixtures.ts';
import {
  DEMO,
  LANGS,
  screenshot,
  signedInAs,
  useLang,
  expectNoSeriousA11yViolations,
  approveAsDesk,
} from './support.ts';

/**
 * Issue 18's cancellation policy wherever it is shown, in both languages and widths: the host
 * chooses it in the wizard (a new listing and the edit of one), the space page shows it, the
 * booking dialog repeats it with what each cancellation refunds (issue 32), and My bookings'
 * cancel dialog says what it means — and refunds — once the free window has passed. A strict listing is made for this spec through the API (no other journey
 * knows it), booked two days ahead (inside its seven days), and removed after. Each demo role's
 * session is the run's (auth.setup.ts); each page is loaded once per language, and resized for
 * the other width.
 */
const HOST = DEMO.host;
const NAME = 'قاعة السياسة الصارمة';

const T = {
  ar: {
    policy: 'سياسة الإلغاء',
    strict: 'صارمة: الإلغاء مجاني حتى 7 أيام قبل الموعد',
    strictOption: 'صارمة (7 أيام)',
    strictBooking: 'صارمة: الإلغاء مجاني حتى 7 أيام قبل موعد البدء',
    afterWindow: 'بعد ذلك يبقى الإلغاء ممكنًا، لكن لا يُردّ إليك شيء مما دفعته.',
    fullRefund: 'يُردّ إليك كامل ما دفعته.',
    lateNone: 'وبموجب هذه السياسة لا يُردّ شيء مما دفعته.',
    next: 'التالي',
    availability: 'أوقات التوفر',
    form: 'طلب الحجز',
    date: 'التاريخ',
    start: 'وقت البدء',
    end: 'وقت الانتهاء',
    guests: 'عدد الضيوف',
    review: 'راجع الطلب',
    dialog: 'أكّد طلب الحجز',
    cancelBooking: 'إلغاء الحجز',
    cancelTitle: 'هل تريد إلغاء هذا الحجز المؤكد؟',
    late: 'انتهت مدة الإلغاء المجاني',
    keep: 'أبقِ الحجز',
    confirmCancel: 'نعم، ألغِ الحجز',
    cancelled: 'ملغى',
  },
  en: {
    policy: 'Cancellation policy',
    strict: 'Strict: free cancellation until 7 days before',
    strictOption: 'Strict (7 days)',
    strictBooking: 'Strict: free cancellation until 7 days before the start',
    afterWindow: 'After that you can still cancel, but what you paid is not refunded.',
    fullRefund: 'everything you paid is refunded.',
    lateNone: 'under this policy, what you paid is not refunded.',
    next: 'Next',
    availability: 'Availability',
    form: 'Booking request',
    date: 'Date',
    start: 'Start time',
    end: 'End time',
    guests: 'Guests',
    review: 'Review the request',
    dialog: 'Confirm your booking request',
    cancelBooking: 'Cancel booking',
    cancelTitle: 'Cancel this confirmed booking?',
    late: 'The free cancellation window has ended',
    keep: 'Keep the booking',
    confirmCancel: 'Yes, cancel the booking',
    cancelled: 'Cancelled',
  },
} as const;

// The host's page: the run's session (auth.setup.ts).
test.use({ storageState: signedInAs('host') });

/** A date `days` after today in Riyadh. */
const riyadhDate = (days: number) => {
  const d = new Date(Date.now() + 3 * 3600_000);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

test('the cancellation policy in the wizard, on the space, in the booking dialog and in a late cancel (ar/en × 390/1280)', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // Four combinations of five screens, four of them through axe, on a busy 2-core machine.
  test.setTimeout(300_000);
  const apiOf = (role: 'host' | 'renter' | 'admin') =>
    playwright.request.newContext({ baseURL, storageState: signedInAs(role) });
  const hostApi = await apiOf('host');
  const adminApi = await apiOf('admin');
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 60, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const upload = await hostApi.post('/api/uploads/images', {
    multipart: { file: { name: 'hall.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status()).toBe(201);
  const created = await hostApi.post('/api/spaces', {
    data: {
      listingLanguage: 'ar',
      nameAr: NAME,
      descriptionAr: 'قاعة للاجتماعات والورش، تُلغى حجوزاتها مجانًا حتى سبعة أيام قبل الموعد.',
      type: 'event_hall',
      address: 'طريق الملك عبدالعزيز',
      city: 'riyadh',
      priceHalalas: 30_000,
      capacity: 40,
      amenities: ['wifi'],
      contactPhone: '0512345678',
      contactEmail: HOST.email,
      imageIds: [((await upload.json()) as { id: string }).id],
      availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      opensAt: '09:00',
      closesAt: '21:00',
      cancellationPolicy: 'strict',
    },
  });
  expect(created.status()).toBe(201);
  const { id: spaceId } = (await created.json()) as { id: string };
  expect(await approveAsDesk(adminApi, spaceId)).toBe(200);

  // Confirmed two days ahead: inside the strict policy's seven days, so a cancel is a late one.
  const renterApi = await apiOf('renter');
  const requested = await renterApi.post('/api/bookings', {
    data: {
      spaceId,
      date: riyadhDate(2),
      startTime: '10:00',
      endTime: '12:00',
      guests: 4,
      contactPhone: '0551234567',
    },
  });
  expect(requested.status()).toBe(201);
  const { id: bookingId } = (await requested.json()) as { id: string };
  expect((await adminApi.post(`/api/admin/bookings/${bookingId}/confirm`)).status()).toBe(200);
  await renterApi.dispose();
  await adminApi.dispose();

  try {
    // The host: the policy field in a new listing's availability step, and in the edit.
    // A draft left at the availability step (step 5 of 5), as the wizard keeps it, at each load
    // of a new listing.
    await page.addInitScript(() => {
      if (window.location.pathname === '/list-your-space/new')
        window.localStorage.setItem(
          'listing-draft',
          JSON.stringify({ version: 1, step: 4, values: {}, images: [] }),
        );
    });
    for (const lang of LANGS) {
      const t = T[lang];
      await useLang(page, lang);
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto('/list-your-space/new');
      await expect(page.locator('#wizard-step-title')).toHaveText(t.availability);
      const policy = page.getByLabel(t.policy);
      await expect(policy).toHaveValue('flexible');
      await policy.selectOption('strict');
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        // A short name in the select (a phone's width cuts nothing off), the meaning in full below.
        await expect(policy.locator('option:checked')).toHaveText(t.strictOption);
        await expect(page.getByTestId('policy-meaning')).toHaveText(t.strict);
        await policy.scrollIntoViewIfNeeded();
        if (width === 1280) await expectNoSeriousA11yViolations(page, `wizard policy (${lang})`);
        await screenshot(page, `policy-wizard-${lang}-${width}`);
      }

      await page.goto(`/list-your-space/${spaceId}/edit`);
      await expect(page.getByTestId('edit-notice')).toBeVisible();
      for (let i = 0; i < 4; i += 1) await page.getByRole('button', { name: t.next }).click();
      await expect(page.locator('#wizard-step-title')).toHaveText(t.availability);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByLabel(t.policy)).toHaveValue('strict');
        await expect(page.getByTestId('policy-meaning')).toHaveText(t.strict);
        await page.getByLabel(t.policy).scrollIntoViewIfNeeded();
        await screenshot(page, `policy-edit-${lang}-${width}`);
      }
    }

    // The renter: the space page, the booking dialog, and My bookings' cancel dialog.
    const renter = await browser.newContext({ storageState: signedInAs('renter') });
    const r = await renter.newPage();
    livePageAfterLoads(r);
    for (const lang of LANGS) {
      const t = T[lang];
      await useLang(r, lang);
      await r.setViewportSize({ width: 390, height: 900 });
      await r.goto(`/space/${spaceId}`);
      const note = r.getByTestId('cancellation-policy');
      for (const width of [390, 1280]) {
        await r.setViewportSize({ width, height: 900 });
        await expect(note).toContainText(t.strictBooking);
        // What it refunds, before the renter asks (issue 32): all inside the window, none after.
        await expect(note).toContainText(t.fullRefund);
        await expect(note).toContainText(t.afterWindow);
        await note.scrollIntoViewIfNeeded();
        await screenshot(r, `policy-space-${lang}-${width}`, { fullPage: false });
      }

      const form = r.getByRole('form', { name: t.form });
      await form.getByRole('textbox', { name: t.date }).fill(riyadhDate(20));
      await form.getByLabel(t.start).selectOption('14:00');
      await form.getByLabel(t.end).selectOption('16:00');
      await form.getByLabel(t.guests).fill('4');
      await form.getByRole('button', { name: t.review }).click();
      const dialog = r.getByRole('dialog', { name: t.dialog });
      for (const width of [1280, 390]) {
        await r.setViewportSize({ width, height: 900 });
        await expect(dialog).toContainText(t.policy);
        await expect(dialog).toContainText(t.strictBooking);
        // …and what it means after the free window, in plain words.
        await expect(dialog).toContainText(t.afterWindow);
        if (width === 1280) await expectNoSeriousA11yViolations(r, `booking dialog (${lang})`);
        await screenshot(r, `policy-booking-dialog-${lang}-${width}`, { fullPage: false });
      }
      await r.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await r.goto('/account');
      const mine = r.getByRole('listitem', { name: NAME });
      await mine.getByRole('button', { name: t.cancelBooking }).click();
      const cancel = r.getByRole('dialog', { name: t.cancelTitle });
      for (const width of [390, 1280]) {
        await r.setViewportSize({ width, height: 900 });
        await expect(cancel).toContainText(t.late);
        // …and what that refunds under the strict policy: nothing (issue 32).
        await expect(cancel).toContainText(t.lateNone);
        await expect(cancel).toContainText(t.strictBooking);
        if (width === 1280) await expectNoSeriousA11yViolations(r, `late cancel (${lang})`);
        await screenshot(r, `policy-late-cancel-${lang}-${width}`, { fullPage: false });
      }
      await cancel.getByRole('button', { name: t.keep }).click();
      await expect(cancel).toBeHidden();
      await expect(mine.getByRole('button', { name: t.cancelBooking })).toBeVisible();
    }
    // A late cancel still goes through: the booking is cancelled.
    const t = T.en;
    const mine = r.getByRole('listitem', { name: NAME });
    await mine.getByRole('button', { name: t.cancelBooking }).click();
    await r.getByRole('dialog').getByRole('button', { name: t.confirmCancel }).click();
    await expect(mine.getByText(t.cancelled, { exact: true })).toBeVisible();
    await expect(mine.getByRole('button', { name: t.cancelBooking })).toHaveCount(0);
    await renter.close();
  } finally {
    await hostApi.delete(`/api/me/spaces/${spaceId}`);
    await hostApi.dispose();
  }
});
