import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAYS, type Day } from '#shared/constants.ts';
import { hourlyPriceAt } from '#shared/domain/booking-price.ts';
import { endMinutes, formatTimeOfDay, parseTime } from '#shared/domain/booking-slots.ts';
import type { PriceRules } from '#shared/domain/price-rules.ts';
import { riyadhToday, weekdayOf } from '#shared/domain/riyadh-calendar.ts';
import type { SpaceSearchResult } from '#shared/schemas/spaces.ts';
import { createSpace, createUser } from '#tests/fixtures/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 35, decision 070: the search's price filter and price sorts read the base price, unless
 * the renter gives a date and a time; then the price of that time by each space's rules. The
 * rule is `hourlyPriceAt` (shared/domain); the database computes it as `hs_hourly_price`
 * (search.sql): the two are held equal here for random rules and times, on PGlite and PostgreSQL.
 */
type ApiErrorBody = { error: { code: string; fields?: Record<string, string> } };

const NO_RULES: PriceRules = { bands: [], dayRate: null, minHours: {}, addOns: [] };
const FRIDAY_EVENING: PriceRules = {
  ...NO_RULES,
  bands: [{ days: ['friday'], from: '16:00', to: '00:00', priceHalalasPerHour: 45_000 }],
};

/** A date from today onwards (Riyadh) that falls on the given weekday. */
function nextDateOn(day: Day): string {
  const [y, m, d] = riyadhToday().split('-').map(Number) as [number, number, number];
  for (let i = 0; i < 7; i += 1) {
    const date = new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10);
    if (weekdayOf(date) === day) return date;
  }
  throw new Error('unreachable');
}

const slotTime = (slot: number) => formatTimeOfDay((slot % 48) * 30);

/** Random sound rules: bands that never overlap on a common day, maybe a day rate. */
const arbRules: fc.Arbitrary<PriceRules> = fc
  .record({
    groups: fc.array(
      fc.record({
        days: fc.subarray([...DAYS], { minLength: 1 }),
        cuts: fc.uniqueArray(fc.integer({ min: 0, max: 48 }), { minLength: 2, maxLength: 6 }),
        prices: fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 3, maxLength: 3 }),
      }),
      { maxLength: 2 },
    ),
    dayRate: fc.option(
      fc.record({
        fromHours: fc.integer({ min: 1, max: 24 }),
        priceHalalas: fc.integer({ min: 1, max: 3_000_000 }),
      }),
    ),
  })
  .map(({ groups, dayRate }) => {
    // The second group's days are those the first does not have: no two bands meet.
    const taken = new Set<Day>();
    const bands: PriceRules['bands'] = [];
    for (const group of groups) {
      const days = group.days.filter((d) => !taken.has(d));
      days.forEach((d) => taken.add(d));
      if (days.length === 0) continue;
      const cuts = [...group.cuts].sort((a, b) => a - b);
      for (let i = 0; i + 1 < cuts.length; i += 2) {
        bands.push({
          days,
          from: slotTime(cuts[i]!),
          // a cut of 48 is the end of the day: 00:00
          to: slotTime(cuts[i + 1]!),
          priceHalalasPerHour: group.prices[(i / 2) % 3]!,
        });
      }
    }
    return { ...NO_RULES, bands, dayRate };
  });

