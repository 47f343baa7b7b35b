import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITIES } from '#shared/constants.ts';
import type { SpaceSearchResult } from '#shared/schemas/spaces.ts';
import { WELL_EQUIPPED_AMENITIES } from '#server/features/spaces/search.ts';
import { createSpace, createUser } from '#tests/fixtures/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Each relevance tier of a text search reads its well-equipped spaces first and the others only
 * when they do not fill the page (decision 044). The order must be the recommended order all the
 * same — tier, then amenities, then newest — on every page, whichever side of the band a page
 * starts or ends on. Runs on PGlite and PostgreSQL.
 */
describe('GET /api/spaces?q=…: the recommended order across the well-equipped band', () => {
  let t: TestApp;
  /** Every space, as [id, tier, amenity count, created] in the order the search must give. */
  let expected: { id: string; tier: number; amenities: number; created: number }[] = [];

  const found = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SpaceSearchResult>();
  };
  /** Every page of a search, following its cursors: the ids in order, and each page's total. */
  const pages = async (query: string, limit: number) => {
    const ids: string[] = [];
    const totals: number[] = [];
    let cursor: string | null = null;
    do {
      const page: SpaceSearchResult = await found(
        `/api/spaces?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      ids.push(...page.items.map((item) => item.id));
      totals.push(page.total);
      cursor = page.nextCursor;
    } while (cursor);
    return { ids, totals };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.database.db;
    const host = await createUser(db);
    const start = Date.parse('2026-01-01T00:00:00Z');
    // 26 spaces with "Falcon" in the name, their amenities from 0 to 12 (two of each count,
    // the band's edge among them), and 9 with it only in the description.
    for (let i = 0; i < 35; i++) {
      const inName = i < 26;
      const amenities = AMENITIES.slice(0, inName ? i % 13 : (i * 5) % 13);
      const created = start + ((i * 7919) % 35) * 60_000;
      const space = await createSpace(db, {
        hostId: host.id,
        nameEn: inName ? `Falcon hall ${i}` : `Quiet room ${i}`,
        descriptionEn: inName ? 'A bright room.' : 'A room beside the falcon market.',
        amenities: [...amenities],
        status: 'approved',
        createdAt: new Date(created),
      });
      expected.push({ id: space.id, tier: inName ? 2 : 1, amenities: amenities.length, created });
    }
    // Never found: not approved.
    await createSpace(db, {
      hostId: host.id,
      nameEn: 'Falcon hall pending',
      amenities: [...AMENITIES],
      status: 'pending',
    });
    expected = expected.sort(
      (a, b) =>
        b.tier - a.tier ||
        b.amenities - a.amenities ||
        b.created - a.created ||
        (a.id < b.id ? 1 : -1),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds spaces on both sides of the band in both tiers', () => {
    const names = expected.filter((space) => space.tier === 2);
    expect(names.filter((space) => space.amenities >= WELL_EQUIPPED_AMENITIES).length).toBe(10);
    expect(names.filter((space) => space.amenities < WELL_EQUIPPED_AMENITIES).length).toBe(16);
  });

  it.each([1, 3, 4, 7, 10, 11, 24, 50])(
    'gives the recommended order page by page, %i at a time',
    async (limit) => {
      const { ids, totals } = await pages('q=falcon', limit);
      expect(ids).toEqual(expected.map((space) => space.id));
      expect(new Set(totals)).toEqual(new Set([35]));
    },
  );

  it('keeps the order with a filter and with two words', async () => {
    const equipped = await pages(`q=falcon&amenities=${AMENITIES[0]}`, 4);
    expect(equipped.ids).toEqual(
      expected.filter((space) => space.amenities > 0).map((space) => space.id),
    );
    // "falcon hall": both words in the name first, then "falcon" alone (the descriptions).
    const twoWords = await pages('q=falcon%20hall', 5);
    expect(twoWords.ids).toEqual(expected.map((space) => space.id));
  });
});
