import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAYS } from '../constants.ts';
import { bookingQuote } from './booking-price.ts';
import { formatTimeOfDay } from './booking-slots.ts';
import { checkChosenAddOns, checkPriceRules, priceRange, type PriceRules } from './price-rules.ts';
import { vatPartHalalas } from './vat.ts';

/**
 * Issue 35: price rules and the itemised quote. The properties: the lines sum to the total, no
 * line is negative, the VAT is the total's, and one shared function gives the browser's and the
 * server's quote — the form and request-booking.ts both call `bookingQuote` with these inputs, so
 * the test pins that the same inputs give the same quote, run after run.
 */
const SPACE = { priceHalalas: 30_000, opensAt: '08:00', closesAt: '23:00' };
const EMPTY: PriceRules = { bands: [], dayRate: null, minHours: {}, addOns: [] };

const time = (slot: number) => formatTimeOfDay(slot * 30);
const arbRules: fc.Arbitrary<PriceRules> = fc
  .record({
    cuts: fc.uniqueArray(fc.integer({ min: 1, max: 47 }), { minLength: 0, maxLength: 6 }),
    days: fc.subarray([...DAYS], { minLength: 1 }),
    prices: fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 3, maxLength: 3 }),
    dayRate: fc.option(
      fc.record({
        fromHours: fc.integer({ min: 1, max: 24 }),
        priceHalalas: fc.integer({ min: 1, max: 3_000_000 }),
      }),
    ),
    addOns: fc.array(
      fc.record({
        priceHalalas: fc.integer({ min: 1, max: 100_000 }),
        per: fc.constantFrom('booking' as const, 'hour' as const, 'guest' as const),
        maxQuantity: fc.integer({ min: 1, max: 100 }),
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ cuts, days, prices, dayRate, addOns }) => {
    // Non-overlapping bands from sorted cut points: [c0,c1), [c2,c3)…
    const sorted = [...cuts].sort((a, b) => a - b);
    const bands = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) {
      bands.push({
        days,
        from: time(sorted[i]!),
        to: time(sorted[i + 1]!),
        priceHalalasPerHour: prices[(i / 2) % 3]!,
      });
    }
    return {
      bands,
      dayRate,
      minHours: {},
      addOns: addOns.map((a, i) => ({
        ...a,
        id: `a${i}`,
        nameAr: `إضافة ${i}`,
        nameEn: `Add-on ${i}`,
      })),
    };
  });

const arbBooking = fc.record({
  day: fc.integer({ min: 1, max: 28 }),
  startSlot: fc.integer({ min: 0, max: 46 }),
  slots: fc.integer({ min: 2, max: 48 }),
  guests: fc.integer({ min: 1, max: 50 }),
  vat: fc.boolean(),
  base: fc.integer({ min: 1, max: 100_000 }),
  picks: fc.array(fc.record({ index: fc.nat(5), quantity: fc.integer({ min: 1, max: 100 }) }), {
    maxLength: 4,
  }),
});

describe('the itemised quote (properties)', () => {
  it('sums its lines to the total, never negative, VAT of the total, same inputs same quote', () => {
    fc.assert(
      fc.property(arbRules, arbBooking, (rules, b) => {
        const startTime = time(b.startSlot);
        const endTime = time(b.startSlot + b.slots);
        const date = `2031-03-${String(b.day).padStart(2, '0')}`;
        const addOns = b.picks
          .filter((p) => p.index < rules.addOns.length)
          .map((p) => ({ id: rules.addOns[p.index]!.id, quantity: p.quantity }));
        const context = { date, guests: b.guests, priceRules: rules, addOns };
        const timeRules = { minMinutes: 60, overnight: true };
        const quote = bookingQuote(b.base, { startTime, endTime }, timeRules, b.vat, context);
        if (!quote) return;
        const sum = quote.lines.reduce((s, l) => s + l.amountHalalas, 0);
        expect(sum).toBe(quote.totalHalalas);
        for (const line of quote.lines) {
          expect(Number.isInteger(line.amountHalalas)).toBe(true);
          expect(line.amountHalalas).toBeGreaterThanOrEqual(0);
        }
        expect(quote.totalHalalas).toBeGreaterThan(0);
        expect(quote.vatHalalas).toBe(b.vat ? vatPartHalalas(quote.totalHalalas) : null);
        const hourMinutes = quote.lines
          .filter((l) => l.kind === 'hours')
          .reduce((s, l) => s + l.minutes, 0);
        if (!quote.lines.some((l) => l.kind === 'dayRate')) expect(hourMinutes).toBe(quote.minutes);
        // The browser and the server call this one function with the same inputs (a JSON round
        // trip, as the rules travel): the same quote.
        const again = bookingQuote(
          b.base,
          { startTime, endTime },
          timeRules,
          b.vat,
          JSON.parse(JSON.stringify(context)),
        );
        expect(again).toEqual(quote);
      }),
      { numRuns: 400, seed: 35 },
    );
  });

  it('never charges more with a day rate than without it', () => {
    fc.assert(
      fc.property(arbRules, arbBooking, (rules, b) => {
        const times = { startTime: time(b.startSlot), endTime: time(b.startSlot + b.slots) };
        const date = `2031-03-${String(b.day).padStart(2, '0')}`;
        const ctx = { date, guests: b.guests, addOns: [] };
        const r = { minMinutes: 60, overnight: true };
        const withRate = bookingQuote(b.base, times, r, false, { ...ctx, priceRules: rules });
        const without = bookingQuote(b.base, times, r, false, {
          ...ctx,
          priceRules: { ...rules, dayRate: null },
        });
        if (withRate && without) {
          expect(withRate.totalHalalas).toBeLessThanOrEqual(without.totalHalalas);
        }
      }),
      { numRuns: 200, seed: 3535 },
    );
  });
});

