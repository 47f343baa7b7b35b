/**
 * `npm run bench:web` — page speed as a phone sees it. Builds the web app, serves the production
 * build on a fresh embedded database with the demo data, and runs Lighthouse (mobile preset,
 * simulated throttling) with Debian's Chromium on `/`, `/explore-spaces` and one `/space/:id`, in
 * Arabic and English, three runs each; prints the medians of performance and accessibility scores,
 * LCP, TBT and CLS. Goals (issue "Prove it"): performance ≥ 95, accessibility 100.
 *
 * Options: BENCH_RUNS (default 3), BENCH_PORT (default 4390), CHROMIUM_PATH.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 4390);
const debugPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const dataDir = await mkdtemp(path.join(tmpdir(), 'hourspace-bench-web-'));
console.log('Starting the production server (npm start builds the web app when needed)…');
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Lighthouse loads each page many times from one address.
    API_RATE_LIMIT_PER_MINUTE: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
try {
  await waitFor(`${base}/api/ready`, 240_000);
  const list = (await (await fetch(`${base}/api/spaces?limit=1`)).json()) as {
    items?: { id: string }[];
  };
  const spaceId = list.items?.[0]?.id;
  if (!spaceId) throw new Error('no approved space to measure (GET /api/spaces gave none)');
  const pages = ['/', '/explore-spaces', `/space/${spaceId}`];

  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      `--remote-debugging-port=${debugPort}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const context = browser.contexts()[0] ?? (await browser.newContext());

  const rows: string[] = [];
  for (const lang of ['ar', 'en'] as const) {
    // The language lives in localStorage (spec §1): set it once, and keep storage between runs.
    const setup = await context.newPage();
    await setup.goto(`${base}/`);
    await setup.evaluate((value) => window.localStorage.setItem('locale', value), lang);
    await setup.close();
    for (const pagePath of pages) {
      const perf: number[] = [];
      const a11y: number[] = [];
      const lcp: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(
          `${base}${pagePath}`,
          {
            port: debugPort,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          },
          undefined,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${pagePath}`);
        perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        a11y.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
      }
      const shown = pagePath.startsWith('/space/') ? '/space/:id' : pagePath;
      rows.push(
        `| ${lang} | ${shown} | ${median(perf)} | ${median(a11y)} | ${Math.round(median(lcp))} ms | ${Math.round(median(tbt))} ms | ${median(cls).toFixed(3)} |`,
      );
      console.log(rows.at(-1));
    }
  }
  console.log(`\nLighthouse, mobile preset, simulated throttling, median of ${runs} runs:\n`);
  console.log('| lang | page | performance | accessibility | LCP | TBT | CLS |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
