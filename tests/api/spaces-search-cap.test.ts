import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpaceSearchResult } from '#shared/schemas/spaces.ts';
import { createUser } from '#tests/fixtures/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The search counts at most 1,000 matches (issue 9): past that `total` stays 1,000 and
 * `totalCapped` says there are more. 1,201 approved spaces, split so that filters land on
 * either side of the cap:
 *   g = 1…1000  → Riyadh (exactly the cap)       g = 1001…1201 → Jeddah
 *   g = 1…1001  → photo studio (one past the cap) g = 1002…1201 → event hall
 *   every name holds "Falcon"; only g ≤ 30 hold "Oryx"
 * and 40 pending spaces in Dammam, never counted.
 */
describe('GET /api/spaces: the capped total', () => {
  let t: TestApp;

  const found = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/spaces${query ? `?${query}` : ''}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SpaceSearchResult>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.database.db;
    const host = await createUser(db, { email: 'host@cap.test' });
    await db.execute(sql`
      insert into spaces (host_id, type, city, address, listing_language, name_ar, name_en,
        description_ar, description_en, price_halalas, capacity, amenities, contact_phone,
        contact_email, opens_at, closes_at, available_days, status, created_at, updated_at)
      select ${host.id},
        case when g <= 1001 then 'photo_studio' when g <= 1201 then 'event_hall' else 'office_space' end,
        case when g <= 1000 then 'riyadh' when g <= 1201 then 'jeddah' else 'dammam' end,
        'شارع العليا، مبنى ' || g, 'en',
        'استوديو ' || g,
        case when g <= 30 then 'Oryx Falcon studio ' || g else 'Falcon studio ' || g end,
        'استوديو للتصوير', 'A studio for shoots.',
        10000 + g, 10, array['wifi'], '0512345678', 'host@cap.test', '08:00', '22:00',
        array['sunday','monday','tuesday','wednesday','thursday'],
        case when g <= 1201 then 'approved' else 'pending' end,
        now() - (g || ' minutes')::interval, now()
      from generate_series(1, 1241) g`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stops at 1,000 and says so when more spaces match', async () => {
    const result = await found('');
    expect(result.total).toBe(1000);
    expect(result.totalCapped).toBe(true);
    expect(result.items).toHaveLength(24);
    expect(result.nextCursor).not.toBeNull();
  });

  it('is exact at the cap and one past it', async () => {
    expect(await found('city=riyadh')).toMatchObject({ total: 1000, totalCapped: false });
    expect(await found('type=photo_studio')).toMatchObject({ total: 1000, totalCapped: true });
    expect(await found('type=event_hall')).toMatchObject({ total: 200, totalCapped: false });
    expect(await found('city=jeddah')).toMatchObject({ total: 201, totalCapped: false });
  });

  it('counts approved spaces only', async () => {
    expect(await found('city=dammam')).toMatchObject({ total: 0, totalCapped: false, items: [] });
  });

  it('caps the words search too', async () => {
    expect(await found('q=falcon')).toMatchObject({ total: 1000, totalCapped: true });
    const few = await found('q=oryx&limit=50');
    expect(few).toMatchObject({ total: 30, totalCapped: false, nextCursor: null });
    expect(few.items).toHaveLength(30);
  });

  it('caps a word at the same point as a filter: one past 1,000 approved spaces', async () => {
    // A word in more than 1,000 approved spaces is known from its count per form (decision 044);
    // at 1,000 or below, or when the words only together pass the cap, the matches are counted.
    const db = t.deps.database.db;
    const describeAs = async (text: string, where: ReturnType<typeof sql>) =>
      db.execute(sql`update spaces set description_en = ${text} where ${where}`);
    // "Najd" in exactly 1,000 approved spaces (g ≤ 1000, price 10001…11000) and every pending one.
    await describeAs('A studio in Najd.', sql`price_halalas <= 11000 or status = 'pending'`);
    expect(await found('q=najd')).toMatchObject({ total: 1000, totalCapped: false });
    expect(await found('q=najd&sort=newest')).toMatchObject({ total: 1000, totalCapped: false });
    await describeAs('A studio in Najd.', sql`price_halalas = 11001`);
    expect(await found('q=najd')).toMatchObject({ total: 1000, totalCapped: true });
    expect(await found('q=najd&sort=price_asc')).toMatchObject({ total: 1000, totalCapped: true });
    expect(await found('q=najd&city=riyadh')).toMatchObject({ total: 1000, totalCapped: false });
    await db.execute(sql`update spaces set status = 'paused' where price_halalas = 11001`);
    expect(await found('q=najd')).toMatchObject({ total: 1000, totalCapped: false });
    await db.execute(sql`update spaces set status = 'approved' where price_halalas = 11001`);
    expect(await found('q=najd')).toMatchObject({ total: 1000, totalCapped: true });

    // Two words, 600 spaces each and none with both: each alone is exact, together past the cap.
    await describeAs('A studio in Najd.', sql`price_halalas <= 10600`);
    await describeAs('A studio in Hejaz.', sql`price_halalas > 10600 and price_halalas <= 11200`);
    expect(await found('q=najd')).toMatchObject({ total: 600, totalCapped: false });
    expect(await found('q=hejaz')).toMatchObject({ total: 600, totalCapped: false });
    expect(await found('q=najd%20hejaz')).toMatchObject({ total: 1000, totalCapped: true });
    // Every word in exactly 1,000 spaces of a filter, then in 1,001.
    expect(await found('q=falcon%20studio&city=riyadh')).toMatchObject({
      total: 1000,
      totalCapped: false,
    });
    expect(await found('q=falcon%20studio&type=photo_studio')).toMatchObject({
      total: 1000,
      totalCapped: true,
    });
  });

  it('pages past the cap: every approved space is reachable', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: SpaceSearchResult = await found(
        `sort=price_asc&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.total).toBe(1000);
      for (const item of page.items) seen.add(item.id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(1201);
  });
});
