/**
 * What the page benchmarks share (`bench:web`, `bench:tap`): the production build, the real
 * server on a fresh embedded database with the demo data, Debian's Chromium (launched once, driven
 * by Lighthouse and Playwright alike), the low-tier phone's CPU slowdown, and the load average.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { DEVELOPMENT_BUSINESS_VARIABLES } from '../../src/server/business-identity.ts';
import { CHROMIUM_ARGS, fullChromiumPath } from '../chromium.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** DevTools' low-tier mobile calibration: CPU slowdown = the host's benchmarkIndex ÷ 264. */
const LOW_TIER_DIVISOR = 264;
export const lowTierSlowdown = (benchmarkIndex: number) =>
  Math.max(1, Number((benchmarkIndex / LOW_TIER_DIVISOR).toFixed(2)));

/** The 1, 5 and 15 minute load averages. */
export const loadAverage = async () =>
  (await readFile('/proc/loadavg', 'utf8')).split(' ', 3).join(' ');

/** `npm run build`, unless BENCH_SKIP_BUILD=1. */
export function buildWebUnlessSkipped() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  console.log('Building the web app (npm run build)…');
  const build = spawnSync('npm', ['run', 'build', '--', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/**
 * The production server (NODE_ENV=production) on `port`, on a fresh embedded database with the
 * demo data — always the embedded database, whatever the shell has in DATABASE_URL. Resolves once
 * `/api/ready` answers, with the id of an approved space to measure.
 */
export async function startDemoServer(port: number, name: string) {
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...serverEnv } = process.env;
  const dataDir = await mkdtemp(path.join(tmpdir(), `hourspace-${name}-`));
  console.log(`Starting the production server on ${base} (demo data, embedded database)…`);
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...serverEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The origin the browser signs in from (better-auth trusts PUBLIC_URL's).
      PUBLIC_URL: base,
      NODE_ENV: 'production',
      // a bench, not a deployment: the labelled development identity
      ...DEVELOPMENT_BUSINESS_VARIABLES,
      ALLOW_HTTP_PUBLIC_URL: 'true',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // The benches load each page many times from one address.
      API_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 240_000;
    while (
      !(await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`${base} did not answer within 240 s`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const found = (await (await fetch(`${base}/api/spaces?limit=1`)).json()) as {
      items?: { id: string }[];
    };
    const spaceId = found.items?.[0]?.id;
    if (!spaceId) throw new Error('no approved space to measure (GET /api/spaces gave none)');
    return { base, spaceId, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Debian's full Chromium, headless, with the flags of the end-to-end tests: `port` for
 * Lighthouse, `browser` for Playwright on the same profile.
 */
export async function launchBenchChromium() {
  const chrome = await chromeLauncher.launch({
    chromePath: fullChromiumPath,
    chromeFlags: ['--headless', ...CHROMIUM_ARGS],
  });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    return {
      port: chrome.port,
      browser,
      close: async () => {
        await browser.close();
        chrome.kill();
      },
    };
  } catch (error) {
    chrome.kill();
    throw error;
  }
}

/** The page's CPU slowed down `rate` times (DevTools' CPU throttling). */
export async function throttleCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
