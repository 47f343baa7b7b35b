import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../fixtures/factories.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * A search with a city reads only that city's matches (migration 0016, decision 045): btree_gin
 * puts the city beside the words and the amenities in one GIN index, so the index gives the
 * intersection. These check, on PGlite and PostgreSQL over 3,000 spaces in ten cities, that the
 * indexes are there, that the amenities' one answers both conditions, and that a search by city,
 * words and amenities finds the same spaces through the indexes as through the table.
 */
describe('the city search indexes', () => {
  let t: TestDatabase;
  const rows = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

  const CITY_INDEXES = [
    'spaces_search_city_amenities_idx',
    'spaces_search_city_document_idx',
    'spaces_search_city_names_idx',
    'spaces_search_city_type_idx',
  ];

  beforeAll(async () => {
    t = await createTestDatabase();
    const db = t.database.db;
    const host = await createUser(db, { email: 'host@city-indexes.test' });
    // 3,000 approved spaces over ten cities (g % 10): the name of one in seven holds "قاعة
    // الواحة", the description of one in four "قاعة"; one in two has wifi and parking.
    await db.execute(sql`
      insert into spaces (host_id, type, city, address, listing_language, name_ar, name_en,
        description_ar, description_en, price_halalas, capacity, amenities, contact_phone,
        contact_email, opens_at, closes_at, available_days, status, created_at, updated_at)
      select ${host.id}, 'event_hall',
        (array['riyadh','jeddah','makkah','madinah','dammam','khobar','abha','tabuk','hail','jizan'])[g % 10 + 1],
        'شارع العليا، مبنى ' || g, 'ar',
        case when g % 7 = 0 then 'قاعة الواحة ' || g else 'استوديو النخيل ' || g end,
        'Hall ' || g,
        case when g % 4 = 0 then 'قاعة للمناسبات' else 'مساحة عمل هادئة' end, 'A hall.',
        10000 + g, 50,
        case when g % 2 = 0 then array['wifi','parking'] else array['projector'] end,
        '0512345678', 'host@city-indexes.test', '08:00', '22:00',
        array['sunday','monday','tuesday','wednesday','thursday'], 'approved',
        now() - (g || ' minutes')::interval, now()
      from generate_series(1, 3000) g`);
    await db.execute(sql`analyze spaces`);
  });
  afterAll(async () => {
    await t.drop();
  });

  /**
   * The plan of `where` over approved spaces when the planner has only bitmap scans and no other
   * index that holds the city (dropped in a transaction rolled back after). At 3,000 spaces the
   * planner still prefers reading a city's rows and filtering them to a GIN index of words, so
   * the words' indexes are shown at work at 100,000 spaces by `scripts/bench/search-plan.ts`
   * (docs/benchmarks.md, decision 045), not here.
   */
  const planOf = async (where: ReturnType<typeof sql>, index: string) => {
    let plan = '';
    await t.database.db
      .transaction(async (tx) => {
        for (const other of CITY_INDEXES.filter((name) => name !== index))
          await tx.execute(sql.raw(`drop index ${other}`));
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        plan = rows<{ 'QUERY PLAN': string }>(
          await tx.execute(
            sql`explain select s.id from spaces s where s.status = 'approved' and ${where}`,
          ),
        )
          .map((line) => line['QUERY PLAN'])
          .join('\n');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    return plan;
  };

  it('has one for the words of the document, the names and the amenities, each beside the city', async () => {
    const indexes = rows<{ name: string; definition: string }>(
      await t.database.db.execute(
        sql`select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
          from pg_index where indrelid = 'spaces'::regclass
          and indexrelid::regclass::text like 'spaces_search_city_%' order by 1`,
      ),
    );
    expect(indexes.map((index) => index.name)).toEqual(CITY_INDEXES);
    for (const index of indexes.filter((i) => !i.name.endsWith('_type_idx'))) {
      expect(index.definition).toContain('USING gin (city, ');
      expect(index.definition).toContain(`WHERE (status = 'approved'::text)`);
    }
  });

  it('keeps every GIN index of spaces to a short pending list', async () => {
    const gin = rows<{ name: string; options: string[] | null }>(
      await t.database.db.execute(
        sql`select c.relname as name, c.reloptions as options from pg_index i
          join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
          where i.indrelid = 'spaces'::regclass and a.amname = 'gin' order by 1`,
      ),
    );
    expect(gin.length).toBe(10);
    for (const index of gin)
      expect(index.options ?? [], index.name).toContain('gin_pending_list_limit=256');
  });

  it('a search of amenities in a city is answered by its city index', async () => {
    const index = 'spaces_search_city_amenities_idx';
    const plan = await planOf(
      sql`s.city = 'riyadh' and s.amenities @> array['wifi', 'parking']::text[]`,
      index,
    );
    expect(plan).toContain(index);
    expect(plan).toMatch(/Index Cond: .*city = 'riyadh'.*amenities @>/);
  });

  it('finds the same spaces through them as without them', async () => {
    const ids = async (indexes: boolean) =>
      t.database.db.transaction(async (tx) => {
        if (!indexes) {
          await tx.execute(sql`set local enable_bitmapscan = off`);
          await tx.execute(sql`set local enable_indexscan = off`);
        } else await tx.execute(sql`set local enable_seqscan = off`);
        return rows<{ id: string }>(
          await tx.execute(sql`select s.id from spaces s where s.status = 'approved'
            and s.city = 'riyadh' and s.search_document @@ hs_word_query('قاعة')
            and s.search_names @@ hs_word_query('الواحة')
            and s.amenities @> array['wifi']::text[] order by s.id`),
        ).map((row) => row.id);
      });
    const through = await ids(true);
    expect(through).toHaveLength(42); // g a multiple of 10 (Riyadh), 7 (the name) and 2 (wifi)
    expect(through).toEqual(await ids(false));
  });
});
