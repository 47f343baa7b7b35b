import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { BOOKING_REFERENCE_PATTERN } from '#shared/domain/booking-reference.ts';
import { expect, test } from './fixtures.ts';
import { DEMO, screenshot, signedInAs, useLang, expectNoSeriousA11yViolations } from './support.ts';

const RENTER = DEMO.renter;
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

interface Terms {
  id: string;
  opensAt: string;
  closesAt: string;
  availableDays: string[];
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * A demo space to book (the demo host's first approved listing, read through its own "My spaces",
 * with the host's session of the run: auth.setup.ts), a date at least `daysAhead` days away on one
 * of its open days, and a two-hour slot in its hours.
 */
async function bookableSlot(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  daysAhead: number,
) {
  const request = await playwright.request.newContext({
    baseURL,
    storageState: signedInAs('host'),
  });
  const { items } = (await (await request.get('/api/me/spaces')).json()) as {
    items: { id: string; status: string }[];
  };
  const spaceId = items.find((s) => s.status === 'approved')!.id;
  const terms = (await (await request.get(`/api/spaces/${spaceId}`)).json()) as Terms;
  await request.dispose();
  const d = new Date(Date.now() + 3 * 3600_000); // today in Riyadh
  d.setUTCDate(d.getUTCDate() + daysAhead);
  while (!terms.availableDays.includes(DAYS[d.getUTCDay()]!)) d.setUTCDate(d.getUTCDate() + 1);
  const start = Math.ceil(minutes(terms.opensAt) / 30) * 30;
  return {
    spaceId,
    date: d.toISOString().slice(0, 10),
    startTime: hhmm(start),
    endTime: hhmm(start + 120),
    /** the first end time offered: an hour after opening */
    firstEnd: hhmm(start + 60),
  };
}

async function signInOnAuthPage(page: Page) {
  const form = page.getByRole('form', { name: 'تسجيل الدخول' });
  await form.getByLabel('البريد الإلكتروني').fill(RENTER.email);
  await form.getByLabel('كلمة المرور').fill(RENTER.password);
  await form.getByRole('button', { name: 'دخول' }).click();
}

test.describe('booking a space, in Arabic', () => {
  // Signing in from the booking form, and coming back to it, is this test's subject: the form.
  test('signed out: sign in to book, come back with the values kept, book through the dialog, see it pending, cancel it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const slot = await bookableSlot(playwright, baseURL!, 10);
    await page.goto(`/space/${slot.spaceId}`);
    const form = page.getByRole('form', { name: 'طلب الحجز' });
    await form.getByRole('textbox', { name: 'التاريخ' }).fill(slot.date);
    await form.getByLabel('عدد الضيوف').fill('3');
    await screenshot(page, 'booking-signed-out-ar-390');

    await form.getByRole('button', { name: 'سجّل الدخول لحجز هذه المساحة' }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fspace%2F.+&prompt=book/);
    await expect(page.getByText('سجّل الدخول لحجز هذه المساحة')).toBeVisible();
    await signInOnAuthPage(page);

    // Back on the space, with what was typed before signing in.
    await expect(page).toHaveURL(new RegExp(`/space/${slot.spaceId}$`));
    await expect(form.getByRole('textbox', { name: 'التاريخ' })).toHaveValue(slot.date);
    await expect(form.getByLabel('عدد الضيوف')).toHaveValue('3');
    // The signed-in renter's own number is offered as the contact phone.
    await expect(form.getByLabel('جوال التواصل')).toHaveValue('0500000003');

    await form.getByLabel('وقت البدء').selectOption(slot.startTime);
    await form.getByLabel('وقت الانتهاء').selectOption(slot.endTime);
    await form.getByLabel('جوال التواصل').fill('0551234567');
    await expect(form.getByText(/ر\.س/).last()).toBeVisible();
    await form.getByRole('button', { name: 'راجع الطلب' }).click();

    const dialog = page.getByRole('dialog', { name: 'أكّد طلب الحجز' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('لن يُخصم أي مبلغ، ولا يُعد الحجز مؤكدًا حتى يتواصل معك فريقنا.'),
    ).toBeVisible();
    await expect(dialog.getByText('0551234567')).toBeVisible();
    await screenshot(page, 'booking-dialog-ar-390');
    await expectNoSeriousA11yViolations(page, 'booking dialog (ar)');
    await dialog.getByRole('button', { name: 'أرسل الطلب' }).click();

    await expect(dialog).toBeHidden();
    const sent = page.getByRole('region', { name: 'اطلب حجزًا' }).getByRole('status');
    await expect(sent).toContainText('تم إرسال طلب الحجز');
    // The request's reference, which My bookings shows for the same booking below.
    const reference = (await sent.getByTestId('booking-reference').innerText()).trim();
    expect(reference).toMatch(BOOKING_REFERENCE_PATTERN);
    // The "request received" email (in the demo renter's English: nothing charged) is
    // tests/api/booking-request-renter-email.test.ts's.

    await page.getByRole('link', { name: 'انتقل إلى حجوزاتي' }).first().click();
    await expect(page).toHaveURL(/\/account$/);
    const bookings = page.getByRole('region', { name: 'حجوزاتي' });
    const item = bookings.getByRole('listitem').first();
    await expect(item.getByText('قيد المراجعة')).toBeVisible();
    await expect(item.getByText('3 ضيوف')).toBeVisible();
    await expect(item.getByTestId('booking-reference')).toHaveText(reference);
    await screenshot(page, 'account-bookings-ar-390');
    await expectNoSeriousA11yViolations(page, 'my bookings (ar)');

    await item.getByRole('button', { name: 'إلغاء الطلب' }).click();
    const confirm = page.getByRole('dialog', { name: 'هل تريد إلغاء طلب الحجز هذا؟' });
    await confirm.getByRole('button', { name: 'نعم، ألغِ الطلب' }).click();
    await expect(item.getByText('ملغى')).toBeVisible();
    await expect(item.getByRole('button', { name: 'إلغاء الطلب' })).toHaveCount(0);
  });

  test.describe('signed in', () => {
    test.use({ storageState: signedInAs('renter') });

    test('a past date and an end before the start show their messages at the fields', async ({
      page,
      playwright,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const slot = await bookableSlot(playwright, baseURL!, 12);
      await page.goto(`/space/${slot.spaceId}`);
      const form = page.getByRole('form', { name: 'طلب الحجز' });

      await form.getByRole('textbox', { name: 'التاريخ' }).fill('2020-01-05');
      await form.getByLabel('عدد الضيوف').click();
      await expect(
        form.getByRole('alert').filter({ hasText: 'لا يمكن أن يكون التاريخ في الماضي.' }),
      ).toBeVisible();

      await form.getByRole('textbox', { name: 'التاريخ' }).fill(slot.date);
      await form.getByLabel('وقت البدء').selectOption(slot.endTime);
      await form.getByLabel('وقت الانتهاء').selectOption(slot.firstEnd);
      await form.getByLabel('عدد الضيوف').fill('2');
      await form.getByRole('button', { name: 'راجع الطلب' }).click();
      await expect(
        form.getByRole('alert').filter({ hasText: 'يجب أن يكون وقت الانتهاء بعد وقت البدء.' }),
      ).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await screenshot(page, 'booking-errors-ar-1280');
      await expectNoSeriousA11yViolations(page, 'booking form errors (ar)');
    });
  });
});

test.describe('booking a space, in English', () => {
  test.use({ storageState: signedInAs('renter') });

  test('the form, the dialog and My bookings read left to right at both widths', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await useLang(page, 'en');
    const slot = await bookableSlot(playwright, baseURL!, 20);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/space/${slot.spaceId}`);

    const form = page.getByRole('form', { name: 'Booking request' });
    await form.getByRole('textbox', { name: 'Date' }).fill(slot.date);
    await form.getByLabel('Start time').selectOption(slot.startTime);
    await form.getByLabel('End time').selectOption(slot.endTime);
    await form.getByLabel('Guests').fill('2');
    await expect(form.getByText(/SAR/).last()).toBeVisible();
    await screenshot(page, 'booking-form-en-1280');
    await expectNoSeriousA11yViolations(page, 'booking form (en)');
    await form.getByRole('button', { name: 'Review the request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your booking request' });
    await expect(dialog).toBeVisible();
    await screenshot(page, 'booking-dialog-en-1280');
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(
      page.getByRole('region', { name: 'Request a booking' }).getByRole('status'),
    ).toContainText('Booking request sent');

    // My bookings at a phone's width: the same page resized, then its link (no reload).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Go to My bookings' }).first().click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(
      page.getByRole('region', { name: 'My bookings' }).getByText('Pending').first(),
    ).toBeVisible();
    await screenshot(page, 'account-bookings-en-390');
  });
});
