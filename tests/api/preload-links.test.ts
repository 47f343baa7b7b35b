import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace, createUser } from '#tests/fixtures/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The Link headers of the landing pages (scripts/vite/boot-preloads.ts writes them at build time
 * to .vite/preload-links.json; src/server/plugins/spa.ts sends them with index.html).
 */
describe('web app: early fetches of the landing pages', () => {
  let t: TestApp;
  let webRoot: string;
  let spaceId: string;
  const home = [
    '</assets/hero-1.webp>; rel=preload; as=image',
    '</assets/home-1.js>; rel=modulepreload; crossorigin',
  ];
  const space = ['</assets/space-1.js>; rel=modulepreload; crossorigin'];

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'hourspace-web-'));
    await mkdir(path.join(webRoot, '.vite'), { recursive: true });
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><html lang="ar"></html>');
    await writeFile(
      path.join(webRoot, '.vite/preload-links.json'),
      JSON.stringify([
        { path: '/', prefix: false, links: home },
        { path: '/space/', prefix: true, links: space },
      ]),
    );
    t = await createTestApp({ build: { webRoot } });
    const host = await createUser(t.deps.database.db, { email: 'host@preload.test' });
    spaceId = (await createSpace(t.deps.database.db, { hostId: host.id })).id;
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('sends the page’s Link header with index.html, by exact path or prefix', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.headers.link).toBe(home.join(', '));

    const details = await t.app.inject({ method: 'GET', url: `/space/${spaceId}?from=explore` });
    expect(details.statusCode).toBe(200);
    expect(details.headers.link).toBe(space.join(', '));
    // A space that is not there is a 404 (decision 036): its page's code is not asked for.
    const missing = await t.app.inject({ method: 'GET', url: '/space/0b6c5a3e' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.link).toBeUndefined();
  });

  it('sends none for other pages, and does not serve the build’s own files', async () => {
    const faq = await t.app.inject({ method: 'GET', url: '/faq' });
    expect(faq.statusCode).toBe(200);
    expect(faq.headers.link).toBeUndefined();

    const plan = await t.app.inject({ method: 'GET', url: '/.vite/preload-links.json' });
    // Dot files are not served: the path is just another client route (index.html, no links).
    expect(plan.headers['content-type']).toContain('text/html');
    expect(plan.body).not.toContain('modulepreload');
    expect(plan.headers.link).toBeUndefined();
  });
});
