import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { City, Day, SpaceType } from '#shared/constants.ts';
import type { PriceRules } from '#shared/domain/price-rules.ts';
import { riyadhToday, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import type { SpaceDetails, SpaceSearchResult } from '#shared/schemas/spaces.ts';
import {
  createSpace,
  createSpaceImage,
  createUser,
  type NewSpace,
} from '#tests/fixtures/factories.ts';
import { spaces } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A date from today onwards (Riyadh) that falls on the given weekday. */
function nextDateOn(day: Day): string {
  const [y, m, d] = riyadhToday().split('-').map(Number) as [number, number, number];
  for (let i = 0; i < 7; i += 1) {
    const date = new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10);
    if (weekdayOf(date) === day) return date;
  }
  throw new Error('unreachable');
}

describe('GET /api/spaces and GET /api/spaces/:id', () => {
  let t: TestApp;
  let hostId: string;
  const ids: Record<string, string> = {};
  const cookies: Record<'host' | 'admin' | 'stranger', string> = {
    host: '',
    admin: '',
    stranger: '',
  };

  const search = async (query: string, lang = 'en') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/spaces${query ? `?${query}` : ''}`,
      headers: { 'accept-language': lang },
    });
    return res;
  };
  const found = async (query: string) => {
    const res = await search(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SpaceSearchResult>();
  };
  const keysOf = async (query: string) => {
    const result = await found(`${query}${query ? '&' : ''}limit=50`);
    const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    return result.items.map((item) => byId[item.id] ?? item.id).sort();
  };

  const signIn = async (email: string, password: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      headers: { origin: t.config.publicUrl },
    });
    expect(res.statusCode, res.body).toBe(200);
    const raw = res.headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : [String(raw)];
    return list.find((c) => c.startsWith('hs.session_token='))!.split(';')[0]!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'host@search.test', password: 'Host#2026hs' });
    await createUser(db, {
      email: 'admin@search.test',
      password: 'Admin#2026hs',
      roles: ['admin'],
    });
    await createUser(db, { email: 'stranger@search.test', password: 'Other#2026hs' });
    hostId = host.id;
    const base = new Date('2026-01-01T09:00:00Z').getTime();
    let n = 0;
    const add = async (key: string, input: Omit<NewSpace, 'hostId'>) => {
      const space = await createSpace(db, {
        hostId,
        createdAt: new Date(base + n++ * 3_600_000),
        ...input,
      });
      ids[key] = space.id;
      return space;
    };
    const space = (type: SpaceType, city: City) => ({ type, city });

    const boardroom = await add('boardroom', {
      ...space('meeting_room', 'riyadh'),
      listingLanguage: 'en',
      nameEn: 'Financial District Boardroom',
      nameAr: 'قاعة مجلس الإدارة بالمركز المالي',
      descriptionEn: 'A boardroom with a video-conferencing system for investor meetings.',
      descriptionAr: 'قاعة اجتماعات مجهزة لاجتماعات المستثمرين.',
      priceHalalas: 35_000,
      capacity: 14,
      amenities: ['wifi', 'video_conference', 'projector'],
      availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
    });
    await createSpaceImage(db, {
      spaceId: boardroom.id,
      uploaderId: hostId,
      position: 1,
      variants: { '480': 'seed/second/480.webp' },
      width: 1600,
      height: 1066,
    });
    await createSpaceImage(db, {
      spaceId: boardroom.id,
      uploaderId: hostId,
      position: 0,
      variants: { '960': 'seed/cover/960.webp', '480': 'seed/cover/480.webp' },
      width: 1600,
      height: 1066,
    });
    await add('podcast', {
      ...space('podcasts', 'riyadh'),
      listingLanguage: 'ar',
      nameAr: 'استوديو صدى للبودكاست',
      nameEn: 'Sada Podcast Studio',
      descriptionAr: 'غرفة تسجيل معزولة صوتيًا مع أربعة ميكروفونات.',
      descriptionEn: 'A soundproofed recording room with four microphones.',
      priceHalalas: 18_000,
      capacity: 4,
      amenities: ['sound_system', 'wifi'],
      availableDays: ['friday', 'saturday'],
    });
    await add('hall', {
      ...space('event_hall', 'jeddah'),
      listingLanguage: 'ar',
      nameAr: 'قاعة الأفراح الكبرى',
      nameEn: null,
      descriptionAr: 'قاعة مناسبات واسعة على الكورنيش تتسع لثلاثمئة ضيف.',
      descriptionEn: null,
      priceHalalas: 95_000,
      capacity: 300,
      amenities: ['stage', 'sound_system', 'parking', 'wifi'],
      availableDays: ['thursday', 'friday', 'saturday'],
    });
    await add('studio', {
      ...space('photo_studio', 'jeddah'),
      listingLanguage: 'en',
      nameEn: 'Corniche Light Studios',
      nameAr: 'استوديوهات ضوء الكورنيش',
      descriptionEn: 'Photography studios with natural light and paper backdrops.',
      descriptionAr: 'استوديوهات تصوير بإضاءة طبيعية.',
      priceHalalas: 18_000,
      capacity: 8,
      amenities: ['natural_light', 'wifi', 'parking'],
      availableDays: ['saturday', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
    });
    await add('office', {
      ...space('office_space', 'dammam'),
      listingLanguage: 'en',
      nameEn: 'Corniche Corner Office',
      nameAr: 'مكتب ركن الكورنيش',
      descriptionEn: 'A private office with printing and a shared kitchen.',
      descriptionAr: 'مكتب خاص مع طابعة ومطبخ مشترك.',
      priceHalalas: 9_050,
      capacity: 4,
      amenities: ['printer', 'shared_kitchen', 'wifi'],
      availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
    });
    await add('pending', {
      ...space('meeting_room', 'riyadh'),
      nameAr: 'قاعة بانتظار المراجعة',
      nameEn: 'Boardroom awaiting review',
      status: 'pending',
    });
    await add('rejected', {
      ...space('meeting_room', 'riyadh'),
      nameEn: 'Rejected boardroom',
      status: 'rejected',
    });

    cookies.host = await signIn('host@search.test', 'Host#2026hs');
    cookies.admin = await signIn('admin@search.test', 'Admin#2026hs');
    cookies.stranger = await signIn('stranger@search.test', 'Other#2026hs');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('filters', () => {
    it('lists approved spaces only, with a total', async () => {
      const result = await found('');
      expect(result.total).toBe(5);
      expect(result.totalCapped).toBe(false);
      expect(await keysOf('')).toEqual(['boardroom', 'hall', 'office', 'podcast', 'studio']);
    });

    it('gives a card the range of its rates by day and time (issue 35)', async () => {
      const db = t.deps.database.db;
      const rules: PriceRules = {
        bands: [
          { days: ['friday'], from: '16:00', to: '00:00', priceHalalasPerHour: 45_000 },
          { days: ['sunday'], from: '08:00', to: '12:00', priceHalalasPerHour: 30_000 },
        ],
        dayRate: null,
        minHours: {},
        addOns: [],
      };
      await db.update(spaces).set({ priceRules: rules }).where(eq(spaces.id, ids.boardroom!));
      try {
        const [card] = (await found('q=boardroom')).items;
        expect(card).toMatchObject({
          priceHalalas: 35_000,
          priceMinHalalas: 30_000,
          priceMaxHalalas: 45_000,
        });
      } finally {
        await db
          .update(spaces)
          .set({ priceRules: { bands: [], dayRate: null, minHours: {}, addOns: [] } })
          .where(eq(spaces.id, ids.boardroom!));
      }
    });

    it('gives each card what it needs, the cover being the first picture by position', async () => {
      const result = await found('q=boardroom');
      expect(result.items[0]).toEqual({
        id: ids.boardroom,
        type: 'meeting_room',
        city: 'riyadh',
        listingLanguage: 'en',
        nameAr: 'قاعة مجلس الإدارة بالمركز المالي',
        nameEn: 'Financial District Boardroom',
        capacity: 14,
        priceHalalas: 35_000,
        priceMinHalalas: 35_000,
        priceMaxHalalas: 35_000,
        cover: {
          width: 1600,
          height: 1066,
          variants: [
            { width: 480, url: '/media/seed/cover/480.webp' },
            { width: 960, url: '/media/seed/cover/960.webp' },
          ],
        },
        rating: { average: null, count: 0 },
      });
      const office = (await found('type=office_space')).items[0]!;
      expect(office.cover).toBeNull();
    });

    it.each([
      ['type=event_hall', ['hall']],
      ['city=jeddah', ['hall', 'studio']],
      [`date=${nextDateOn('friday')}`, ['hall', 'podcast']],
      [`date=${nextDateOn('monday')}`, ['boardroom', 'office', 'studio']],
      ['guests=14', ['boardroom', 'hall']],
      ['guests=301', []],
      ['minPrice=180', ['boardroom', 'hall', 'podcast', 'studio']],
      ['maxPrice=180', ['office', 'podcast', 'studio']],
      ['maxPrice=90.49', []],
      ['maxPrice=90.5', ['office']],
      ['minPrice=180&maxPrice=180', ['podcast', 'studio']],
      ['amenities=wifi', ['boardroom', 'hall', 'office', 'podcast', 'studio']],
      ['amenities=wifi,parking', ['hall', 'studio']],
      ['amenities=parking&amenities=stage', ['hall']],
      ['amenities=printer,stage', []],
    ])('%s', async (query, expected) => {
      expect(await keysOf(query)).toEqual(expected);
      expect((await found(query)).total).toBe(expected.length);
    });

    it.each([
      ['city=jeddah&type=photo_studio', ['studio']],
      [`city=riyadh&date=${nextDateOn('friday')}&guests=2`, ['podcast']],
      ['city=jeddah&amenities=parking&maxPrice=500', ['studio']],
      ['q=corniche&city=dammam', ['office']],
      [`q=studio&date=${nextDateOn('saturday')}&minPrice=100`, ['podcast', 'studio']],
      ['type=gym&city=riyadh', []],
    ])('combines %s', async (query, expected) => {
      expect(await keysOf(query)).toEqual(expected);
    });
  });

  describe('text in either language', () => {
    it.each([
      // English, stemmed: "studios" finds "Studio" and the other way round
      ['q=studio', ['podcast', 'studio']],
      ['q=Studios', ['podcast', 'studio']],
      ['q=investor%20meetings', ['boardroom']],
      // Arabic, normalised: hamza on alef, taa marbuta and tashkeel do not matter
      [`q=${encodeURIComponent('الافراح')}`, ['hall']],
      // any word finds (decision 036): the hall has both, the boardroom "قاعة" only
      [`q=${encodeURIComponent('قَاعَة الأفراح')}`, ['boardroom', 'hall']],
      [`q=${encodeURIComponent('قاعه')}`, ['boardroom', 'hall']],
      [`q=${encodeURIComponent('البودكاست')}`, ['podcast']],
      // descriptions count too
      [`q=${encodeURIComponent('ميكروفونات')}`, ['podcast']],
      ['q=microphones', ['podcast']],
      // a misspelling and a partial word, found by trigram similarity of the names
      ['q=Podcst', ['podcast']],
      ['q=boardrom', ['boardroom']],
      ['q=Financ', ['boardroom']],
      [`q=${encodeURIComponent('البودكاس')}`, ['podcast']],
      ['q=zzzqqq', []],
    ])('%s', async (query, expected) => {
      expect(await keysOf(query)).toEqual(expected);
    });

    it('ranks the better match first under "recommended"', async () => {
      const result = await found('q=corniche%20studios');
      expect(result.items[0]!.id).toBe(ids.studio);
      const arabic = await found(`q=${encodeURIComponent('قَاعَة الأفراح')}`);
      expect(arabic.items.map((item) => item.id)).toEqual([ids.hall, ids.boardroom]);
    });
  });

  describe('pagination', () => {
    it.each(['recommended', 'price_asc', 'price_desc', 'newest', 'capacity'])(
      'sort=%s pages without repeating or skipping, in order',
      async (sort) => {
        const all = (await found(`sort=${sort}&limit=50`)).items.map((i) => i.id);
        expect(all).toHaveLength(5);
        const paged: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const result: SpaceSearchResult = await found(
            `sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          );
          expect(result.total).toBe(5);
          paged.push(...result.items.map((i) => i.id));
          cursor = result.nextCursor;
          pages += 1;
        } while (cursor && pages < 10);
        expect(pages).toBe(3);
        expect(paged).toEqual(all);
      },
    );

    it('orders as asked, ties broken by id', async () => {
      const prices = (await found('sort=price_asc')).items.map((i) => i.priceHalalas);
      expect(prices).toEqual([9_050, 18_000, 18_000, 35_000, 95_000]);
      const capacities = (await found('sort=capacity')).items.map((i) => i.capacity);
      expect(capacities).toEqual([300, 14, 8, 4, 4]);
      const newest = (await found('sort=newest')).items.map((i) => i.id);
      expect(newest).toEqual([ids.office, ids.studio, ids.hall, ids.podcast, ids.boardroom]);
      // recommended without words: most amenities first (4, 3, 3, 3, 2), then newest
      const recommended = (await found('')).items.map((i) => i.id);
      expect(recommended).toEqual([ids.hall, ids.office, ids.studio, ids.boardroom, ids.podcast]);
    });

    it('pages through a text search and a filter too', async () => {
      const first = await found('q=studio&limit=1');
      expect(first.total).toBe(2);
      const second = await found(`q=studio&limit=1&cursor=${first.nextCursor}`);
      expect(second.nextCursor).toBeNull();
      expect([first.items[0]!.id, second.items[0]!.id].sort()).toEqual(
        [ids.podcast, ids.studio].sort(),
      );
    });

    it('keeps spaces with identical sort keys apart (same time, same price)', async () => {
      const db = t.deps.database.db;
      const at = new Date('2025-06-01T10:00:00.123456Z');
      const twins = await Promise.all(
        [1, 2, 3].map((i) =>
          createSpace(db, { hostId, city: 'tabuk', nameEn: `Twin ${i}`, createdAt: at }),
        ),
      );
      for (const sort of ['newest', 'price_asc', 'recommended']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const result: SpaceSearchResult = await found(
            `city=tabuk&sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
          );
          seen.push(...result.items.map((i) => i.id));
          cursor = result.nextCursor;
        } while (cursor);
        expect(seen.sort(), sort).toEqual(twins.map((s) => s.id).sort());
      }
    });
  });

  describe('invalid parameters', () => {
    it.each([
      ['city=atlantis', 'city', 'Choose one of the offered values.'],
      ['type=castle', 'type', 'Choose one of the offered values.'],
      ['minPrice=-5', 'minPrice', 'Enter a number.'],
      ['maxPrice=abc', 'maxPrice', 'Enter a number.'],
      ['maxPrice=1000.01', 'maxPrice', 'This value is outside the allowed range.'],
      ['minPrice=300&maxPrice=100', 'minPrice', 'The minimum price must not be above the maximum.'],
      ['date=2031-02-30', 'date', 'This value is not valid.'],
      ['date=tomorrow', 'date', 'This value is not valid.'],
      ['date=2020-01-01', 'date', 'Choose today or a later date.'],
      ['guests=0', 'guests', 'This value is outside the allowed range.'],
      ['guests=2.5', 'guests', 'Enter a whole number.'],
      ['guests=-1', 'guests', 'Enter a whole number.'],
      ['amenities=wifi,jacuzzi', 'amenities.1', 'Choose one of the offered values.'],
      ['sort=cheapest', 'sort', 'Choose one of the offered values.'],
      ['limit=51', 'limit', 'This value is outside the allowed range.'],
      ['limit=0', 'limit', 'This value is outside the allowed range.'],
      [`q=${'x'.repeat(101)}`, 'q', 'This is too long.'],
      ['city=riyadh&city=jeddah', 'city', 'Choose one of the offered values.'],
    ])('%s → 400 on %s', async (query, field, message) => {
      const res = await search(query);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<ApiErrorBody>();
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.fields?.[field]).toBe(message);
    });

    // Issue 37: every cursor the server did not issue is 400 INVALID_CURSOR — and one whose keys
    // are out of range (a timestamp PostgreSQL cannot read, an int it cannot hold) never a 500.
    it('refuses a cursor made for another sort, tampered with or out of range (400 INVALID_CURSOR)', async () => {
      const { nextCursor } = await found('sort=newest&limit=1');
      const raw = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
      for (const query of [
        'cursor=not-a-cursor!',
        `cursor=${'A'.repeat(601)}`,
        `sort=price_asc&cursor=${nextCursor}`,
        `sort=newest&cursor=${raw(['newest', ["2026-01-01'; drop table spaces; --"], ids.hall])}`,
        `sort=newest&cursor=${raw(['newest', ['2026-01-01 09:00:00+00'], 'x'])}`,
        `sort=newest&cursor=${raw(['newest', ['2026-99-99 99:99:99+99'], ids.hall])}`,
        `sort=newest&cursor=${raw(['newest', ['0000-01-01 00:00:00+00'], ids.hall])}`,
        `sort=price_asc&cursor=${raw(['price_asc', [2 ** 40], ids.hall])}`,
        `sort=capacity&cursor=${raw(['capacity', [2 ** 31], ids.hall])}`,
      ]) {
        const res = await search(query);
        expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
        expect(res.json<ApiErrorBody>().error).toEqual({
          code: 'INVALID_CURSOR',
          message: 'This page of the list is no longer valid. Start again from the first page.',
        });
      }
    });

    it('answers in Arabic by default', async () => {
      const res = await search('city=atlantis&minPrice=-1', 'ar');
      expect(res.json<ApiErrorBody>().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'بعض الحقول تحتاج إلى مراجعة.',
        fields: { city: 'اختر إحدى القيم المتاحة.', minPrice: 'أدخل رقمًا.' },
      });
    });

    it('treats empty values as unset (a form submitted with blanks)', async () => {
      const all = (await found('')).total;
      expect(all).toBeGreaterThanOrEqual(5);
      expect((await found('type=&city=&date=&q=%20&guests=&amenities=')).total).toBe(all);
    });
  });

  describe('one space', () => {
    const details = (key: string, cookie?: string, lang = 'en') =>
      t.app.inject({
        method: 'GET',
        url: `/api/spaces/${ids[key] ?? key}`,
        headers: { 'accept-language': lang, ...(cookie ? { cookie } : {}) },
      });

    it('shows an approved space to anyone, with every field the page and the booking panel need', async () => {
      const res = await details('boardroom');
      expect(res.statusCode).toBe(200);
      const body = res.json<SpaceDetails>();
      expect(body).toMatchObject({
        id: ids.boardroom,
        status: 'approved',
        nameEn: 'Financial District Boardroom',
        listingLanguage: 'en',
        priceHalalas: 35_000,
        capacity: 14,
        opensAt: '08:00',
        closesAt: '22:00',
        availableDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'],
        amenities: ['wifi', 'video_conference', 'projector'],
        contactPhone: '0512345678',
        contactEmail: 'host@example.test',
        address: 'طريق الملك فهد، حي العليا',
        country: 'SA',
      });
      expect(body.images.map((i) => i.variants[0]!.url)).toEqual([
        '/media/seed/cover/480.webp',
        '/media/seed/second/480.webp',
      ]);
    });

    it.each(['pending', 'rejected'])(
      'hides a %s space from visitors and other users, shows it to its host and admins',
      async (key) => {
        for (const cookie of [undefined, cookies.stranger]) {
          const res = await details(key, cookie);
          expect(res.statusCode).toBe(404);
          expect(res.json<ApiErrorBody>().error).toEqual({
            code: 'SPACE_NOT_FOUND',
            message: 'Space not found or not approved yet',
          });
        }
        expect((await details(key, cookies.host)).statusCode).toBe(200);
        const asAdmin = await details(key, cookies.admin);
        expect(asAdmin.statusCode).toBe(200);
        expect(asAdmin.json<SpaceDetails>().status).toBe(key);
      },
    );

    it.each([
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "1' or '1'='1",
      'x'.repeat(150),
    ])('answers 404 for %s, in Arabic by default', async (id) => {
      const res = await details(encodeURIComponent(id), undefined, 'ar');
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiErrorBody>().error).toEqual({
        code: 'SPACE_NOT_FOUND',
        message: 'المساحة غير موجودة أو لم تُعتمد بعد',
      });
    });
  });
});
