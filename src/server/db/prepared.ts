import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * The most distinct statements prepared by this process. Each stays prepared on every pooled
 * connection that ran it (node-postgres never deallocates), holding its plan in that server
 * process; past this, further texts run unprepared, so the memory stays bounded whatever the
 * mix of filters and words.
 */
export const MAX_PREPARED_STATEMENTS = 128;
const preparedNames = new Set<string>();

/**
 * One statement run as a named prepared statement on PostgreSQL (node-postgres prepares it once
 * per connection, then PostgreSQL may keep its plan), and as a plain statement on PGlite. For a
 * statement whose planning costs about as much as its execution (the text search's tiers,
 * decision 037). The name is a hash of the SQL text, so two texts never share one; the values
 * are parameters as with `db.execute`. At most MAX_PREPARED_STATEMENTS texts are prepared.
 */
export async function executePrepared<Row extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<{ rows: Row[] }> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const name = `hs_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (preparedNames.has(name) || preparedNames.size < MAX_PREPARED_STATEMENTS) {
      preparedNames.add(name);
      return client.query<Row>({ name, text, values: params });
    }
  }
  return (await db.execute(query)) as unknown as { rows: Row[] };
}
