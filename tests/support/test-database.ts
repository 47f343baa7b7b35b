import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';

export interface TestDatabase {
  database: Database;
  /** the PostgreSQL URL of this test's own database, when on PostgreSQL */
  url?: string;
  kind: 'pglite' | 'postgres';
  drop(): Promise<void>;
}

/** On PostgreSQL when TEST_DATABASE_URL is set, else PGlite in memory. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh, migrated database for one test file: PGlite in memory by default; with
 * TEST_DATABASE_URL, a new database on that server (created here, dropped afterwards).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await migrateDatabase(database);
    return { database, kind: 'pglite', drop: () => database.close() };
  }
  return {
    ...(await newPostgresDatabase(adminUrl, { prefix: 'hs_test', poolMax: 20 })),
    kind: 'postgres',
  };
}

/**
 * A new, migrated database on the PostgreSQL server at `adminUrl`, named `<prefix>_<pid>_<random>`;
 * `drop` closes it and drops it.
 */
export async function newPostgresDatabase(
  adminUrl: string,
  options: { prefix: string; poolMax: number },
): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const name = `${options.prefix}_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: options.poolMax });
  await migrateDatabase(database, url.toString());
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
