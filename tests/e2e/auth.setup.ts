import { mkdir } from 'node:fs/promises';
import { test as setup } from '@playwright/test';
import { AUTH_DIR, DEMO, signedInAs, signInApi } from './support.ts';

/**
 * Signs each demo role in once per run, through the API, and saves its cookies for the tests
 * whose subject is not signing in (`test.use({ storageState: signedInAs('host') })`): one
 * production-strength scrypt check per role instead of one per test (issue 30). A test that signs
 * out must sign in itself: signing out ends the shared session for every test using it.
 */
setup('sign in each demo role once', async ({ playwright, baseURL }) => {
  await mkdir(AUTH_DIR, { recursive: true });
  for (const role of ['host', 'renter', 'admin'] as const) {
    const request = await playwright.request.newContext({ baseURL });
    await signInApi(request, baseURL!, DEMO[role]);
    await request.storageState({ path: signedInAs(role) });
    await request.dispose();
  }
});
