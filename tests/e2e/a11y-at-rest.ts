import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './support.ts';

/**
 * `expectNoSeriousA11yViolations` once the footer is in the page. The footer comes after the page
 * has gone live, from code of its own (root-layout.tsx), and fades in: scanned just after a load,
 * it could mount after the scan's wait for animations and be read mid-fade (text at part opacity,
 * "color-contrast"). Once it is attached, its fade is one the scan waits out.
 */
export async function expectNoSeriousA11yViolationsAtRest(
  page: Page,
  label: string,
  options: { include?: string } = {},
) {
  await expect(page.locator('footer')).toBeAttached();
  await expectNoSeriousA11yViolations(page, label, options);
}
