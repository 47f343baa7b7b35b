import type { Page, Request } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Instead of `networkidle` (half a second of silence after the last request, every time): what a
 * page adds after its first screen, awaited as such — the footer (in a pre-rendered page's HTML,
 * drawn by the app on the others, decision 075) and the toasts' region (providers.tsx), every
 * request for data or code the page has made (images aside: they change nothing axe reads), and
 * the fonts. Call it before the load; await what it returns before a scan.
 */
export function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'image' && request.resourceType() !== 'media')
      inFlight.add(request);
  });
  const done = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  /** `footer: false` for the one page without the site's layout (/auth). */
  return async function settled({ footer = true }: { footer?: boolean } = {}) {
    if (footer) await expect(page.locator('footer')).toBeVisible();
    // Radix's viewport, "Notifications (F8)" in the page's language.
    await expect(page.locator('[role="region"][aria-label*="F8"]')).toBeAttached();
    await expect.poll(() => [...inFlight].map((r) => r.url()), { intervals: [50] }).toEqual([]);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
  };
}
