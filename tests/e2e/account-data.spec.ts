import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  DEMO,
  expectNoSeriousA11yViolations,
  findMail,
  screenshot,
  signedInAs,
  useLang,
} from './support.ts';

/**
 * Issue 38, end to end: "download my data" on the account page — the job queue prepares it and
 * emails a link; the link (signed in as the same person) gives the JSON, or the readable HTML,
 * and the person's bookings are in it, the same ones My bookings lists.
 */
test.use({ storageState: signedInAs('renter') });

const LINK = /https?:\/\/\S+\/api\/me\/data-export\/[A-Za-z0-9_-]+/;

async function askForData(
  page: Page,
  lang: 'ar' | 'en',
): Promise<{ link: string; references: string[] }> {
  await useLang(page, lang);
  await page.goto('/account');
  const mine = await page.request.get('/api/me/bookings');
  expect(mine.status()).toBe(200);
  const references = ((await mine.json()) as { items: { reference: string }[] }).items.map(
    (b) => b.reference,
  );
  expect(references.length).toBeGreaterThan(0);

  const asked = Date.now();
  await page
    .getByRole('button', { name: lang === 'ar' ? 'تنزيل بياناتي' : 'Download my data' })
    .click();
  await expect(
    page.getByText(lang === 'ar' ? 'نجهّز بياناتك الآن' : 'We are preparing your data.'),
  ).toBeVisible();
  const mail = await findMail(
    (m) =>
      !Array.isArray(m.to) &&
      m.to?.text === DEMO.renter.email &&
      (m.date?.getTime() ?? 0) >= asked - 2_000 &&
      LINK.test(m.text ?? ''),
    30_000,
  );
  return { link: LINK.exec(mail.text ?? '')![0], references };
}

test('download my data in Arabic: the emailed link gives the JSON with my bookings', async ({
  page,
  playwright,
}) => {
  const { link, references } = await askForData(page, 'ar');
  await expectNoSeriousA11yViolations(page, 'account page, data asked (ar)');
  await screenshot(page, 'account-data-asked-ar');

  const file = await page.request.get(link);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/attachment; filename="hourspace-data-/);
  const data = (await file.json()) as {
    profile: { email: string };
    bookings: { reference: string }[];
  };
  expect(JSON.stringify(data.profile)).toContain(DEMO.renter.email);
  const exported = data.bookings.map((b) => b.reference);
  for (const reference of references) expect(exported).toContain(reference);

  // The link is this person's alone: without the session it opens nothing.
  const stranger = await playwright.request.newContext({
    storageState: { cookies: [], origins: [] },
  });
  const anonymous = await stranger.get(link);
  expect([401, 404]).toContain(anonymous.status());
  await stranger.dispose();
});

test('download my data in English: the readable page lists my bookings', async ({ page }) => {
  const { link, references } = await askForData(page, 'en');
  const file = await page.request.get(`${link}?format=html`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/text\/html/);
  const html = await file.text();
  for (const reference of references) expect(html).toContain(reference);
});
