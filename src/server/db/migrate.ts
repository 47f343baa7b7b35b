import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant: the advisory lock that lets one instance migrate at a time. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the SQL migrations from code (drizzle-kit cannot migrate PGlite with extensions).
 * On PostgreSQL several instances may start together: an advisory lock on a dedicated
 * connection makes them take turns, and the second finds nothing left to do.
 */
export async function migrateDatabase(database: Database, url?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!url) throw new Error('migrateDatabase: PostgreSQL needs its URL');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
