import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
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

/** The dumped template, read once per test file (a file may open several databases). */
let templateDump: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: PGlite in memory by default; with
 * TEST_DATABASE_URL, a new database on that server (created here, dropped afterwards). Both are
 * copies of the run's migrated template (tests/support/database-template.ts) when the project
 * has one, else migrated here.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject('databaseTemplate');
  if (!adminUrl) {
    let dump: Blob | undefined;
    if (template?.kind === 'pglite') {
      templateDump ??= readFile(template.dumpFile).then((bytes) => new Blob([bytes]));
      dump = await templateDump;
    }
    const database = await openDatabase({ pgliteDir: 'memory://', ...(dump ? { dump } : {}) });
    if (!dump) await migrateDatabase(database);
    return { database, kind: 'pglite', drop: () => database.close() };
  }
  return {
    ...(await newPostgresDatabase(adminUrl, {
      prefix: 'hs_test',
      poolMax: 20,
      ...(template?.kind === 'postgres' ? { template: template.name } : {}),
    })),
    kind: 'postgres',
  };
}

/**
 * A new, migrated database on the PostgreSQL server at `adminUrl`, named `<prefix>_<pid>_<random>`:
 * a copy of `template` when given (already migrated), else migrated here. `drop` closes it and
 * drops it.
 */
export async function newPostgresDatabase(
  adminUrl: string,
  options: { prefix: string; poolMax: number; template?: string },
): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const name = `${options.prefix}_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    options.template
      ? `create database "${name}" template "${options.template}"`
      : `create database "${name}"`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: options.poolMax });
  if (!options.template) await migrateDatabase(database, url.toString());
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
