import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The security headers on the three kinds of answer — an HTML page, an API response (and an API
 * error) and a static asset — in development/test and in production (issue 9).
 */
const KINDS = [
  { kind: 'an HTML page', url: '/explore-spaces', status: 200 },
  { kind: 'an API response', url: '/api/health', status: 200 },
  { kind: 'an API error', url: '/api/nope', status: 404 },
  { kind: 'a static asset', url: '/assets/index-abc123.js', status: 200 },
] as const;

/** `script-src 'self' x` → { 'script-src': ["'self'", 'x'] } */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** <script> elements with no src: what a CSP without 'unsafe-inline' would block. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs, body]) => !/\bsrc\s*=/.test(attrs!) || body!.trim() !== '')
    .map(([whole]) => whole);
}

async function standInWebRoot() {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'hourspace-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  // The real index.html (what the build starts from), so its scripts are the ones checked.
  await writeFile(
    path.join(webRoot, 'index.html'),
    await readFile(new URL('../../src/web/index.html', import.meta.url)),
  );
  await writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  return webRoot;
}

function expectCommonHeaders(headers: Record<string, unknown>, where: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, where).not.toBe('');
  const d = directives(csp);
  expect(d['script-src'], where).toEqual(["'self'"]);
  expect(csp, where).not.toContain("'unsafe-inline'");
  expect(csp, where).not.toContain("'unsafe-eval'");
  expect(d['object-src'], where).toEqual(["'none'"]);
  expect(d['base-uri'], where).toEqual(["'none'"]);
  expect(d['frame-ancestors'], where).toEqual(["'none'"]);
  expect(d['default-src'], where).toEqual(["'self'"]);
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], where).toBe('SAMEORIGIN');
  expect(headers['x-powered-by'], where).toBeUndefined();
}

describe('security headers', () => {
  const apps: { env: 'test' | 'production'; t: TestApp; webRoot: string }[] = [];

  beforeAll(async () => {
    for (const env of ['test', 'production'] as const) {
      const webRoot = await standInWebRoot();
      const t = await createTestApp({
        env:
          env === 'production'
            ? {
                NODE_ENV: 'production',
                AUTH_SECRET: 'p'.repeat(40),
                PUBLIC_URL: 'https://hourspace.example',
              }
            : {},
        build: { webRoot },
      });
      apps.push({ env, t, webRoot });
    }
  });
  afterAll(async () => {
    for (const { t, webRoot } of apps) {
      await t.close();
      await rm(webRoot, { recursive: true, force: true });
    }
  });

  for (const env of ['test', 'production'] as const) {
    for (const { kind, url, status } of KINDS) {
      it(`${kind} in ${env}: CSP without inline script, nosniff, Referrer-Policy, HSTS ${env === 'production' ? 'on' : 'off'}`, async () => {
        const { t } = apps.find((a) => a.env === env)!;
        const res = await t.app.inject({ method: 'GET', url });
        const where = `${env} ${url}`;
        expect(res.statusCode, where).toBe(status);
        expectCommonHeaders(res.headers, where);
        if (env === 'production') {
          const hsts = String(res.headers['strict-transport-security']);
          expect(hsts, where).toMatch(/max-age=(\d+)/);
          expect(Number(/max-age=(\d+)/.exec(hsts)![1]), where).toBeGreaterThanOrEqual(31_536_000);
          expect(hsts, where).toContain('includeSubDomains');
          expect(directives(String(res.headers['content-security-policy']))).toHaveProperty(
            'upgrade-insecure-requests',
          );
        } else {
          // A plain-http localhost must stay reachable.
          expect(res.headers['strict-transport-security'], where).toBeUndefined();
        }
      });
    }
  }

  it('the page the server sends has no inline <script> (the CSP would block it)', async () => {
    const { t } = apps.find((a) => a.env === 'production')!;
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toMatch(/<script\b/i);
    expect(inlineScripts(page.body)).toEqual([]);
    expect(page.body).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers either
  });

  it('the built index.html (or, before a build, its source) has no inline <script> either', async () => {
    const built = new URL('../../dist/web/index.html', import.meta.url);
    const file = existsSync(built) ? built : new URL('../../src/web/index.html', import.meta.url);
    const html = await readFile(file, 'utf8');
    expect(html).toMatch(/<script\b/i);
    expect(inlineScripts(html)).toEqual([]);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('the inline-script check finds inline scripts (it can fail)', () => {
    expect(inlineScripts('<script>alert(1)</script>')).toHaveLength(1);
    expect(inlineScripts('<script src="/a.js">alert(1)</script>')).toHaveLength(1);
    expect(inlineScripts('<script type="module" src="/a.js"></script>')).toEqual([]);
  });
});
