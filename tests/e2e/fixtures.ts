import { test as base, expect, type Page } from '@playwright/test';

/**
 * `test` with a page that fails the test on any console error or failed request: a broken
 * image, a 500 from the API or an exception in a component never passes silently. A test that
 * provokes an expected error (a refused sign-in logs, as the spec asks) names it in
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
    await use(page);
    expect(problems, 'the page reported problems').toEqual([]);
  },
});

export { expect };
