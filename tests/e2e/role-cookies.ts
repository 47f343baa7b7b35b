import { readFile } from 'node:fs/promises';
import type { BrowserContext } from '@playwright/test';
import { type DEMO, signedInAs } from './support.ts';

/**
 * Makes `context` a demo role, in the middle of a test: its cookies are replaced by the ones the
 * setup project signed in once for the run (auth.setup.ts) — for a test that starts signed out or
 * as one role and goes on as another, without signing in again. Clearing the cookies signs
 * nobody out on the server: the shared sessions stay valid for every other test.
 */
export async function becomeRole(context: BrowserContext, role: keyof typeof DEMO) {
  const state = JSON.parse(await readFile(signedInAs(role), 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0];
  };
  await context.clearCookies();
  await context.addCookies(state.cookies);
}
