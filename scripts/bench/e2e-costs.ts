/**
 * `npm run bench:e2e-costs` — what the end-to-end suite's building blocks cost on this machine, so
 * a change to the suite is chosen by measurement (issue 30, docs/testing.md):
 *
 * - the e2e server's start on a fresh DATA_DIR (migrations, demo seed) until `/api/ready`;
 * - a sign-in through the API at the demo accounts' production scrypt strength;
 * - per browser binary (Debian's `chromium` and its `chromium-headless-shell`, when installed):
 *   a cold context and a page load of /explore-spaces until the app is live, and an axe scan of
 *   that page in each mode (the default, which opens a blank tab to finish; legacy mode with
 *   violations only; legacy mode limited to the header).
 *
 * Prints the minimum, median and maximum of each, with the load average before and after.
 * Options: BENCH_RUNS (default 10), BENCH_PORT (default 4370).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, request as playwrightRequest, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../chromium.ts';
import { load, stats, untilReady } from './measure.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4370);
const base = `http://127.0.0.1:${port}`;

async function time(fn: () => Promise<unknown>) {
  const begun = performance.now();
  await fn();
  return performance.now() - begun;
}

async function startServer() {
  const dataDir = path.join(root, `test-results/bench-e2e-costs-${port}`);
  await rm(dataDir, { recursive: true, force: true });
  const begun = performance.now();
  // Node itself, not npx: a signal to npx would leave the server running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      API_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: 'ignore',
  });
  await untilReady(base, child);
  return { child, ms: performance.now() - begun };
}

async function waitLive(page: Page) {
  for (let step = 0; ; step++) {
    const live = await page.evaluate(
      () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
    );
    if (live) return;
    await page.mouse.move(step % 2, 1);
    await page.waitForTimeout(50);
  }
}

console.log(`load average at start: ${load()}`);
const { child, ms: startMs } = await startServer();
stats('e2e server: fresh DATA_DIR to /api/ready (seed included)', [startMs]);

try {
  const signIns: number[] = [];
  for (let i = 0; i < Math.min(runs, 5); i++) {
    const req = await playwrightRequest.newContext({ baseURL: base });
    signIns.push(
      await time(async () => {
        const res = await req.post('/api/auth/sign-in/email', {
          data: { email: 'host@hourspace.sa', password: 'Host#2026hs' },
          headers: { origin: base },
        });
        if (!res.ok()) throw new Error(`sign-in ${res.status()}`);
      }),
    );
    await req.dispose();
  }
  stats('sign-in through the API (production scrypt)', signIns);

  const binaries = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].filter((b) =>
    existsSync(b),
  );
  for (const executablePath of binaries) {
    const name = path.basename(executablePath);
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const loads: number[] = [];
    const axeDefault: number[] = [];
    const axeLegacy: number[] = [];
    const axeInclude: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ locale: 'ar-SA', baseURL: base });
      const page = await context.newPage();
      loads.push(
        await time(async () => {
          await page.goto('/explore-spaces');
          await waitLive(page);
          await page.getByRole('heading', { level: 1 }).waitFor();
        }),
      );
      axeDefault.push(
        await time(() =>
          new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
            .analyze(),
        ),
      );
      axeLegacy.push(
        await time(() =>
          new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
            .setLegacyMode()
            .options({ resultTypes: ['violations'] })
            .analyze(),
        ),
      );
      axeInclude.push(
        await time(() =>
          new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
            .setLegacyMode()
            .options({ resultTypes: ['violations'] })
            .include('header')
            .analyze(),
        ),
      );
      await context.close();
    }
    stats(`${name}: cold context + /explore-spaces until live`, loads);
    stats(`${name}: axe, default mode (blank tab to finish)`, axeDefault);
    stats(`${name}: axe, legacy mode, violations only`, axeLegacy);
    stats(`${name}: axe, legacy mode, violations only, header only`, axeInclude);
    await browser.close();
  }
} finally {
  child.kill('SIGTERM');
}
console.log(`load average at end: ${load()}`);
