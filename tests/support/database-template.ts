/**
 * Vitest global setup: one migrated template database per run, which every test file copies
 * instead of creating and migrating its own (tests/support/test-database.ts).
 *
 * - PGlite: a fresh in-memory database is migrated once and its data directory dumped to a file;
 *   each test file starts its own PGlite from that file (≈ 0.5 s instead of ≈ 2 s for initdb and
 *   the migrations).
 * - PostgreSQL (TEST_DATABASE_URL): a database `hs_template_…` is migrated once; each test file
 *   gets `CREATE DATABASE … TEMPLATE` of it.
 *
 * The template is made from the migrations of this run, so a changed migration is always tested.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { newPostgresDatabase } from './test-database.ts';

export type DatabaseTemplate =
  { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

async function createPgliteTemplate() {
  const dir = await mkdtemp(path.join(tmpdir(), 'hourspace-template-'));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await migrateDatabase(database);
    const dump = await database.dumpDataDir!();
    const dumpFile = path.join(dir, 'pgdata.tar');
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    return {
      template: { kind: 'pglite', dumpFile } as const,
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  } finally {
    await database.close();
  }
}

async function createPostgresTemplate(adminUrl: string) {
  const template = await newPostgresDatabase(adminUrl, { prefix: 'hs_template', poolMax: 1 });
  // Every connection closed: PostgreSQL copies only a template nobody is connected to.
  await template.database.close();
  return {
    template: {
      kind: 'postgres',
      name: decodeURIComponent(new URL(template.url).pathname.slice(1)),
    } as const,
    remove: () => template.drop(),
  };
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const { template, remove } = adminUrl
    ? await createPostgresTemplate(adminUrl)
    : await createPgliteTemplate();
  project.provide('databaseTemplate', template);
  return remove;
}
