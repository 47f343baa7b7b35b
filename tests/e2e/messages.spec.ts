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
    // the page shows no phone of the host (the footer's is HourSpace's own, outside <main>)
    await expect(renterPage.getByText('اسأل عن المواقف')).toBeVisible();
    await expect(renterPage.locator('main a[href^="tel:"]')).toHaveCount(0);
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
    /** A booking request by the renter on a free day of the space, far ahead. */
    let day = 45 + Math.floor(Math.random() * 200);
    const requestBooking = async () => {
      day += 1;
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
      return (await request.json()) as { id: string };
    };
    const booking = await requestBooking();
    const confirm = await admin.post(`/api/admin/bookings/${booking.id}/confirm`, {
      headers: { origin: baseURL! },
    });
    expect(confirm.ok(), await confirm.text()).toBe(true);
    // "confirmed" is the admin's confirm, not the payment (issue 32): the booking now awaits
    // payment, and the contacts show already.
    const { items: renterBookings } = (await (
      await renterContext.request.get('/api/me/bookings')
    ).json()) as { items: { id: string; status: string; payment: { state: string } | null }[] };
    const confirmed = renterBookings.find((b) => b.id === booking.id)!;
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.payment?.state).toBe('due');
    await renterPage.goto(conversationUrl);
    await expect(renterPage.getByTestId('contacts')).toContainText('0501234567');
    await hostPage.reload();
    await expect(hostPage.getByTestId('contacts')).toContainText('0501234567');
    await expectNoSeriousA11yViolations(hostPage, 'conversation with contacts, host, ar');

    // The host answers the booking request's line and a second request: with the question, three
    // answers in 90 days, so the space's page says how fast the host usually answers (decision 056).
    const conversationId = new URL(conversationUrl).pathname.split('/').pop()!;
    const answer = async (body: string) => {
      const sent = await host.post(`/api/conversations/${conversationId}/messages`, {
        data: { body },
        headers: { origin: baseURL! },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    };
    await renterPage.goto('/');
    await answer('أهلًا بك، الحجز مؤكد وننتظرك.');
    await requestBooking();
    await answer('وصلني طلبك الثاني، أراجعه الآن.');
    // the renter, away from the conversation, finds the unread answers on their account page
    await renterPage.setViewportSize({ width: 390, height: 900 });
    await renterPage.goto('/account');
    await expect(renterPage.getByTestId('account-messages')).toContainText('رسالتان بانتظارك');
    await expectNoSeriousA11yViolations(renterPage, 'account page with unread messages, ar');
    await screenshot(renterPage, 'messages-account-ar-390');
    // reading them there clears the header's count at once, not only on the next page
    await renterPage.goto(conversationUrl);
    await expect(renterPage.getByTestId('thread')).toContainText('وصلني طلبك الثاني');
    await expect(renterPage.getByTestId('messages-link')).toHaveAttribute('aria-label', 'الرسائل');
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    for (const lang of ['ar', 'en'] as const) {
      await useLang(visitor, lang);
      await visitor.goto(`/space/${space.id}`);
      await expect(visitor.getByTestId('response-time')).toHaveText(
        lang === 'ar' ? 'يرد عادةً خلال 5 دقائق' : 'Usually answers within 5 minutes',
      );
      for (const width of [390, 1280]) {
        await visitor.setViewportSize({ width, height: 900 });
        await visitor.getByTestId('response-time').scrollIntoViewIfNeeded();
        await screenshot(visitor, `messages-space-${lang}-${width}`, { fullPage: false });
      }
    }
    await visitorContext.close();

    // the admins' desk lists every conversation, in Arabic
    const adminContext = await browser.newContext({ storageState: signedInAs('admin') });
    const adminPage = await adminContext.newPage();
    await useLang(adminPage, 'ar');
    await adminPage.goto('/admin/dashboard?tab=messages');
    await expect(adminPage.getByRole('heading', { name: 'كل المحادثات' })).toBeVisible();
    await expect(
      adminPage.getByRole('link', { name: /هل يوجد مواقف|طلب حجز|وصلني طلبك/ }).first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage, 'admin desk, messages, ar');
    await screenshot(adminPage, 'messages-desk-ar');
    await adminContext.close();

    await renterPage.goto('/messages');
    await expect(renterPage.getByRole('heading', { name: 'الرسائل' })).toBeVisible();
    for (const width of [390, 1280]) {
      await renterPage.setViewportSize({ width, height: 900 });
      await screenshot(renterPage, `messages-inbox-ar-${width}`);
    }

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
    const contacts = renterPage.getByTestId('contacts');
    await expect(contacts.getByText('Host', { exact: true })).toBeVisible();
    await expect(contacts.locator('a[href="tel:+966501234567"]')).toHaveText('0501234567');
    for (const width of [390, 1280]) {
      await renterPage.setViewportSize({ width, height: 900 });
      await screenshot(renterPage, `messages-thread-en-${width}`);
    }
    await renterPage.setViewportSize({ width: 390, height: 900 });
    await renterPage.goto('/account');
    await expect(renterPage.getByTestId('account-messages')).toContainText('Messages');
    await screenshot(renterPage, 'messages-account-en-390');
  } finally {
    await host.put(`/api/host/spaces/${space.id}/contact-privacy`, {
      data: { contactPrivate: false },
      headers: { origin: baseURL! },
    });
    await renterContext.close();
    await hostContext.close();
  }
});
