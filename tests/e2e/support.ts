import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { APIRequestContext, Browser, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { type Day, WEEK_DISPLAY_ORDER } from '#shared/constants.ts';
import { expect } from './fixtures.ts';

export type Lang = 'ar' | 'en';
export const LANGS: Lang[] = ['ar', 'en'];
export const WIDTHS = [390, 1280] as const;

/** Start the page in a language, as a returning visitor who chose it would. */
export async function useLang(page: Page, lang: Lang) {
  await page.addInitScript((value) => window.localStorage.setItem('locale', value), lang);
}

/**
 * The account page's Hosting tab in `lang` at 390 px, once its earnings heading is there (the
 * signed-in host's): the section with this test id (the payout account, the invoicing details).
 */
export async function openHostingSection(
  page: Page,
  lang: Lang,
  { earnings, testId }: { earnings: string; testId: string },
) {
  await useLang(page, lang);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/account?tab=hosting');
  await expect(page.getByRole('heading', { name: earnings, level: 2 })).toBeVisible();
  return page.getByTestId(testId);
}

/**
 * axe with the WCAG 2.2 A/AA rules; serious and critical findings fail the test. Once per distinct
 * page state: when only a dialog or a step changed on a page already scanned, `include` limits the
 * scan to it. Legacy mode (no blank tab to finish the run: our pages hold no iframe) and
 * violations only — 1.2 s instead of 2.7 s a scan here (`npm run bench:e2e-costs`).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  options: { include?: string } = {},
) {
  // The footer comes from code of its own on a page the app draws (root-layout.tsx; a
  // pre-rendered page has it in its HTML, decision 075) and fades in: on a page of the site's
  // layout it must be there before the wait for animations, or a scan just after a load could
  // read it mid-fade ("color-contrast").
  if ((await page.locator('header.site-header').count()) > 0)
    await expect(page.locator('footer')).toBeAttached();
  // What a reader sees at rest: a page or footer still fading in has text at part opacity, which
  // axe would score as low contrast. Endless animations (a spinner) do not hold it up, nor do
  // those driven by the scroll position (the header's scrolled look, decision 079): always
  // "running", they are at rest while the page is not scrolled.
  // The footer is asked for its opacity too: below the fold (content-visibility: auto) its fade
  // may not have been started yet when the animations are listed — asking for its style starts
  // it — and at rest it is wholly opaque.
  await page.waitForFunction(() => {
    const footer = document.querySelector('footer');
    if (footer && getComputedStyle(footer).opacity !== '1') return false;
    return document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          a.effect?.getTiming().iterations === Infinity ||
          a.timeline !== document.timeline,
      );
  });
  // An iframe would go unscanned in legacy mode: say so rather than pass it silently.
  expect(page.frames(), `axe on ${label}: a frame would not be scanned`).toHaveLength(1);
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious, `axe on ${label}`).toEqual([]);
}

/**
 * With SCREENSHOTS=1, a picture of the page in test-results/screenshots/ to look at (Arabic and
 * English, phone and desktop: docs/testing.md). Nothing compares them, so a plain run skips the
 * cost; the checks around each call run either way.
 */
export const takeScreenshots = process.env.SCREENSHOTS === '1';

export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean; animations?: 'allow' } = {},
) {
  if (!takeScreenshots) return;
  await page.screenshot({
    path: `test-results/screenshots/${name}.png`,
    fullPage: options.fullPage ?? true,
    // 'allow' for a look an animation holds (the header's scroll-driven one, decision 079):
    // disabled, it would be the picture of a page without it.
    animations: options.animations ?? 'disabled',
  });
}

/** The e2e server's mail adapter writes .eml files here (scripts/e2e-server.ts). */
export const MAIL_DIR = path.resolve('test-results/e2e-data/mail');

/** Each .eml parsed once per worker: the mail adapter writes a file whole (temp name, then rename). */
const parsedMail = new Map<string, ParsedMail>();

/** Waits (up to 15 s: the job worker sends it) for an email matching `match`, and returns it parsed. */
export async function findMail(
  match: (mail: ParsedMail) => boolean,
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [mail] = await mailsMatching(match);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no matching email arrived');
}

/** Every email written so far that `match`es (read once each, as `findMail` reads them). */
export async function mailsMatching(match: (mail: ParsedMail) => boolean): Promise<ParsedMail[]> {
  const found: ParsedMail[] = [];
  for (const file of await readdir(MAIL_DIR).catch(() => [] as string[])) {
    if (!file.endsWith('.eml')) continue;
    let mail = parsedMail.get(file);
    if (!mail) {
      mail = await simpleParser(await readFile(path.join(MAIL_DIR, file)));
      parsedMail.set(file, mail);
    }
    if (match(mail)) found.push(mail);
  }
  return found;
}

/** The demo accounts the seed creates (src/server/db/seed.ts), for signing in. */
export const DEMO: Record<'host' | 'renter' | 'admin', Login> = {
  host: { email: 'host@hourspace.sa', password: 'Host#2026hs' },
  renter: { email: 'renter@hourspace.sa', password: 'Renter#2026hs' },
  admin: { email: 'admin@hourspace.sa', password: 'Admin#2026hs' },
};

/** Where the setup project (auth.setup.ts) keeps each demo role's signed-in cookies. */
export const AUTH_DIR = path.resolve('test-results/e2e-auth');

