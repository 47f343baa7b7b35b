import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The app's database handle, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Round trip to the server; throws when it is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connection string or PGlite directory, for logs (no secrets). */
  describe: string;
  /** PGlite only: the whole data directory as an uncompressed tarball (`openDatabase`'s `dump`). */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseTarget =
  | { url: string; poolMax?: number }
  /** `dump`: start from a data directory that `dumpDataDir` wrote (the tests' migrated template) */
  | { pgliteDir: string; dump?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url, target.poolMax ?? 10);
  return openPglite(target.pgliteDir, target.dump);
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server (a PostgreSQL restart) must not crash the process; the pool
  // drops it and the next query opens a fresh connection.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    describe: redactUrl(url),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function openPglite(dir: string, dump?: Blob): Promise<Database> {
  if (dir !== 'memory://') await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { btree_gin, btree_gist, pg_trgm },
    ...(dump ? { loadDataDir: dump } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    describe: dir === 'memory://' ? 'PGlite (in memory)' : `PGlite at ${dir}`,
    async ping() {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres (unparsable URL)';
  }
}
