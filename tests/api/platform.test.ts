import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMessages } from '#shared/messages.ts';
import { apiErrorSchema } from '#shared/schemas/api-error.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The API error format (docs/architecture.md), and nothing that looks like a stack trace. */
function expectApiError(body: string, code: string) {
  const parsed = apiErrorSchema.parse(JSON.parse(body));
  expect(parsed.error.code).toBe(code);
  expect(body).not.toMatch(/at .+\.(ts|js):\d+|node_modules|stack/i);
  return parsed.error;
}

describe('platform: health, errors and headers', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    // A stand-in web build: the real one is tested end to end; here only the serving rules.
    webRoot = await mkdtemp(path.join(tmpdir(), 'hourspace-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(
      path.join(webRoot, 'index.html'),
      `<!doctype html><html lang="ar" dir="rtl"><body>${'<p>hi</p>'.repeat(300)}</body></html>`,
    );
    await writeFile(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(webRoot, 'robots.txt'), 'User-agent: *');
    t = await createTestApp({
      env: { API_RATE_LIMIT_PER_MINUTE: '40', BODY_LIMIT_BYTES: '2048' },
      build: { webRoot },
      beforeReady(app) {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail');
        });
        // Declared like every API route (a success schema), so its answers are in the document.
        app.post(
          '/api/test/echo',
          { schema: { response: { 200: z.object({ got: z.unknown() }) } } },
          async (request) => ({ got: request.body ?? null }),
        );
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('answers liveness and readiness', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('gives every response a request id, keeping a well-formed one from the caller', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(mine.headers['x-request-id']).toBe('req-12345678');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id; drop table' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with 404 in the documented format, in the client language', async () => {
    const ar = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(ar.statusCode).toBe(404);
    expect(expectApiError(ar.body, 'NOT_FOUND').message).toBe(errorMessages.ar.NOT_FOUND);
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(expectApiError(en.body, 'NOT_FOUND').message).toBe('Page Not Found');
  });

  it('answers a known path with the wrong method with 405 and an Allow header', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expectApiError(res.body, 'METHOD_NOT_ALLOWED');
  });

  it('refuses malformed JSON with 400 and keeps serving', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a": ',
    });
    expect(res.statusCode).toBe(400);
    expectApiError(res.body, 'INVALID_JSON');
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('accepts an empty JSON body as no body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ got: null });
  });

  it('refuses a content type it does not speak with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expectApiError(res.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(4096) }),
    });
    expect(res.statusCode).toBe(413);
    expectApiError(res.body, 'PAYLOAD_TOO_LARGE');
  });

  it('hides a failure behind a 500 with no details', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(500);
    const error = expectApiError(res.body, 'INTERNAL_ERROR');
    expect(error.message).toBe('Oops! Something went wrong');
    expect(res.body).not.toContain('secret internal detail');
  });

  it('sets security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // HSTS only in production (a plain-http localhost must stay reachable)
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the web app: client routes fall back to index.html, hashed assets are immutable', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/explore-spaces?city=riyadh' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('dir="rtl"');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missingAsset.statusCode).toBe(404);

    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
  });

  it('compresses responses', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<p>hi</p>');
  });

  it('rate-limits the API with 429 in the documented format', async () => {
    let last;
    for (let i = 0; i < 45; i += 1) {
      last = await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: '10.9.9.9' });
      if (last.statusCode === 429) break;
    }
    expect(last?.statusCode).toBe(429);
    expectApiError(last!.body, 'RATE_LIMITED');
    expect(last!.headers['retry-after']).toBeDefined();
    // another client is not affected
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/ready',
      remoteAddress: '10.9.9.10',
    });
    expect(other.statusCode).toBe(200);
  });

  it('reports not ready when the database is gone', async () => {
    const dead = await createTestApp();
    await dead.testDb.database.close();
    const res = await dead.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
    await dead.app.close();
    await dead.testDb.drop().catch(() => {});
  });
});
