import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export type Lang = 'ar' | 'en';
export const LANGS: Lang[] = ['ar', 'en'];
export const WIDTHS = [390, 1280] as const;

/** Start the page in a language, as a returning visitor who chose it would. */
export async function useLang(page: Page, lang: Lang) {
  await page.addInitScript((value) => window.localStorage.setItem('locale', value), lang);
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
  // axe would score as low contrast. Endless animations (a spinner) do not hold it up.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
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

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!takeScreenshots) return;
  await page.screenshot({
    path: `test-results/screenshots/${name}.png`,
    fullPage: options.fullPage ?? true,
    animations: 'disabled',
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
    for (const file of await readdir(MAIL_DIR).catch(() => [] as string[])) {
      if (!file.endsWith('.eml')) continue;
      let mail = parsedMail.get(file);
      if (!mail) {
        mail = await simpleParser(await readFile(path.join(MAIL_DIR, file)));
        parsedMail.set(file, mail);
      }
      if (match(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no matching email arrived');
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