/**
 * The storage state of a demo role signed in once for the run (auth.setup.ts): for
 * `test.use({ storageState: signedInAs('host') })` or `browser.newContext({ storageState: … })`.
 * Never sign out with it — that ends the session every other test shares.
 */
export function signedInAs(role: keyof typeof DEMO): string {
  return path.join(AUTH_DIR, `${role}.json`);
}

export interface Login {
  email: string;
  password: string;
}

/**
 * Signs `request` in as `who` through the API (better-auth wants the app's Origin on a POST).
 * A page's `page.request` shares its cookies with the page: the page is then signed in too.
 */
export async function signInApi(request: APIRequestContext, baseURL: string, who: Login) {
  const res = await request.post('/api/auth/sign-in/email', {
    data: who,
    headers: { origin: baseURL },
  });
  expect(res.ok()).toBe(true);
}

/** An API client of its own, signed in as `who`. */
export async function apiAs(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  who: Login,
) {
  const request = await playwright.request.newContext({ baseURL });
  await signInApi(request, baseURL, who);
  return request;
}

/**
 * Approves a pending listing as the review desk does: with the version of the content the desk
 * shows (issue 37; an approval without one is a 400). `admin` is signed in as an admin.
 */
export async function approveAsDesk(admin: APIRequestContext, spaceId: string): Promise<number> {
  for (let page = 1; page < 100; page++) {
    const res = await admin.get(`/api/admin/spaces?status=pending&pageSize=50&page=${page}`);
    expect(res.status()).toBe(200);
    const { items } = (await res.json()) as { items: { id: string; version: string }[] };
    const item = items.find((i) => i.id === spaceId);
    if (item)
      return (
        await admin.post(`/api/admin/spaces/${spaceId}/approve`, {
          data: { version: item.version },
        })
      ).status();
    if (items.length < 50) break;
  }
  throw new Error(`space ${spaceId} is not on the desk's pending tab`);
}

/** An API client of its own with a demo role's cookies from the setup project (`signedInAs`). */
export async function apiSignedInAs(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  role: keyof typeof DEMO,
): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL, storageState: signedInAs(role) });
}

/** A page of its own context, signed in as a demo role, in `lang` at `width` px. */
export async function pageSignedInAs(
  browser: Browser,
  role: keyof typeof DEMO,
  lang: Lang,
  width: number,
): Promise<Page> {
  const context = await browser.newContext({
    storageState: signedInAs(role),
    viewport: { width, height: width === 390 ? 844 : 900 },
  });
  const page = await context.newPage();
  await useLang(page, lang);
  return page;
}

/** Every day of the week, Sunday first: the week as it is shown, and getUTCDay's order too. */
export const WEEKDAYS = WEEK_DISPLAY_ORDER;

/** The date (YYYY-MM-DD) of the `weekday` at least `daysAhead` days from today in Riyadh. */
export function nextDay(weekday: Day, daysAhead: number): string {
  const d = new Date(Date.now() + 3 * 3600_000);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  while (WEEKDAYS[d.getUTCDay()] !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Where the e2e server's SMS adapter writes each message it "sends" (one JSON a line). */
const SMS_LOG = path.resolve('test-results/e2e-data/sms/messages.jsonl');

/** The 6-digit code of the latest SMS to `e164`, once more than `after` have arrived for it. */
export async function smsCode(e164: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const text = await readFile(SMS_LOG, 'utf8').catch(() => '');
    const mine = text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; body: string })
      .filter((m) => m.to === e164);
    if (mine.length > after) return /\d{6}/.exec(mine.at(-1)!.body)![0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS for ${e164}`);
}

/**
 * A fresh, activated account through the API (sign-up with the phone code, the email's link),
 * its address `<label>.<locale>.<digits>@example.com`, its password `NEW_ACCOUNT_PASSWORD`. The
 * server takes five sign-ups an hour from one address (ATTEMPT_LIMITS.signUpPerAddress).
 */
export async function newAccount(
  request: APIRequestContext,
  baseURL: string,
  locale: Lang,
  { label, fullName }: { label: string; fullName: string },
) {
  const unique = `${Date.now()}`.slice(-8);
  const phone = `5${unique}`;
  const email = `${label}.${locale}.${unique}@example.com`;
  const headers = { origin: baseURL, 'accept-language': locale };
  await request.post('/api/auth/phone/send-code', { data: { phone, purpose: 'signup' }, headers });
  const verified = await request.post('/api/auth/phone/verify', {
    data: { phone, code: await smsCode(`+966${phone}`) },
    headers,
  });
  const { phoneProof } = (await verified.json()) as { phoneProof: string };
  const signedUp = await request.post('/api/auth/sign-up', {
    data: { fullName, email, phone, password: NEW_ACCOUNT_PASSWORD, phoneProof, locale },
    headers,
  });
  expect(signedUp.status()).toBe(201);
  const mail = await findMail((m) => !Array.isArray(m.to) && m.to?.text === email);
  const link = /https?:\/\/\S+verify-email\?token=[^\s"]+/.exec(mail.text ?? '')![0];
  await request.get(link, { maxRedirects: 0 });
  return { email, phone: `+966${phone}`, localPhone: `0${phone}` };
}

/** The password of every `newAccount`. */
export const NEW_ACCOUNT_PASSWORD = 'Riyadh#2026';
