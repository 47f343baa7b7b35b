import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HEADS, PUBLIC_PAGES } from '#shared/page-heads.ts';
import { createSpace, createSpaceImage, createUser } from '#tests/fixtures/factories.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Findable (issue 19, decision 036): the server's HTML of every public page and of a space's page
 * carries its own head — title, description, canonical, hreflang, Open Graph, Twitter card,
 * JSON-LD — in the language of the URL or the cookie; /sitemap.xml and /robots.txt; a 404 for
 * what is not a page; a space's 1200×630 share image.
 */
describe('search engines and share cards', () => {
  let t: TestApp;
  let webRoot: string;
  const origin = 'http://hourspace.example';
  const ids = { approved: '', pending: '', rejected: '', plain: '' };
  let hostCookie: string;
  const shell = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <title>مساحة بالساعة — HourSpace</title>
    <meta
      name="description"
      content="the shell's description"
    />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'hourspace-seo-'));
    await writeFile(path.join(webRoot, 'index.html'), shell);
    t = await createTestApp({ env: { PUBLIC_URL: origin }, build: { webRoot } });
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'host@seo.test', password: 'Host#2026seo' });
    const space = await createSpace(db, {
      hostId: host.id,
      city: 'jeddah',
      address: 'طريق الكورنيش، حي الشاطئ',
      nameAr: 'قاعة الكورنيش للاجتماعات',
      nameEn: 'Corniche "Meeting" Hall',
      descriptionAr: 'قاعة هادئة تطل على البحر، مجهزة بشاشة عرض ونظام صوتي.',
      descriptionEn: 'A quiet hall <by> the sea, with a display screen & a sound system.',
      priceHalalas: 35_000,
      capacity: 24,
    });
    ids.approved = space.id;
    // A real cover in storage: the share image is cut from it.
    const cover = await sharp({
      create: { width: 1600, height: 1066, channels: 3, background: '#0f4c4a' },
    })
      .webp()
      .toBuffer();
    await t.deps.storage.put('spaces/seo/cover-1600.webp', cover, 'image/webp');
    await createSpaceImage(db, {
      spaceId: space.id,
      uploaderId: host.id,
      variants: { '1600': 'spaces/seo/cover-1600.webp', '480': 'spaces/seo/missing-480.webp' },
      width: 1600,
      height: 1066,
    });
    ids.plain = (await createSpace(db, { hostId: host.id, nameEn: 'No Picture Room' })).id;
    ids.pending = (
      await createSpace(db, { hostId: host.id, status: 'pending', nameEn: 'Pending Loft' })
    ).id;
    ids.rejected = (
      await createSpace(db, { hostId: host.id, status: 'rejected', nameEn: 'Rejected Loft' })
    ).id;
    hostCookie = await signInCookie(t, 'host@seo.test', 'Host#2026seo');
  });
  afterAll(async () => {
    await t?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** The head as a document: what a crawler reads. */
  const headOf = (html: string) => {
    const document = new JSDOM(html).window.document;
    const attr = (selector: string, name: string) =>
      document.querySelector(selector)?.getAttribute(name) ?? null;
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      titles: [...document.querySelectorAll('title')].map((e) => e.textContent),
      descriptions: [...document.querySelectorAll('meta[name="description"]')].map((e) =>
        e.getAttribute('content'),
      ),
      canonical: attr('link[rel="canonical"]', 'href'),
      alternates: Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"]')].map((e) => [
          e.getAttribute('hreflang'),
          e.getAttribute('href'),
        ]),
      ),
      og: Object.fromEntries(
        [...document.querySelectorAll('meta[property^="og:"]')].map((e) => [
          e.getAttribute('property'),
          e.getAttribute('content'),
        ]),
      ),
      twitter: Object.fromEntries(
        [...document.querySelectorAll('meta[name^="twitter:"]')].map((e) => [
          e.getAttribute('name'),
          e.getAttribute('content'),
        ]),
      ),
      robots: attr('meta[name="robots"]', 'content'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (e) => JSON.parse(e.textContent ?? 'null') as Record<string, unknown>,
      ),
      root: document.getElementById('root') !== null,
    };
  };

  describe('every public page has its own head, in each language', () => {
    const cases = PUBLIC_PAGES.flatMap((page) =>
      (['ar', 'en'] as const).map((locale) => [page, locale] as const),
    );
    it.each(cases)('%s in %s', async (page, locale) => {
      const url = locale === 'en' ? `${page}?lang=en` : page;
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const head = headOf(res.body);
      const texts = PAGE_HEADS[locale].pages[page];
      const title = texts.title
        ? `${texts.title} — ${PAGE_HEADS[locale].siteName}`
        : PAGE_HEADS[locale].siteTitle;
      expect(head.lang).toBe(locale);
      expect(head.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      expect(head.titles).toEqual([title]);
      expect(head.descriptions).toEqual([texts.description]);
      const ar = `${origin}${page}`;
      const en = `${origin}${page}?lang=en`;
      expect(head.canonical).toBe(locale === 'ar' ? ar : en);
      expect(head.alternates).toEqual({ ar, en, 'x-default': ar });
      expect(head.og['og:title']).toBe(title);
      expect(head.og['og:description']).toBe(texts.description);
      expect(head.og['og:url']).toBe(head.canonical);
      expect(head.og['og:locale']).toBe(locale === 'ar' ? 'ar_SA' : 'en_US');
      expect(head.twitter['twitter:card']).toBeTruthy();
      expect(head.twitter['twitter:title']).toBe(title);
      expect(head.robots).toBeNull();
      expect(head.root).toBe(true);
    });

    it('no two pages share a title or a description', async () => {
      for (const locale of ['ar', 'en']) {
        const heads = await Promise.all(
          PUBLIC_PAGES.map(async (page) => headOf((await get(`${page}?lang=${locale}`)).body)),
        );
        expect(new Set(heads.map((h) => h.titles[0])).size).toBe(PUBLIC_PAGES.length);
        expect(new Set(heads.map((h) => h.descriptions[0])).size).toBe(PUBLIC_PAGES.length);
      }
    });

    it('follows the locale cookie when the URL names no language; the URL wins over it', async () => {
      expect(headOf((await get('/faq', 'locale=en')).body).titles).toEqual([
        'Frequently asked questions — HourSpace',
      ]);
      const head = headOf((await get('/faq?lang=ar', 'locale=en')).body);
      expect(head.lang).toBe('ar');
      expect(head.titles).toEqual(['الأسئلة الشائعة — مساحة بالساعة']);
    });
  });

  describe('a space’s page', () => {
    it('has its name, description, canonical, alternates, share card and JSON-LD', async () => {
      const res = await get(`/space/${ids.approved}?lang=en`);
      expect(res.statusCode).toBe(200);
      const head = headOf(res.body);
      const url = `${origin}/space/${ids.approved}`;
      expect(head.titles).toEqual(['Corniche "Meeting" Hall — HourSpace']);
      expect(head.descriptions).toEqual([
        'A quiet hall <by> the sea, with a display screen & a sound system.',
      ]);
      expect(head.canonical).toBe(`${url}?lang=en`);
      expect(head.alternates).toEqual({ ar: url, en: `${url}?lang=en`, 'x-default': url });
      expect(head.og).toMatchObject({
        'og:title': 'Corniche "Meeting" Hall — HourSpace',
        'og:url': `${url}?lang=en`,
        'og:image': `${origin}/share/spaces/${ids.approved}.jpg`,
        'og:image:width': '1200',
        'og:image:height': '630',
      });
      expect(head.twitter).toMatchObject({
        'twitter:card': 'summary_large_image',
        'twitter:image': `${origin}/share/spaces/${ids.approved}.jpg`,
      });
      // Escaped where it is text: the hostile-looking description cannot open an element.
      expect(res.body).not.toContain('<by>');

      expect(head.jsonLd).toHaveLength(1);
      expect(head.jsonLd[0]).toMatchObject({
        '@context': 'https://schema.org',
        '@type': ['Place', 'Product'],
        name: 'Corniche "Meeting" Hall',
        url: `${url}?lang=en`,
        image: `${origin}/share/spaces/${ids.approved}.jpg`,
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'طريق الكورنيش، حي الشاطئ',
          addressLocality: 'Jeddah',
          addressCountry: 'SA',
        },
        maximumAttendeeCapacity: 24,
        offers: {
          '@type': 'Offer',
          price: '350.00',
          priceCurrency: 'SAR',
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: '350.00',
            priceCurrency: 'SAR',
            unitCode: 'HUR',
          },
        },
      });
    });

    it('in Arabic by default, with the Arabic name and city', async () => {
      const head = headOf((await get(`/space/${ids.approved}`)).body);
      expect(head.lang).toBe('ar');
      expect(head.titles).toEqual(['قاعة الكورنيش للاجتماعات — مساحة بالساعة']);
      expect(head.descriptions).toEqual(['قاعة هادئة تطل على البحر، مجهزة بشاشة عرض ونظام صوتي.']);
      expect(head.canonical).toBe(`${origin}/space/${ids.approved}`);
      expect(head.jsonLd[0]).toMatchObject({
        name: 'قاعة الكورنيش للاجتماعات',
        address: { addressLocality: 'جدة' },
      });
    });

    it('without a picture: a summary card and no image', async () => {
      const head = headOf((await get(`/space/${ids.plain}`)).body);
      expect(head.twitter['twitter:card']).toBe('summary');
      expect(head.og['og:image']).toBeUndefined();
      expect(head.jsonLd[0]).not.toHaveProperty('image');
    });

    it('serves a 1200×630 JPEG share image cut from the cover, made once', async () => {
      const first = await get(`/share/spaces/${ids.approved}.jpg`);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(first.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
      // Kept in storage: the second answer is the stored file, byte for byte.
      await t.deps.storage.delete('spaces/seo/cover-1600.webp');
      const second = await get(`/share/spaces/${ids.approved}.jpg`);
      expect(second.statusCode).toBe(200);
      expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);

      for (const url of [
        `/share/spaces/${ids.pending}.jpg`,
        `/share/spaces/${ids.plain}.jpg`,
        '/share/spaces/00000000-0000-4000-8000-000000000000.jpg',
        '/share/spaces/not-a-space.jpg',
      ]) {
        expect((await get(url)).statusCode, url).toBe(404);
      }
    });
  });

  describe('404 with the not-found page', () => {
    it.each([
      '/no-such-page',
      // /about, /terms and /privacy are pages since issue 38 (tests/api/content-pages.test.ts)
      '/about/us',
      '/privacy/extra',
      '/space/00000000-0000-4000-8000-000000000000',
      '/space/not-a-uuid',
      '/explore-spaces/extra',
    ])('%s', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const head = headOf(res.body);
      expect(head.root).toBe(true);
      expect(head.titles).toEqual([`${PAGE_HEADS.ar.notFound.title} — مساحة بالساعة`]);
      expect(head.robots).toBe('noindex');
      expect(head.canonical).toBeNull();
    });

    it('a space that is not approved: 404 for visitors, its page (not indexed) for its host', async () => {
      for (const id of [ids.pending, ids.rejected]) {
        const visitor = await get(`/space/${id}`);
        expect(visitor.statusCode).toBe(404);
        expect(visitor.body).not.toMatch(/Pending Loft|Rejected Loft/);
        const host = await get(`/space/${id}`, hostCookie);
        expect(host.statusCode).toBe(200);
        expect(headOf(host.body).robots).toBe('noindex');
      }
    });

    it('private pages are served, never indexed', async () => {
      for (const url of ['/auth', '/account', '/admin/dashboard', '/list-your-space/new']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(headOf(res.body).robots, url).toBe('noindex');
      }
    });
  });

  describe('sitemap and robots', () => {
    it('/sitemap.xml is a valid sitemap of the public pages and approved spaces, in both languages', async () => {
      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      const { window } = new JSDOM('');
      const xml = new window.DOMParser().parseFromString(res.body, 'application/xml');
      expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
      const root = xml.documentElement;
      expect(root.localName).toBe('urlset');
      expect(root.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      const urls = [...root.children];
      expect(urls.every((u) => u.localName === 'url')).toBe(true);
      const locs = urls.map((u) => u.getElementsByTagName('loc')[0]!.textContent!);
      expect(locs.length).toBeLessThanOrEqual(50_000);
      expect(new Set(locs).size).toBe(locs.length);
      for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true);

      const expected = [
        ...PUBLIC_PAGES.map((p) => `${origin}${p}`),
        ...[ids.approved, ids.plain].map((id) => `${origin}/space/${id}`),
      ].flatMap((url) => [url, `${url}?lang=en`]);
      expect([...locs].sort()).toEqual([...expected].sort());
      expect(res.body).not.toContain(ids.pending);
      expect(res.body).not.toContain(ids.rejected);

      // Each URL names both languages and the default.
      for (const url of urls) {
        const links = [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')];
        expect(links.map((l) => l.getAttribute('hreflang'))).toEqual(['ar', 'en', 'x-default']);
      }
      const space = urls.find((u) => u.textContent?.includes(ids.approved))!;
      expect(space.getElementsByTagName('lastmod')[0]!.textContent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('/robots.txt points to the sitemap and keeps the private areas and the API out', async () => {
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const lines = res.body.split('\n');
      expect(lines).toContain('User-agent: *');
      expect(lines).toContain('Disallow: /admin');
      expect(lines).toContain('Disallow: /account');
      expect(lines).toContain('Disallow: /api');
      expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
      expect(res.body).not.toMatch(/Disallow: \/\s*$/m);
    });

    it('a sitemap part that does not exist is a 404', async () => {
      for (const url of ['/sitemap/1.xml', '/sitemap/0.xml', '/sitemap/x.xml']) {
        expect((await get(url)).statusCode, url).toBe(404);
      }
    });
  });
});
