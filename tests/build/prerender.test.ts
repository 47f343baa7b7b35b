import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBooking,
  createReview,
  createSpace,
  createSpaceImage,
  createUser,
} from '../fixtures/factories.ts';
import { weekdayOf, riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import { formatDate, INTL_LOCALE } from '#shared/format.ts';
import type { SpaceReviews } from '#shared/schemas/reviews.ts';
import { monthWeeks } from '#web/components/date-picker/calendar-month.ts';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import type { ExploreResults } from '../../src/web/features/spaces/api/search-spaces.ts';
import { signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The landing pages arrive pre-rendered (src/server/plugins/prerender.ts, decision 021): the
 * production build and its server renderer, on a database with spaces of our own.
 */
interface PrerenderedData {
  url: string;
  loaderData: {
    'explore-spaces'?: { key: string; results: ExploreResults };
    space?: { spaceId: string; space: SpaceDetails; reviews: SpaceReviews | null };
  };
}

describe('pre-rendered landing pages', () => {
  // The run's one production build (tests/support/web-build.ts): the browser app and its renderer.
  const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));
  let t: TestApp;
  let spaceId: string;
  let pendingId: string;
  let hostCookie: string;
  const hostile = '</script><script>alert(1)</script>';

  beforeAll(async () => {
    t = await createTestApp({ build: { webRoot } });
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'host@prerender.test', password: 'Passw0rd!host' });
    const space = await createSpace(db, {
      hostId: host.id,
      status: 'approved',
      nameAr: 'قاعة النخيل للاجتماعات',
      nameEn: 'Palm Meeting Hall',
      descriptionEn: `A quiet room. ${hostile}`,
      address: 'طريق أنس بن مالك، حي الملقا',
    });
    spaceId = space.id;
    // A completed booking's review, with the host's reply (decision 075: in the server's HTML).
    const renter = await createUser(db, { email: 'renter@prerender.test', fullName: 'Noura' });
    const past = await createBooking(db, {
      spaceId,
      renterId: renter.id,
      renterEmail: 'renter@prerender.test',
      date: '2026-10-04',
      startTime: '10:00',
      endTime: '12:00',
      status: 'completed',
    });
    await createReview(db, {
      bookingId: past.id,
      stars: 4,
      body: 'قاعة هادئة ومجهزة جيدًا',
      hostReply: 'سعدنا باستقبالكم',
    });
    await createSpaceImage(db, {
      spaceId,
      uploaderId: host.id,
      variants: { '640': 'spaces/palm-640.webp' },
      width: 640,
      height: 480,
    });
    pendingId = (await createSpace(db, { hostId: host.id, status: 'pending', nameEn: 'Unseen' }))
      .id;
    hostCookie = await signInCookie(t, 'host@prerender.test', 'Passw0rd!host');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const dataOf = (html: string) => {
    const match = /<script type="application\/json" id="prerendered-data">(.*?)<\/script>/s.exec(
      html,
    );
    return match ? (JSON.parse(match[1]!) as PrerenderedData) : null;
  };

  const sessionOf = (html: string) => {
    const match = /<script type="application\/json" id="prerendered-session">(.*?)<\/script>/s.exec(
      html,
    );
    if (!match) throw new Error('no prerendered-session element');
    return JSON.parse(match[1]!) as { user: { email: string }; roles: string[] } | null;
  };

  it('renders the home page in Arabic by default, and in English for the English cookie', async () => {
    const ar = await get('/');
    expect(ar.statusCode).toBe(200);
    expect(ar.headers.vary).toMatch(/cookie/i);
    expect(ar.body).toContain('<html lang="ar" dir="rtl" data-entry=');
    expect(ar.body).toContain('<div id="root" data-prerendered="ar">');
    expect(ar.body).toContain('المساحة المناسبة، بالساعات التي تحتاجها');

    // It paints from HTML and CSS: the stylesheet is asked for before any script, and the
    // browser-rendered page's early script requests (Link) are not sent.
    const head = ar.body.slice(0, ar.body.indexOf('</head>'));
    expect(head.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('<script'));
    expect(ar.headers.link).toBeUndefined();
    // The app's code is asked for by the boot script when the visitor reaches for the page
    // (decision 042): the entry, its imports and the page's own chunks, listed on <html>.
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('type="module"');
    const html =
      /<html lang="ar" dir="rtl" data-entry="\/assets\/index-[\w-]+\.js" data-preload="([^"]+)">/.exec(
        head,
      );
    expect(html, head).not.toBeNull();
    const preload = html![1]!.split(' ');
    expect(preload).toContainEqual(expect.stringMatching(/^\/assets\/shell-[\w-]+\.js$/));
    expect(preload).toContainEqual(expect.stringMatching(/^\/assets\/home-page-[\w-]+\.js$/));
    expect(preload.every((url) => /^\/assets\/[\w.-]+\.js$/.test(url))).toBe(true);
    expect(new Set(preload).size).toBe(preload.length);

    const en = await get('/', 'locale=en');
    expect(en.body).toContain('<html lang="en" dir="ltr" data-entry=');
    // English by the URL, as links and crawlers ask for it (decision 036), whatever the cookie.
    for (const byUrl of [await get('/?lang=en'), await get('/?lang=en', 'locale=ar')]) {
      expect(byUrl.body).toContain('<html lang="en" dir="ltr" data-entry=');
      expect(byUrl.body).toContain('<div id="root" data-prerendered="en">');
      expect(byUrl.body).toContain(
        '<title>HourSpace — book spaces by the hour in Saudi Arabia</title>',
      );
      expect(byUrl.body).toContain('<link rel="canonical" href="http://localhost:');
    }
    expect(en.body).toContain('<div id="root" data-prerendered="en">');
    expect(en.body).toContain('The right space, for the hours you need');
    expect(en.body).not.toContain('المساحة المناسبة، بالساعات التي تحتاجها');
  });

  it('renders /about, /terms and /privacy in both languages with the business identity (issue 38)', async () => {
    for (const [page, ar, en] of [
      ['/about', 'من نحن', 'About us'],
      ['/terms', 'الشروط والأحكام', 'Terms and conditions'],
      ['/privacy', 'سياسة الخصوصية', 'Privacy policy'],
    ] as const) {
      const arabic = await get(page);
      expect(arabic.statusCode, page).toBe(200);
      expect(arabic.body).toContain('<div id="root" data-prerendered="ar">');
      expect(arabic.body).toContain(`<title>${ar} — مساحة بالساعة</title>`);
      expect(arabic.body).toContain(`>${ar}</h1>`);
      expect(arabic.body).toContain(t.config.business.legalName.ar);
      const english = await get(`${page}?lang=en`);
      expect(english.statusCode, page).toBe(200);
      expect(english.body).toContain('<div id="root" data-prerendered="en">');
      expect(english.body).toContain(`<title>${en} — HourSpace</title>`);
      expect(english.body).toContain(t.config.business.legalName.en);
      expect(english.body).not.toContain('<template');
    }
  });

  it('renders explore with the API’s results and hands them to the browser', async () => {
    const res = await get('/explore-spaces?city=riyadh', 'locale=en');
    expect(res.body).toContain('data-prerendered="en"');
    expect(res.body).toContain('Palm Meeting Hall');
    expect(res.body).not.toContain('Unseen');
    const data = dataOf(res.body)!;
    expect(data.url).toBe('/explore-spaces?city=riyadh');
    const explore = data.loaderData['explore-spaces']!;
    expect(explore.key).toBe('city=riyadh');
    expect(explore.results.items.map((s) => s.id)).toEqual([spaceId]);
    // Nothing was left for the browser to fill in (a suspended part would be a <template>).
    for (const page of [res, await get('/'), await get(`/space/${spaceId}`)]) {
      expect(page.body).toContain('data-prerendered=');
      expect(page.body).not.toContain('<template');
    }
  });

  it('renders a space’s page; the data cannot break out of its script element', async () => {
    const res = await get(`/space/${spaceId}`, 'locale=en');
    expect(res.body).toContain('data-prerendered="en"');
    expect(res.body).toContain('Palm Meeting Hall');
    // Escaped in the page's text and in the JSON: the only scripts are the build's and the data.
    expect(res.body).not.toContain(hostile);
    expect(dataOf(res.body)!.loaderData.space!.space.descriptionEn).toBe(
      `A quiet room. ${hostile}`,
    );
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    // Data, never script: the page's JSON-LD (decision 036), the loaders' data and the session.
    expect(inline).toEqual([
      ' type="application/ld+json"',
      ' type="application/json" id="prerendered-data"',
      ' type="application/json" id="prerendered-session"',
    ]);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]!;
    expect((JSON.parse(jsonLd) as { description: string }).description).toBe(
      `A quiet room. ${hostile}`,
    );
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  // Decision 075: what the server sends is the whole page — the footer on every pre-rendered
  // page, a space's reviews and where it is — though their code comes after the first tap.
  /** The HTML without the comments React puts between neighbouring texts. */
  const textOf = (html: string) => html.replace(/<!-- -->/g, '');
  const part = (html: string, pattern: RegExp) => pattern.exec(textOf(html))?.[0];

  it('holds the footer (links, ©, the app banner) on every pre-rendered page, in both languages', async () => {
    const year = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Riyadh' }).format(
      new Date(),
    );
    const words = {
      ar: {
        links: ['استكشف المساحات', 'كيف نعمل', 'الشروط والأحكام', 'سياسة الخصوصية', 'تواصل معنا'],
        copyright: `© ${year} مساحة بالساعة. جميع الحقوق محفوظة.`,
        app: 'تطبيقنا قريبًا',
      },
      en: {
        links: ['Explore spaces', 'How it works', 'Terms', 'Privacy', 'Contact'],
        copyright: `© ${year} HourSpace. All rights reserved.`,
        app: 'Our app is coming soon',
      },
    };
    for (const path of ['/', '/explore-spaces', `/space/${spaceId}`, '/about'])
      for (const lang of ['ar', 'en'] as const) {
        const { body } = await get(path, `locale=${lang}`);
        expect(body, path).toContain(`<div id="root" data-prerendered="${lang}">`);
        const footer = part(body, /<footer[^>]*>.*?<\/footer>/s);
        expect(footer, `${path} ${lang}: no footer in the HTML`).toBeDefined();
        for (const href of [
          '/explore-spaces',
          '/how-it-works',
          '/about',
          '/terms',
          '/privacy',
          '/contact',
        ])
          expect(footer, `${path} ${lang}`).toContain(`href="${href}"`);
        for (const link of words[lang].links)
          expect(footer, `${path} ${lang}`).toContain(`>${link}</a>`);
        expect(footer, `${path} ${lang}`).toContain(`<p>${words[lang].copyright}</p>`);
        expect(footer, `${path} ${lang}`).toContain(words[lang].app);
        // Rendered whole: no boundary left for the browser to draw (React's client-render mark).
        expect(body, path).not.toContain('<!--$!-->');
      }
  });

  it('holds a space’s reviews with their text and ratings, and its address in the map’s box', async () => {
    const ar = (await get(`/space/${spaceId}`)).body;
    const en = (await get(`/space/${spaceId}`, 'locale=en')).body;
    for (const [body, words] of [
      [
        ar,
        {
          title: 'التقييمات',
          average: 'متوسط التقييم 4 من 5',
          count: 'تقييم واحد',
          reply: 'رد المضيف',
          city: 'الرياض، المملكة العربية السعودية',
          show: 'عرض الخريطة',
        },
      ],
      [
        en,
        {
          title: 'Reviews',
          average: 'Average rating 4 out of 5',
          count: '1 review',
          reply: 'Host’s reply',
          city: 'Riyadh, Saudi Arabia',
          show: 'Show map',
        },
      ],
    ] as const) {
      const reviews = part(body, /<section[^>]*data-testid="space-reviews".*?<\/section>/s);
      expect(reviews, 'no reviews in the HTML').toBeDefined();
      expect(reviews).toContain(`>${words.title}</h2>`);
      expect(reviews).toContain(`aria-label="${words.average}"`);
      expect(reviews).toMatch(/data-testid="rating-average"[^>]*>4<\/span>/);
      expect(reviews).toMatch(new RegExp(`data-testid="rating-count"[^>]*>${words.count}</p>`));
      expect(reviews).toMatch(/<li data-testid="review".*>Noura<\/span>/s);
      expect(reviews).toContain('>قاعة هادئة ومجهزة جيدًا</p>');
      expect(reviews).toContain(words.reply);
      expect(reviews).toContain('>سعدنا باستقبالكم</p>');
      // The map's box: the district, the street and the city, and the button that loads the map.
      const card = part(body, /<div[^>]*data-testid="space-address".*?<\/button>/s);
      expect(card, 'no address card in the HTML').toBeDefined();
      expect(card).toContain('>حي الملقا</bdi>');
      expect(card).toContain('>طريق أنس بن مالك</bdi>');
      expect(card).toContain(`>${words.city}</span>`);
      expect(card).toContain(`>${words.show}</button>`);
      expect(body).not.toContain('<iframe');
    }
    // The browser's first render starts from the same reviews: no second request, no mismatch.
    const data = dataOf(ar)!.loaderData.space!;
    expect(data.reviews?.rating).toEqual({ average: 4, count: 1 });
    expect(data.reviews?.items.map((r) => r.body)).toEqual(['قاعة هادئة ومجهزة جيدًا']);
  });

  // Decision 079: "share" opens from the server's HTML (a popover by invoker command), its links
  // carry the space's name and canonical URL in the page's language; the footer's languages are
  // links to the page in the other language.
  it('holds a space’s share panel with its links, in the page’s language, its amenities, and the footer’s language links', async () => {
    const origin = t.config.publicUrl;
    const decode = (href: string) => href.replace(/&amp;/g, '&');
    for (const lang of ['ar', 'en'] as const) {
      const { body } = await get(`/space/${spaceId}`, `locale=${lang}`);
      const words = {
        ar: {
          name: 'قاعة النخيل للاجتماعات',
          text: 'شاهد «قاعة النخيل للاجتماعات» على مساحة بالساعة',
          button: 'مشاركة هذه المساحة',
          copy: 'نسخ الرابط',
          more: 'خيارات أخرى على جهازك',
          url: `${origin}/space/${spaceId}`,
        },
        en: {
          name: 'Palm Meeting Hall',
          text: 'Have a look at “Palm Meeting Hall” on HourSpace',
          button: 'Share this space',
          copy: 'Copy link',
          more: 'More options on your device',
          url: `${origin}/space/${spaceId}?lang=en`,
        },
      }[lang];
      // The page's head names the same URL as canonical.
      expect(body).toContain(`<link rel="canonical" href="${words.url.replace(/&/g, '&amp;')}" />`);
      const button = /<button[^>]*commandfor="space-share"[^>]*command="toggle-popover"[^>]*>/.exec(
        body,
      )?.[0];
      expect(button, `${lang}: no share button`).toBeDefined();
      // (React writes popoverTarget; HTML's attribute names know no case.)
      expect(button).toMatch(/ popovertarget="space-share"/i);
      expect(button).toContain(`aria-label="${words.button}"`);
      const panel = part(body, /<div[^>]*id="space-share"[^>]*>.*?<\/ul><\/div>/s);
      expect(panel, `${lang}: no share panel`).toBeDefined();
      expect(panel).toMatch(/^<div[^>]*popover="auto"[^>]*role="dialog"/);
      const hrefs = [...panel!.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => decode(m[1]!));
      const [whatsapp, x, telegram, email] = hrefs.map((href) => new URL(href));
      expect(hrefs).toHaveLength(4);
      expect(whatsapp!.href.startsWith('https://wa.me/?text=')).toBe(true);
      expect(whatsapp!.searchParams.get('text')).toBe(`${words.text}\n${words.url}`);
      expect(x!.origin + x!.pathname).toBe('https://x.com/intent/post');
      expect(x!.searchParams.get('url')).toBe(words.url);
      expect(x!.searchParams.get('text')).toBe(words.text);
      expect(telegram!.origin + telegram!.pathname).toBe('https://t.me/share/url');
      expect(telegram!.searchParams.get('url')).toBe(words.url);
      expect(email!.protocol).toBe('mailto:');
      const fields = new URLSearchParams(hrefs[3]!.slice('mailto:?'.length));
      expect(fields.get('subject')).toBe(words.name);
      expect(fields.get('body')).toBe(`${words.text}\n${words.url}`);
      expect(panel).toContain(`>${words.copy}</span></button>`);
      // The system's share sheet needs the app (and a phone): not in the server's HTML.
      expect(body).not.toContain(words.more);

      const other = lang === 'ar' ? 'en' : 'ar';
      const footer = part(body, /<footer[^>]*>.*?<\/footer>/s)!;
      const group = /<div role="group" aria-labelledby="footer-language"[^>]*>.*?<\/div>/s.exec(
        footer,
      )![0];
      expect(group).toMatch(
        new RegExp(
          `<a href="/space/${spaceId}\\?lang=${other}" hrefLang="${other}" lang="${other}"`,
          'i',
        ),
      );
      expect(group).toMatch(new RegExp(`<span lang="${lang}" aria-current="true"`));
      expect(group).not.toContain('<button');
      // The amenities, a part of their own too (decision 079): in the HTML with their icons.
      const amenities = part(body, /<section aria-labelledby="amenities-title".*?<\/section>/s)!;
      expect(amenities).toMatch(
        new RegExp(
          `<li[^>]*><svg[^>]*lucide-wifi[^>]*>.*?</svg>${lang === 'ar' ? 'واي فاي' : 'Wi-Fi'}</li>`,
          's',
        ),
      );
      expect(body).not.toContain('<!--$!-->');
    }
  });
  // Decision 078: the date pickers' calendar is a <dialog> of the server's HTML with the month
  // grid, opened by the field's button (an invoker command) before the app has arrived.
  it('holds the date pickers’ calendar (the month’s grid, its closed days) on home, explore and a space, in both languages', async () => {
    const today = riyadhToday();
    const monthDays = monthWeeks(today)
      .flat()
      .filter((d): d is string => d !== null);
    const words = {
      ar: { date: 'التاريخ', close: 'إغلاق', previous: 'الشهر السابق', next: 'الشهر التالي' },
      en: { date: 'Date', close: 'Close', previous: 'Previous month', next: 'Next month' },
    };
    for (const [path, count] of [
      ['/', 1],
      // the column and the phone's sheet
      ['/explore-spaces', 2],
      [`/space/${spaceId}`, 1],
    ] as const)
      for (const lang of ['ar', 'en'] as const) {
        const where = `${path} ${lang}`;
        const { body } = await get(path, `locale=${lang}`);
        const w = words[lang];
        const month = new Intl.DateTimeFormat(INTL_LOCALE[lang], {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }).format(new Date(`${today.slice(0, 8)}01T12:00:00Z`));
        const calendars = [
          ...textOf(body).matchAll(
            /<dialog id="([^"]+)"(?:(?!<dialog).)*?role="grid".*?<\/dialog>/gs,
          ),
        ];
        expect(calendars.length, where).toBe(count);
        for (const [calendar, id] of calendars) {
          // The field's button opens it, with no script.
          expect(body, where).toContain(`commandfor="${id}" command="show-modal"`);
          expect(calendar, where).toContain(`<h2 id="${id}-title"`);
          expect(calendar, where).toContain(
            `aria-label="${w.close}" commandfor="${id}" command="close"`,
          );
          expect(calendar, where).toContain(`aria-label="${w.previous}"`);
          expect(calendar, where).toContain(`aria-label="${w.next}"`);
          expect(calendar, where).toContain(`role="grid" aria-label="${month}"`);
          // Every day of this month, named by its date in the page's language.
          const days = [...calendar!.matchAll(/<button[^>]*data-date="([\d-]+)"[^>]*>/g)];
          expect(
            days.map((d) => d[1]),
            where,
          ).toEqual(monthDays);
          const day = (date: string) => days.find((d) => d[1] === date)![0];
          expect(day(today), where).toContain(`aria-label="${formatDate(today, lang)}"`);
          // Nothing before today can be picked.
          for (const date of monthDays.filter((d) => d < today))
            expect(day(date), `${where} ${date}`).toContain('aria-disabled="true"');
          if (path.startsWith('/space/')) {
            expect(calendar, where).toContain(`>${w.date}</h2>`);
            // The space is closed on Fridays and Saturdays: those days are marked, the rest not.
            for (const date of monthDays.filter((d) => d >= today))
              expect(day(date).includes('aria-disabled="true"'), `${where} ${date}`).toBe(
                ['friday', 'saturday'].includes(weekdayOf(date)),
              );
            // The browser focuses the first day that can be picked when it opens the calendar.
            const first = monthDays.find(
              (d) => d >= today && !['friday', 'saturday'].includes(weekdayOf(d)),
            );
            if (first) expect(day(first), where).toContain('autofocus=""');
          } else {
            for (const date of monthDays.filter((d) => d >= today))
              expect(day(date), `${where} ${date}`).not.toContain('aria-disabled="true"');
            expect(day(today), where).toContain('autofocus=""');
          }
        }
        expect(body, where).not.toContain('<!--$!-->');
      }
  });

  it('renders a signed-in visitor’s page with their header, for them alone', async () => {
    // Decision 038: signed-in visitors get the pre-rendered page too; the header greets them.
    const home = await get('/', `${hostCookie}; locale=en`);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root" data-prerendered="en">');
    expect(home.body).toContain('The right space, for the hours you need');
    expect(home.body).toMatch(/data-testid="greeting"[^>]*>Welcome, /);
    expect(home.headers['cache-control']).toBe('private, no-cache');
    expect(sessionOf(home.body)?.user.email).toBe('host@prerender.test');
    // Signed out: no greeting, no session, and a shared cache may keep the page.
    const out = await get('/', 'locale=en');
    expect(out.body).not.toContain('data-testid="greeting"');
    expect(sessionOf(out.body)).toBeNull();
    expect(out.headers['cache-control']).toBe('no-cache');
    // The loaders ask the API with the visitor's cookie: the host sees their pending space.
    const own = await get(`/space/${pendingId}`, hostCookie);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('data-prerendered="ar"');
    expect(dataOf(own.body)!.loaderData.space!.spaceId).toBe(pendingId);
  });

  it('sends the plain app shell where the browser must render the page itself', async () => {
    const shells = [
      [await get(`/space/${pendingId}`), 404], // not approved: not found for a visitor
      [await get('/space/00000000-0000-4000-8000-000000000000'), 404], // missing
      [await get('/faq'), 200], // not a landing page
      [await get('/space/not-a-uuid'), 404],
    ] as const;
    for (const [res, status] of shells) {
      expect(res.statusCode).toBe(status);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain('data-prerendered');
      expect(res.body).not.toContain('prerendered-data');
    }
  });
});
