import { expect, test } from './fixtures.ts';
import {
  DEMO,
  apiAs,
  expectNoSeriousA11yViolations,
  screenshot,
  signedInAs,
  useLang,
} from './support.ts';

/**
 * Renters and hosts talk on HourSpace (issue 34), in Arabic: a renter asks a question from the
 * page of a space whose host keeps contacts private, with a phone number in it (masked); the host
 * answers from their messages and the renter sees it without reloading; once the admin confirms a
 * booking, both see each other's contacts.
 */
test('a renter asks the host, the answer arrives live, contacts show once confirmed', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const host = await apiAs(playwright, baseURL!, DEMO.host);
  const admin = await apiAs(playwright, baseURL!, DEMO.admin);
  const { items: list } = (await (await host.get('/api/me/spaces')).json()) as {
    items: { id: string; status: string }[];
  };
  const space = list.find((s) => s.status === 'approved')!;
  expect(space).toBeTruthy();
  const privacy = await host.put(`/api/host/spaces/${space.id}/contact-privacy`, {
    data: { contactPrivate: true },
    headers: { origin: baseURL! },
  });
  expect(privacy.ok()).toBe(true);

  const renterContext = await browser.newContext({ storageState: signedInAs('renter') });
  const hostContext = await browser.newContext({ storageState: signedInAs('host') });
  const renterPage = await renterContext.newPage();
  const hostPage = await hostContext.newPage();
  try {
    await useLang(renterPage, 'ar');
    await useLang(hostPage, 'ar');
    await renterPage.goto(`/space/${space.id}`);
    await expect(renterPage.getByRole('heading', { name: 'اسأل المضيف' })).toBeVisible();
    await expect(renterPage.locator('a[href^="tel:"]')).toHaveCount(0);
    await renterPage.getByLabel('سؤالك').fill('هل يوجد مواقف لـ 20 سيارة؟ جوالي ٠٥٥ ١٢٣ ٤٥٦٧');
    await renterPage.getByRole('button', { name: 'إرسال' }).click();
    await expect(renterPage.getByText('أخفينا بيانات التواصل')).toBeVisible();
    await screenshot(renterPage, 'messages-ask-ar');
    await expectNoSeriousA11yViolations(renterPage, 'space page, ask the host, ar');
    await renterPage.getByRole('link', { name: 'افتح المحادثة' }).click();
    const thread = renterPage.getByTestId('thread');
    await expect(thread).toContainText('جوالي [•••]');
    await expect(thread).not.toContainText('٤٥٦٧');
    await expect(renterPage.getByTestId('live-status')).toHaveText('متصل');
    const conversationUrl = renterPage.url();

    // the host answers from the hosting area
    await hostPage.goto('/account?tab=hosting');
    await hostPage.getByRole('link', { name: 'رسائل المستأجرين' }).click();
    await hostPage
      .getByRole('link', { name: /هل يوجد مواقف/ })
      .first()
      .click();
    await expect(hostPage.getByTestId('thread')).toContainText('جوالي [•••]');
    await hostPage.getByLabel('اكتب رسالة').fill('نعم، يوجد مواقف تكفي 25 سيارة.');
    await hostPage.getByRole('button', { name: 'إرسال' }).click();

    // …and the renter sees it without reloading
    await expect(thread).toContainText('نعم، يوجد مواقف تكفي 25 سيارة.');
    await expectNoSeriousA11yViolations(renterPage, 'conversation, renter, ar');
    for (const width of [390, 1280]) {
      await renterPage.setViewportSize({ width, height: 900 });
      await screenshot(renterPage, `messages-thread-ar-${width}`);
    }

    // a booking request, confirmed by the admin: both see each other's contacts
    const details = (await (await host.get(`/api/spaces/${space.id}`)).json()) as {
      opensAt: string;
      availableDays: string[];
      minBookingMinutes: number;
    };
    const DAY_NAMES = [
      'sunday',
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ];
    let day = 45 + Math.floor(Math.random() * 200);
    while (
      !details.availableDays.includes(
        DAY_NAMES[new Date(Date.now() + day * 86_400_000).getUTCDay()]!,
      )
    )
      day += 1;
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const [h, m] = details.opensAt.split(':').map(Number) as [number, number];
    const end = h * 60 + m + Math.max(60, details.minBookingMinutes);
    const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
    const request = await renterContext.request.post('/api/bookings', {
      data: {
        spaceId: space.id,
        date,
        startTime: details.opensAt,
        endTime,
        guests: 2,
        contactPhone: '0501234567',
      },
      headers: { origin: baseURL! },
    });
    expect(request.status(), await request.text()).toBe(201);
    const booking = (await request.json()) as { id: string };
    const confirm = await admin.post(`/api/admin/bookings/${booking.id}/confirm`, {
      headers: { origin: baseURL! },
    });
    expect(confirm.ok(), await confirm.text()).toBe(true);
    await renterPage.goto(conversationUrl);
    await expect(renterPage.getByTestId('contacts')).toContainText('+966501234567');
    await hostPage.reload();
    await expect(hostPage.getByTestId('contacts')).toContainText('+966501234567');
    await expectNoSeriousA11yViolations(hostPage, 'conversation with contacts, host, ar');

    // the admins' desk lists every conversation, in Arabic
    const adminContext = await browser.newContext({ storageState: signedInAs('admin') });
    const adminPage = await adminContext.newPage();
    await useLang(adminPage, 'ar');
    await adminPage.goto('/admin/dashboard?tab=messages');
    await expect(adminPage.getByRole('heading', { name: 'كل المحادثات' })).toBeVisible();
    await expect(
      adminPage.getByRole('link', { name: /هل يوجد مواقف|طلب حجز/ }).first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage, 'admin desk, messages, ar');
    await screenshot(adminPage, 'messages-desk-ar');
    await adminContext.close();

    // the same screens in English
    await useLang(renterPage, 'en');
    await renterPage.goto('/messages');
    await expect(renterPage.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await expectNoSeriousA11yViolations(renterPage, 'inbox, en');
    for (const width of [390, 1280]) {
      await renterPage.setViewportSize({ width, height: 900 });
      await screenshot(renterPage, `messages-inbox-en-${width}`);
    }
    await renterPage.goto(conversationUrl);
    await expect(renterPage.getByTestId('contacts')).toBeVisible();
    await screenshot(renterPage, 'messages-thread-en-1280');
  } finally {
    await host.put(`/api/host/spaces/${space.id}/contact-privacy`, {
      data: { contactPrivate: false },
      headers: { origin: baseURL! },
    });
    await renterContext.close();
    await hostContext.close();
  }
});