describe(`the search's price at a time (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  const ids: Record<'flat' | 'evening' | 'dayRate' | 'cheap', string> = {
    flat: '',
    evening: '',
    dayRate: '',
    cheap: '',
  };
  const friday = nextDateOn('friday');
  const saturday = nextDateOn('saturday');

  const search = (query: string, lang = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/api/spaces?${query}`,
      headers: { 'accept-language': lang },
    });
  const order = async (query: string) => {
    const res = await search(`${query}&limit=50`);
    expect(res.statusCode, res.body).toBe(200);
    const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    return res.json<SpaceSearchResult>().items.map((item) => byId[item.id] ?? item.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'host@price-at.test', password: 'Host#2026hs' });
    const every = [...DAYS];
    const add = async (key: keyof typeof ids, priceHalalas: number, priceRules: PriceRules) => {
      const space = await createSpace(db, {
        hostId: host.id,
        city: 'khobar',
        nameEn: `Price ${key}`,
        availableDays: every,
        priceHalalas,
        priceRules,
      });
      ids[key] = space.id;
    };
    await add('flat', 40_000, NO_RULES); // 400 at every time
    await add('evening', 30_000, FRIDAY_EVENING); // 300, 450 on Friday evenings
    await add('dayRate', 35_000, { ...NO_RULES, dayRate: { fromHours: 8, priceHalalas: 200_000 } });
    await add('cheap', 10_000, NO_RULES);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('computes in the database exactly the price per hour the shared rule gives', async () => {
    const db = t.deps.database.db;
    const cases = fc.sample(
      fc.record({
        rules: arbRules,
        base: fc.integer({ min: 1, max: 100_000 }),
        day: fc.integer({ min: 1, max: 28 }),
        startSlot: fc.integer({ min: 0, max: 47 }),
        slots: fc.integer({ min: 1, max: 48 }),
      }),
      { numRuns: 250, seed: 3570 },
    );
    // An odd base price for half an hour, and the day rate's edge (its hours, a halala less).
    cases.push(
      {
        rules: NO_RULES,
        base: 10_001,
        day: 6,
        startSlot: 20,
        slots: 1,
      },
      {
        rules: { ...NO_RULES, dayRate: { fromHours: 2, priceHalalas: 19_999 } },
        base: 10_000,
        day: 6,
        startSlot: 20,
        slots: 4,
      },
    );
    for (const c of cases) {
      const date = `2031-03-${String(c.day).padStart(2, '0')}`;
      const startTime = slotTime(c.startSlot);
      const endTime = slotTime(c.startSlot + c.slots);
      const expected = hourlyPriceAt(c.base, c.rules, date, startTime, endTime);
      expect(expected).not.toBeNull();
      const start = parseTime(startTime)!;
      const minutes = endMinutes(start, parseTime(endTime)!) - start;
      const day = weekdayOf(date);
      const next = DAYS[(DAYS.indexOf(day) + 1) % 7]!;
      const result = (await db.execute(
        sql`select hs_hourly_price(${c.base}::int, ${JSON.stringify(c.rules)}::jsonb, array[${day}, ${next}]::text[], ${start}::int, ${minutes}::int) as price`,
      )) as unknown as { rows: { price: number }[] };
      expect(
        { price: Number(result.rows[0]!.price), c },
        `${date} ${startTime}–${endTime}`,
      ).toEqual({ price: expected, c });
    }
  });

  it('gives a time with only the base price its base price, and averages a window across rates', () => {
    expect(hourlyPriceAt(10_001, NO_RULES, '2031-03-07', '10:00', '10:30')).toBe(10_001);
    // 2031-03-07 is a Friday: 15:00–18:00 is one hour at 300 and two at 450 → 400 an hour
    expect(hourlyPriceAt(30_000, FRIDAY_EVENING, '2031-03-07', '15:00', '18:00')).toBe(40_000);
    // the day rate from 8 hours: 2,000 for 10 hours → 200 an hour
    const dayRate = { ...NO_RULES, dayRate: { fromHours: 8, priceHalalas: 200_000 } };
    expect(hourlyPriceAt(35_000, dayRate, '2031-03-07', '08:00', '18:00')).toBe(20_000);
    expect(hourlyPriceAt(35_000, dayRate, '2031-03-07', '08:00', '10:00')).toBe(35_000);
  });

  it('filters and sorts by the base price without a time', async () => {
    expect(await order('city=khobar&sort=price_asc')).toEqual([
      'cheap',
      'evening',
      'dayRate',
      'flat',
    ]);
    expect(await order('city=khobar&minPrice=300&maxPrice=350&sort=price_asc')).toEqual([
      'evening',
      'dayRate',
    ]);
    // a date alone is no time: still the base price
    expect(await order(`city=khobar&date=${friday}&minPrice=380`)).toEqual(['flat']);
  });

  it('filters and sorts by the price of the time given: a Friday evening, a long day', async () => {
    const evening = `city=khobar&date=${friday}&startTime=18:00&endTime=21:00`;
    // Friday 18:00–21:00: evening 450, flat 400, dayRate 350, cheap 100
    expect(await order(`${evening}&sort=price_desc`)).toEqual([
      'evening',
      'flat',
      'dayRate',
      'cheap',
    ]);
    expect(await order(`${evening}&sort=price_asc`)).toEqual([
      'cheap',
      'dayRate',
      'flat',
      'evening',
    ]);
    expect(await order(`${evening}&minPrice=420&sort=price_asc`)).toEqual(['evening']);
    // the same hours on a Saturday: the evening space at its base price
    expect(
      await order(
        `city=khobar&date=${saturday}&startTime=18:00&endTime=21:00&maxPrice=300&sort=price_asc`,
      ),
    ).toEqual(['cheap', 'evening']);
    // Friday 08:00–18:00 (10 hours): the day rate (200 an hour) is cheaper than the evening
    // space (8 h × 300 + 2 h × 450 = 3,300 → 330 an hour)
    expect(
      await order(`city=khobar&date=${friday}&startTime=08:00&endTime=18:00&sort=price_asc`),
    ).toEqual(['cheap', 'dayRate', 'evening', 'flat']);
    // …and a window past midnight reads Saturday’s rates after 00:00: 2 h × 450 + 2 h × 300
    expect(
      await order(
        `city=khobar&date=${friday}&startTime=22:00&endTime=02:00&minPrice=370&sort=price_asc`,
      ),
    ).toEqual(['evening', 'flat']);
  });

  it('pages a price sort at a time with its cursor, never repeating or skipping a space', async () => {
    const query = `city=khobar&date=${friday}&startTime=18:00&endTime=21:00&sort=price_desc&limit=1`;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await search(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page: SpaceSearchResult = res.json();
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([ids.evening, ids.flat, ids.dayRate, ids.cheap]);
  });

  it('refuses half a time, a time without a date and one off the grid, in the user’s language', async () => {
    const cases: [query: string, field: string, rule: string][] = [
      [`date=${friday}&startTime=18:00`, 'endTime', 'required'],
      [`date=${friday}&endTime=18:00`, 'startTime', 'required'],
      ['startTime=18:00&endTime=20:00', 'date', 'required'],
      [`date=${friday}&startTime=18:15&endTime=20:00`, 'startTime', 'bookingTimeGrid'],
      [`date=${friday}&startTime=25:00&endTime=20:00`, 'startTime', 'bookingTime'],
    ];
    for (const [query, field] of cases) {
      for (const lang of ['en', 'ar']) {
        const res = await search(query, lang);
        expect(res.statusCode, query).toBe(400);
        const body = res.json<ApiErrorBody>();
        expect(body.error.code).toBe('VALIDATION_ERROR');
        expect(Object.keys(body.error.fields ?? {}), query).toEqual([field]);
        const message = body.error.fields![field]!;
        expect(/[\u0600-\u06FF]/.test(message), message).toBe(lang === 'ar');
      }
    }
  });
});
