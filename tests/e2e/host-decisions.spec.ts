import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { becomeRole } from './role-cookies.ts';
import type { ParsedMail } from 'mailparser';
import {
  apiSignedInAs as api,
  DEMO,
  expectNoSeriousA11yViolations,
  findMail,
  mailsMatching,
  type Lang,
  nextDay,
  pageSignedInAs as pageAs,
  screenshot,
  useLang,
} from './support.ts';

/**
 * Issue 35, end to end: the admin opens `host` and `instant` to the demo host; the host gives
 * "Midad Calligraphy Workshop" to themself (`host`) and makes "Rose Farm Majlis" instant with a
 * Thursday–Friday evening rate and a coffee add-on. A renter books a Friday afternoon into the
 * evening with coffee: the form shows the quote line by line, the booking is confirmed at once,
 * and the same lines are in the renter's email and on the admin desk. A request on the workshop
 * is confirmed by the host from the Hosting area, opened by the link of the request email.
 * Arabic (390 px), then once in English (1280 px). These two demo spaces are no other spec's.
 */
const WORKSHOP = 'Midad Calligraphy Workshop';
const MAJLIS = 'Rose Farm Majlis';
const RULES = {
  bands: [
    { days: ['thursday', 'friday'], from: '16:00', to: '00:00', priceHalalasPerHour: 45_000 },
  ],
  dayRate: null,
  minHours: {},
  addOns: [
    {
      id: 'coffee',
      nameAr: 'ضيافة قهوة عربية',
      nameEn: 'Arabic coffee service',
      priceHalalas: 2_500,
      per: 'guest',
      maxQuantity: 1,
    },
  ],
};

const text = {
  ar: {
    date: 'التاريخ',
    start: 'وقت البدء',
    end: 'وقت الانتهاء',
    guests: 'عدد الضيوف',
    review: 'راجع الطلب',
    send: 'أرسل الطلب',
    coffee: 'ضيافة قهوة عربية',
    lines: [/^ساعة واحدة × .*300.* للساعة/, /^ساعتان × .*450.* للساعة/, /^⁨ضيافة قهوة عربية⁩ × 1/],
    confirm: 'أكّد الحجز',
    confirmedToast: 'تأكد الحجز، وأُبلغ المستأجر.',
    confirmedStatus: 'مؤكد',
    modeHost: 'أنت',
    desk: 'مؤكدة',
  },
  en: {
    date: 'Date',
    start: 'Start time',
    end: 'End time',
    guests: 'Guests',
    review: 'Review the request',
    send: 'Send the request',
    coffee: 'Arabic coffee service',
    lines: [
      /^1 hour × SAR.*300.* per hour/,
      /^2 hours × SAR.*450.* per hour/,
      /^⁨Arabic coffee service⁩ × 1/,
    ],
    confirm: 'Confirm',
    confirmedToast: 'The booking is confirmed, and the renter is told.',
    confirmedStatus: 'Confirmed',
    modeHost: 'You',
    desk: 'Confirmed',
  },
} as const;

interface Setup {
  workshop: string;
  majlis: string;
}
let setup: Setup | null = null;

