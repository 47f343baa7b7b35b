/**
 * Debian's Chromium as this machine runs it, for the end-to-end tests and the benchmarks: which
 * binary, and the flags (no sandbox as root, no GPU, no connections of its own — the closed
 * network refuses them, many at a time). `scripts/ensure-browser` installs the packages.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The full browser (Lighthouse, the first-paint spec): CHROMIUM_PATH, else /usr/bin/chromium. */
export const fullChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser of the other end-to-end tests: CHROMIUM_PATH, else Debian's headless shell (the
 * package chromium-headless-shell: the same Chromium without the browser's window layer, a page
 * load until live 1.1 s instead of 1.8 s here, `npm run bench:e2e-costs`), else the full browser.
 */
export const testChromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ??
  '/usr/bin/chromium';
