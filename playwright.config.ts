import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, fullChromiumPath, testChromiumPath } from './scripts/chromium.ts';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser, scripts/chromium.ts): its
 * headless shell, and the full browser for the first-paint spec. The server under test is the
 * real one (scripts/e2e-server.ts) on a fresh DATA_DIR — and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const firstPaint = /first-paint\.spec\.ts$/;
/**
 * The specs whose tests run in order (`describe.configure({ mode: 'serial' })`): each is one long
 * chain on one worker, so they start first and the short tests fill the other worker around them.
 */
const serialSpecs = /(vat-whatsapp|admin|edit-listing|space-controls)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // Tests are independent (each has its own browser context): spread them over both workers.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Limits against a hung test, not measures of speed (bench:* measures that): this machine's
  // speed moves from day to day (typecheck 9 s one day, 24 s another, docs/testing.md), and the
  // longest journeys took 60–66 s at load 12 on a slow day.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
    // A failing test keeps its trace (DOM snapshots, network, console); the trace records no
    // screencast, which every test would pay for.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: testChromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Each demo role signed in once for the run (auth.setup.ts).
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    // Listed first, so their chains are queued first.
    {
      name: 'serial',
      testMatch: serialSpecs,
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium',
      testIgnore: [serialSpecs, firstPaint, /auth\.setup\.ts$/],
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // What a visitor's browser does before the app runs (decision 042: nothing starts it until a
    // touch) is proven in the browser people use: in the headless shell the app went live on its
    // own and some loads never fired `load` (7 of first-paint's tests failed there).
    {
      name: 'first-paint',
      testMatch: firstPaint,
      dependencies: ['setup'],
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: { executablePath: fullChromiumPath, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 180_000,
    // E2E_REUSE_SERVER=1 while working on a spec: a server already started on E2E_PORT
    // (`E2E_PORT=4180 npx tsx scripts/e2e-server.ts`) serves run after run, without a fresh seed.
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
