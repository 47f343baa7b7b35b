import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '#shared/page-heads.ts';
import { sitemap, sitemapPart, SPACES_PER_SITEMAP } from '#server/features/seo/sitemap.ts';
import { createSpace, createUser } from '#tests/fixtures/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A sitemap holds at most 50,000 URLs: past SPACES_PER_SITEMAP approved spaces, /sitemap.xml is
 * an index of parts (decision 036), which together list every approved space once per language.
 * The same functions the routes call, with parts of 3 spaces instead of 5,000 (5,000 spaces
 * take a minute to insert here).
 */
describe('/sitemap.xml past one file', () => {
  let t: TestApp;
  const origin = 'http://hourspace.example';
  const perFile = 3;
  const approved: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: origin } });
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'host@sitemap.test' });
    const base = new Date('2026-03-01T09:00:00Z').getTime();
    for (let i = 0; i < 7; i += 1) {
      const space = await createSpace(db, {
        hostId: host.id,
        createdAt: new Date(base + i * 60_000),
        status: i === 3 ? 'pending' : 'approved',
      });
      if (i !== 3) approved.push(space.id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const parse = (xml: string) => {
    const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    return document;
  };

  it('keeps 50,000 URLs a file: a part is its spaces in two languages, with the pages', () => {
    expect(SPACES_PER_SITEMAP * 2 + PUBLIC_PAGES.length * 2).toBeLessThanOrEqual(50_000);
  });

  it('indexes its parts, which list every approved space in both languages, each once', async () => {
    const db = t.deps.database.db;
    const root = parse(await sitemap(db, origin, perFile)).documentElement;
    expect(root.localName).toBe('sitemapindex');
    expect(root.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const parts = [...root.getElementsByTagName('loc')].map((l) => l.textContent!);
    expect(parts).toEqual([`${origin}/sitemap/1.xml`, `${origin}/sitemap/2.xml`]);

    const locs: string[] = [];
    for (const [i] of parts.entries()) {
      const xml = await sitemapPart(db, origin, i + 1, perFile);
      const document = parse(xml!);
      expect(document.documentElement.localName).toBe('urlset');
      locs.push(...[...document.getElementsByTagName('loc')].map((l) => l.textContent!));
    }
    const expected = [
      ...PUBLIC_PAGES.map((p) => `${origin}${p}`),
      ...approved.map((id) => `${origin}/space/${id}`),
    ].flatMap((url) => [url, `${url}?lang=en`]);
    expect(locs).toEqual(expected);
    expect(await sitemapPart(db, origin, 3, perFile)).toBeNull();
    expect(await sitemapPart(db, origin, 0, perFile)).toBeNull();
  });

  it('one file while it holds them all: no parts', async () => {
    const db = t.deps.database.db;
    expect(parse(await sitemap(db, origin)).documentElement.localName).toBe('urlset');
    expect(await sitemapPart(db, origin, 1)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/sitemap/1.xml' })).statusCode).toBe(404);
  });
});
