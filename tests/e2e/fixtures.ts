import { test as base, expect, type Page } from '@playwright/test';

/**
 * `test` with a page that fails the test on any console error or failed request: a broken
 * image, a 500 from the API or an exception in a component never passes silently. A test that
 * provokes an expected error (a refused sign-in logs, as docs/product-spec.md asks) names it in
 * `allowedConsoleErrors`.
 */
export const test = base.extend<{ page: Page; allowedConsoleErrors: RegExp | null }>({
  allowedConsoleErrors: [null, { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (allowedConsoleErrors?.test(message.text())) return;
      problems.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? '';
      // A navigation away cancels requests in flight; that is not a failure of the page.
      if (failure.includes('ERR_ABORTED')) return;
      problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 500) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    livePageAfterLoads(page);
    await use(page);
    expect(problems, 'the page reported problems').toEqual([]);
  },
});

/**
 * The landing pages arrive pre-rendered (src/server/plugins/prerender.ts): their HTML shows
 * before the app runs, and the app comes when the visitor reaches for the page — a touch, a
 * pointer move, a key (decision 042). Like a person whose hand is on the mouse, every full page
 * load here moves the pointer until the app has taken over. A reload of the page by its boot
 * script (another saved language, decision 038) only means trying again.
 */
export async function waitForLivePage(page: Page, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (let step = 0; ; step++) {
    const live = await page
      .evaluate(() => !document.getElementById('root')?.hasAttribute('data-prerendered'))
      .catch(() => false);
    if (live) return;
    if (Date.now() > deadline) throw new Error(`the page did not go live in ${timeoutMs} ms`);
    await page.mouse.move(step % 2, 1).catch(() => undefined);
    await page.waitForTimeout(100);
  }
}

/**
 * Every full load of `page` waits for the live page, as the `page` fixture's do: for a page of
 * another browser context (a second person in the same test).
 */
export function livePageAfterLoads(page: Page) {
  const untilLive = () => waitForLivePage(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilLive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilLive();
    return response;
  };
}

export { expect };
