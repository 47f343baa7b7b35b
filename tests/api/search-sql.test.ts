import { readFile } from 'node:fs/promises';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '#server/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * src/server/features/spaces/search.sql holds today's definition of every search function
 * (`hs_…`) and of the triggers that call them, which migrations 0004, 0013 and 0015 define and
 * redefine. It is not run by the app: these check that what the migrations leave in the
 * database is what the file says, on PGlite and on PostgreSQL.
 *
 * How: inside a transaction that is rolled back, the migrated functions are read
 * (`pg_get_functiondef`, `pg_get_triggerdef`), dropped, and the file is run in their place; what
 * it creates must read the same, one for one. So a function missing from the file, one the
 * migrations no longer define, and any difference in a body, an argument or an attribute
 * (STRICT, IMMUTABLE, PARALLEL SAFE) each fail.
 */
const SEARCH_SQL = new URL('../../src/server/features/spaces/search.sql', import.meta.url);

interface SearchDefinitions {
  functions: Record<string, string>;
  triggers: Record<string, string>;
}

const rows = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** Every `hs_…` function in the public schema, and every trigger that calls one. */
async function readDefinitions(q: Queryable): Promise<SearchDefinitions> {
  const functions = rows<{ signature: string; definition: string }>(
    await q.execute(sql`select p.oid::regprocedure::text as signature,
        pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname like 'hs\_%' order by 1`),
  );
  const triggers = rows<{ name: string; definition: string }>(
    await q.execute(sql`select t.tgname as name, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname like 'hs\_%' order by 1`),
  );
  return {
    functions: Object.fromEntries(functions.map((f) => [f.signature, f.definition])),
    triggers: Object.fromEntries(triggers.map((t) => [t.name, t.definition])),
  };
}

/**
 * What the migrated database holds, and what it holds once its search functions (and with them,
 * by CASCADE, the triggers, generated columns and indexes that use them) are replaced by
 * `searchSql`; nothing of it outlives the rolled-back transaction.
 */
async function migratedAndWritten(
  t: TestDatabase,
  searchSql: string,
): Promise<{ migrated: SearchDefinitions; written: SearchDefinitions }> {
  let migrated: SearchDefinitions | undefined;
  let written: SearchDefinitions | undefined;
  await t.database.db
    .transaction(async (tx) => {
      migrated = await readDefinitions(tx);
      // CASCADE says which columns and indexes go with each function: not worth a warning here.
      await tx.execute(sql`set local client_min_messages = warning`);
      for (const signature of Object.keys(migrated.functions))
        await tx.execute(sql.raw(`drop function if exists public.${signature} cascade`));
      expect(await readDefinitions(tx)).toEqual({ functions: {}, triggers: {} });
      // Like the migrations: one statement at a time (PGlite's extended protocol takes one).
      for (const statement of searchSql.split('--> statement-breakpoint'))
        await tx.execute(sql.raw(statement));
      written = await readDefinitions(tx);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  if (!migrated || !written) throw new Error('the definitions were not read');
  return { migrated, written };
}

describe('search.sql, the search functions in one file', () => {
  let t: TestDatabase;
  let searchSql: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    searchSql = await readFile(SEARCH_SQL, 'utf8');
  });
  afterAll(async () => {
    await t.drop();
  });

  it('defines every search function and trigger exactly as the migrations leave them', async () => {
    const { migrated, written } = await migratedAndWritten(t, searchSql);
    expect(Object.keys(migrated.functions)).toContain('hs_arabic_prepare(text)');
    expect(Object.keys(migrated.triggers)).toContain('spaces_search_terms_insert');
    expect(written).toEqual(migrated);
  });

  it('sees one changed letter in one body', async () => {
    // The check itself must be able to fail: taa marbuta no longer folded into ه.
    const changed = searchSql.replace(`'أإآٱةى', 'ااااهي'`, `'أإآٱى', 'ااااي'`);
    expect(changed).not.toBe(searchSql);
    const { migrated, written } = await migratedAndWritten(t, changed);
    expect(written.functions['hs_normalize(text)']).not.toBe(
      migrated.functions['hs_normalize(text)'],
    );
    expect({ ...written.functions, 'hs_normalize(text)': '' }).toEqual({
      ...migrated.functions,
      'hs_normalize(text)': '',
    });
  });

  it('leaves the database as it was', async () => {
    const before = await readDefinitions(t.database.db);
    await migratedAndWritten(t, searchSql);
    expect(await readDefinitions(t.database.db)).toEqual(before);
    const columns = rows<{ name: string }>(
      await t.database.db.execute(sql`select column_name as name from information_schema.columns
        where table_name = 'spaces' and column_name like 'search\_%' order by 1`),
    );
    expect(columns.map((column) => column.name)).toEqual([
      'search_document',
      'search_names',
      'search_names_text',
    ]);
  });
});