describe('the quote by example', () => {
  const rules: PriceRules = {
    ...EMPTY,
    bands: [
      { days: ['thursday', 'friday'], from: '16:00', to: '00:00', priceHalalasPerHour: 45_000 },
    ],
  };
  it('prices a Friday evening at its band and the afternoon at the base price', () => {
    // 2031-03-07 is a Friday
    const quote = bookingQuote(30_000, { startTime: '15:00', endTime: '18:00' }, {}, false, {
      date: '2031-03-07',
      guests: 2,
      priceRules: rules,
      addOns: [],
    })!;
    expect(quote.lines).toEqual([
      { kind: 'hours', minutes: 60, rateHalalasPerHour: 30_000, amountHalalas: 30_000 },
      { kind: 'hours', minutes: 120, rateHalalasPerHour: 45_000, amountHalalas: 90_000 },
    ]);
    expect(quote.totalHalalas).toBe(120_000);
    // …and a Sunday at the base price only.
    expect(
      bookingQuote(30_000, { startTime: '15:00', endTime: '18:00' }, {}, false, {
        date: '2031-03-09',
        guests: 2,
        priceRules: rules,
        addOns: [],
      })!.totalHalalas,
    ).toBe(90_000);
  });

  it('prices minutes past midnight by the next day’s bands', () => {
    // Thursday 22:00 → Friday 01:00: Thursday's band until midnight, then Friday's (00:00–16:00
    // is not in the band: base).
    const quote = bookingQuote(
      30_000,
      { startTime: '22:00', endTime: '01:00' },
      { overnight: true },
      false,
      { date: '2031-03-06', guests: 2, priceRules: rules, addOns: [] },
    )!;
    expect(quote.lines).toEqual([
      { kind: 'hours', minutes: 120, rateHalalasPerHour: 45_000, amountHalalas: 90_000 },
      { kind: 'hours', minutes: 60, rateHalalasPerHour: 30_000, amountHalalas: 30_000 },
    ]);
  });
});

describe('checkPriceRules', () => {
  it('accepts sound rules', () => {
    expect(
      checkPriceRules(
        {
          bands: [
            { days: ['friday'], from: '16:00', to: '00:00', priceHalalasPerHour: 45_000 },
            { days: ['friday'], from: '08:00', to: '16:00', priceHalalasPerHour: 35_000 },
          ],
          dayRate: { fromHours: 8, priceHalalas: 240_000 },
          minHours: { friday: 3 },
          addOns: [
            {
              id: 'coffee',
              nameAr: 'قهوة',
              nameEn: 'Coffee',
              priceHalalas: 2_500,
              per: 'guest',
              maxQuantity: 1,
            },
          ],
        },
        SPACE,
      ),
    ).toEqual({});
  });

  it('names overlapping bands, a day rate below its hours, a minimum longer than the hours', () => {
    expect(
      checkPriceRules(
        {
          bands: [
            {
              days: ['friday', 'thursday'],
              from: '16:00',
              to: '00:00',
              priceHalalasPerHour: 45_000,
            },
            { days: ['friday'], from: '15:00', to: '17:00', priceHalalasPerHour: 20_000 },
            { days: ['monday'], from: '17:00', to: '15:00', priceHalalasPerHour: 20_000 },
          ],
          // lowest rate 200 SAR × 8 h = 1,600 SAR > 1,000 SAR
          dayRate: { fromHours: 8, priceHalalas: 100_000 },
          minHours: { friday: 16 },
          addOns: [
            { id: 'x', nameAr: '', nameEn: 'X', priceHalalas: 0, per: 'booking', maxQuantity: 0 },
          ],
        },
        SPACE,
      ),
    ).toEqual({
      'bands.1.from': 'bandsOverlap',
      'bands.2.to': 'bandEndBeforeStart',
      'dayRate.priceHalalas': 'dayRateTooLow',
      'minHours.friday': 'minHoursTooLong',
      'addOns.0.nameAr': 'required',
      'addOns.0.priceHalalas': 'priceRange',
      'addOns.0.maxQuantity': 'outOfRange',
    });
  });

  it('refuses an add-on quantity above its maximum, and one the space does not offer', () => {
    const rules: PriceRules = {
      ...EMPTY,
      addOns: [
        {
          id: 'p',
          nameAr: 'عارض',
          nameEn: 'Projector',
          priceHalalas: 5_000,
          per: 'booking',
          maxQuantity: 2,
        },
      ],
    };
    expect(checkChosenAddOns(rules, [{ id: 'p', quantity: 2 }])).toEqual({});
    expect(checkChosenAddOns(rules, [{ id: 'p', quantity: 3 }])).toEqual({
      'addOns.0.quantity': 'addOnQuantityMax',
    });
    expect(checkChosenAddOns(rules, [{ id: 'zzz', quantity: 1 }])).toEqual({
      'addOns.0.id': 'notOneOf',
    });
  });

  it('gives the range of the hourly price for listings', () => {
    expect(priceRange(30_000, { bands: [] })).toEqual({ min: 30_000, max: 30_000 });
    expect(
      priceRange(30_000, {
        bands: [{ days: ['friday'], from: '16:00', to: '00:00', priceHalalasPerHour: 45_000 }],
      }),
    ).toEqual({ min: 30_000, max: 45_000 });
  });
});