/** Once per worker: the modes opened, the workshop in `host` mode, the majlis instant with rules. */
async function prepare(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
): Promise<Setup> {
  if (setup) return setup;
  const host = await api(playwright, baseURL, 'host');
  const admin = await api(playwright, baseURL, 'admin');
  const me = (await (await host.get('/api/me')).json()) as { user?: { id: string }; id?: string };
  const hostId = me.user?.id ?? me.id!;
  const opened = await admin.put(`/api/admin/hosts/${hostId}/decision-modes`, {
    data: { modes: ['host', 'instant'] },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const { items } = (await (await host.get('/api/me/spaces')).json()) as {
    items: { id: string; nameEn: string | null }[];
  };
  const workshop = items.find((s) => s.nameEn === WORKSHOP)!.id;
  const majlis = items.find((s) => s.nameEn === MAJLIS)!.id;
  for (const [id, mode] of [
    [workshop, 'host'],
    [majlis, 'instant'],
  ] as const) {
    const res = await host.put(`/api/host/spaces/${id}/decision-mode`, { data: { mode } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const rules = await host.patch(`/api/me/spaces/${majlis}`, { data: { priceRules: RULES } });
  expect(rules.ok(), await rules.text()).toBe(true);
  await host.dispose();
  await admin.dispose();
  setup = { workshop, majlis };
  return setup;
}

async function renterRequest(
  request: APIRequestContext,
  spaceId: string,
  date: string,
  start: string,
  end: string,
) {
  const res = await request.post('/api/bookings', {
    data: { spaceId, date, startTime: start, endTime: end, guests: 3, contactPhone: '0551234567' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; reference: string; status: string };
}

const cases: { lang: Lang; width: 390 | 1280; weeks: number }[] = [
  { lang: 'ar', width: 390, weeks: 3 },
  { lang: 'en', width: 1280, weeks: 5 },
];

for (const { lang, width, weeks } of cases) {
  test(`a Friday-evening rate and an add-on, itemised and confirmed at once; the host confirms a request (${lang}, ${width} px)`, async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const l = text[lang];
    const { workshop, majlis } = await prepare(playwright, baseURL!);
    const friday = nextDay('friday', weeks * 7);

    // ── The renter books the instant majlis: Friday 15:00–18:00 with coffee for 4 ──
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await becomeRole(page.context(), 'renter');
    await useLang(page, lang);
    await page.goto(`/space/${majlis}`);
    const form = page.locator('form').filter({ has: page.getByRole('textbox', { name: l.date }) });
    await form.getByRole('textbox', { name: l.date }).fill(friday);
    await form.getByLabel(l.start).selectOption('15:00');
    await form.getByLabel(l.end).selectOption('18:00');
    await form.getByLabel(l.guests).fill('4');
    await page.getByTestId('add-ons').getByLabel(new RegExp(l.coffee)).check();
    const lines = page.getByTestId('quote-lines').getByRole('listitem');
    await expect(lines).toHaveCount(3);
    for (const [i, line] of l.lines.entries()) {
      await expect(lines.nth(i).locator('span').first()).toHaveText(line);
    }
    // 1 h × 300 + 2 h × 450 + 4 × 25 = 1,300
    await expect(page.getByTestId('quote-lines')).toBeVisible();
    await expect(form.getByText(/1,300/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `booking form with quote lines (${lang})`);
    await screenshot(page, `host-decisions-quote-${lang}-${width}`);
    await form.getByRole('button', { name: l.review }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(l.lines[1]!)).toBeVisible();
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/bookings',
    );
    await dialog.getByRole('button', { name: l.send }).click();
    const booking = (await (await created).json()) as {
      id: string;
      reference: string;
      status: string;
      totalHalalas: number;
    };
    expect(booking.status).toBe('confirmed');
    expect(booking.totalHalalas).toBe(130_000);

    // ── The renter's confirmation email carries the same lines ──
    const mail = await findMail(
      (m) => m.messageId === `<booking-${booking.id}-confirmed-renter@hourspace.sa>`,
      30_000,
    );
    expect(mail.attachments.some((a) => a.filename?.endsWith('.ics'))).toBe(true);
    const body = (mail.text ?? '').replace(/\u00a0/g, ' ');
    // In the renter's own language (the demo renter's stored one), line by line.
    expect(body).toMatch(/(ضيافة قهوة عربية|Arabic coffee service)⁩ × 1/);
    expect(body).toMatch(/450/);

    // ── …and the admin desk, under the confirmed bookings ──
    const desk = await pageAs(browser, 'admin', lang, width);
    await desk.goto('/admin/dashboard?tab=bookings');
    await desk.getByRole('button', { name: new RegExp(`^${l.desk}`) }).click();
    const card = desk.getByTestId('booking-review').filter({ hasText: booking.reference });
    await expect(card).toHaveCount(1);
    await expect(
      card.getByText(lang === 'ar' ? /ضيافة قهوة عربية/ : /Arabic coffee service/),
    ).toBeVisible();
    await expect(card.getByText(l.lines[1]!)).toBeVisible();
    await expectNoSeriousA11yViolations(desk, `admin desk itemised (${lang})`);
    await screenshot(desk, `host-decisions-desk-${lang}-${width}`);
    await desk.context().close();

    // ── A request on the host-mode workshop; the host opens it from the email and confirms ──
    const renterApi = await api(playwright, baseURL!, 'renter');
    const sunday = nextDay('sunday', weeks * 7);
    const request = await renterRequest(renterApi, workshop, sunday, '10:00', '12:00');
    await renterApi.dispose();
    expect(request.status).toBe('pending');
    // The host and the admins hear of new requests coalesced (decision 072; a 3-second window on
    // the e2e server): the request is in exactly one email to the host and one to the admin —
    // its own, or a list of the requests that arrived together, each line with its link.
    const listing = (to: string) => (m: ParsedMail) =>
      !Array.isArray(m.to) && m.to?.text === to && (m.text ?? '').includes(request.reference);
    const hostMail = await findMail(listing(DEMO.host.email), 30_000);
    await findMail(listing(DEMO.admin.email), 30_000);
    expect(await mailsMatching(listing(DEMO.host.email))).toHaveLength(1);
    expect(await mailsMatching(listing(DEMO.admin.email))).toHaveLength(1);
    const link = new RegExp(`https?://\\S+booking=${request.reference}`).exec(
      hostMail.text ?? '',
    )?.[0];
    expect(link, hostMail.text).toBeTruthy();
    const url = new URL(link!);
    expect(url.searchParams.get('booking')).toBe(request.reference);

    const hostPage = await pageAs(browser, 'host', lang, width);
    await hostPage.goto(`${url.pathname}${url.search}`);
    const item = hostPage.locator('[data-testid="host-booking"][aria-current="true"]');
    await expect(item).toContainText(request.reference);
    await expect(hostPage.getByTestId('decision-mode').getByLabel(l.modeHost)).toBeChecked();
    await expectNoSeriousA11yViolations(hostPage, `hosting area with decisions (${lang})`);
    await screenshot(hostPage, `host-decisions-hosting-${lang}-${width}`);
    await item.getByRole('button', { name: l.confirm, exact: true }).click();
    await expect(hostPage.getByText(l.confirmedToast, { exact: true })).toBeVisible();
    await expect(
      hostPage
        .getByTestId('host-booking')
        .filter({ hasText: request.reference })
        .getByText(l.confirmedStatus, { exact: true }),
    ).toBeVisible();
    await hostPage.context().close();
  });
}
