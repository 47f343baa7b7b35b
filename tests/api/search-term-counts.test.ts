import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaces } from '#server/db/schema.ts';
import { WELL_EQUIPPED_AMENITIES } from '#server/features/spaces/search.ts';
import { wordForms } from '#server/features/spaces/word-forms.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * space_search_terms (migration 0015, decision 044): for each form of a word, how many approved
 * spaces hold it. Kept by triggers in the transaction of every change to `spaces`, it must equal
 * what counting the approved documents gives, whatever the statement and however many run at once.
 */
describe('space_search_terms', () => {
  let t: TestDatabase;
  let hostId: string;

  const rows = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
  /** What the table holds, and what counting the approved spaces' documents gives now. */
  const keptAndCounted = async () => {
    const db = t.database.db;
    const kept = rows<{ lexeme: string; n: number }>(
      await db.execute(
        sql`select lexeme, approved_spaces as n from space_search_terms order by lexeme`,
      ),
    );
    const counted = rows<{ lexeme: string; n: number }>(
      await db.execute(sql`select l as lexeme, count(*)::int as n
        from spaces s cross join lateral unnest(tsvector_to_array(s.search_document)) l
        where s.status = 'approved' group by l order by l`),
    );
    return { kept, counted };
  };
  const countOf = async (lexeme: string) =>
    rows<{ n: number }>(
      await t.database.db.execute(
        sql`select approved_spaces as n from space_search_terms where lexeme = ${lexeme}`,
      ),
    )[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestDatabase();
    hostId = (await createUser(t.database.db)).id;
  });
  afterAll(async () => {
    await t.drop();
  });

  it('counts approved spaces only, each form once per space', async () => {
    const db = t.database.db;
    await createSpace(db, { hostId, nameEn: 'Falcon falcon hall', status: 'approved' });
    await createSpace(db, { hostId, nameEn: 'Falcon studio', status: 'approved' });
    await createSpace(db, { hostId, nameEn: 'Falcon loft', status: 'pending' });
    await createSpace(db, { hostId, nameEn: 'Falcon draft', status: 'rejected' });
    expect(await countOf('falcon')).toBe(2);
    const { kept, counted } = await keptAndCounted();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(counted);
  });

  it('follows approval, edits, withdrawal and deletion, one row or many per statement', async () => {
    const db = t.database.db;
    const pending = await createSpace(db, { hostId, nameEn: 'Heron room', status: 'pending' });
    const approved = await createSpace(db, { hostId, nameEn: 'Heron hall', status: 'approved' });
    expect(await countOf('heron')).toBe(1);

    await db.update(spaces).set({ status: 'approved' }).where(eq(spaces.id, pending.id));
    expect(await countOf('heron')).toBe(2);

    // An edit of an approved space: its old words leave, its new ones arrive.
    await db
      .update(spaces)
      .set({ nameEn: 'Kestrel hall', descriptionAr: 'استوديو بودكاست' })
      .where(eq(spaces.id, approved.id));
    expect(await countOf('heron')).toBe(1);
    expect(await countOf('kestrel')).toBe(1);
    // A change that leaves the document as it was (the reviews' counters) changes nothing.
    await db
      .update(spaces)
      .set({ reviewCount: 1, reviewStarsSum: 5 })
      .where(eq(spaces.id, approved.id));
    expect(await countOf('kestrel')).toBe(1);

    // One statement over many rows: every space of the host leaves the search.
    await db.update(spaces).set({ status: 'paused' }).where(eq(spaces.hostId, hostId));
    expect(await countOf('kestrel')).toBe(0);
    expect(await countOf('falcon')).toBe(0);
    await db.update(spaces).set({ status: 'approved' }).where(eq(spaces.hostId, hostId));
    expect(await countOf('falcon')).toBe(4);

    await db.delete(spaces).where(eq(spaces.id, pending.id));
    expect(await countOf('heron')).toBe(0);
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    // A form no approved space holds any more leaves no row at zero behind.
    expect(kept.every((row) => row.n > 0)).toBe(true);
  });

  it('stays exact when fifty changes to spaces sharing words run at once', async () => {
    const db = t.database.db;
    const made = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createSpace(db, {
          hostId,
          nameAr: `قاعة الواحة ${i}`,
          nameEn: `Oasis hall ${i}`,
          status: i % 2 === 0 ? 'pending' : 'approved',
        }),
      ),
    );
    // Approvals, withdrawals and edits at once, each in its own transaction with other writes.
    await Promise.all(
      made.map((space, i) =>
        db.transaction(async (tx) => {
          if (i % 3 === 0)
            await tx
              .update(spaces)
              .set({ status: i % 2 === 0 ? 'approved' : 'paused' })
              .where(eq(spaces.id, space.id));
          else
            await tx
              .update(spaces)
              .set({ descriptionEn: `A bright oasis room, number ${i}` })
              .where(eq(spaces.id, space.id));
          await tx.update(spaces).set({ updatedAt: new Date() }).where(eq(spaces.id, space.id));
        }),
      ),
    );
    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(await countOf('oasis')).toBe(counted.find((row) => row.lexeme === 'oasis')!.n);
  });

  it('empties with the table', async () => {
    const db = t.database.db;
    await db.execute(sql`truncate spaces cascade`);
    expect(await keptAndCounted()).toEqual({ kept: [], counted: [] });
    await createSpace(db, { hostId, nameEn: 'Plover room', status: 'approved' });
    expect(await countOf('plover')).toBe(1);
  });

  it('has the well-equipped indexes the search reads first, at the same number', async () => {
    const indexes = rows<{ definition: string }>(
      await t.database.db.execute(
        sql`select pg_get_indexdef(indexrelid) as definition from pg_index
          where indexrelid in ('spaces_search_names_equipped_idx'::regclass,
            'spaces_search_document_equipped_idx'::regclass)`,
      ),
    );
    expect(indexes).toHaveLength(2);
    for (const index of indexes)
      expect(index.definition).toContain(`cardinality(amenities) >= ${WELL_EQUIPPED_AMENITIES}`);
  });
});

describe('wordForms', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('gives each word the forms and the query the database computes for it', async () => {
    const words = ['والقاعات', 'Studios', 'قاعة', 'والقاعات'];
    const forms = await wordForms(t.database.db, words);
    const again = await wordForms(t.database.db, words);
    expect(again).toEqual(forms);
    for (const [i, word] of words.entries()) {
      const [row] = (
        (await t.database.db.execute(
          sql`select hs_word_query(${word})::text as query, to_json(hs_word_forms(${word})) as forms,
            hs_word_query(${word}) = ${forms[i]!.query}::tsquery as same`,
        )) as unknown as { rows: { query: string; forms: string[] | string; same: boolean }[] }
      ).rows;
      const expectedForms = typeof row!.forms === 'string' ? JSON.parse(row!.forms) : row!.forms;
      expect(forms[i]).toEqual({ query: row!.query, forms: expectedForms });
      expect(row!.same).toBe(true);
    }
    expect(forms[0]!.forms).toContain('قاع');
    expect(forms[1]!.forms).toContain('studio');
  });
});
