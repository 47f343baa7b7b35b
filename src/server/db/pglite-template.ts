/**
 * A fresh PGlite data directory starts as a copy of an empty, migrated one (issue 31). Creating
 * a PGlite directory runs initdb inside WebAssembly — about 12 s of CPU, half the cost of a
 * fresh `npm start` — and the migrations add more; copying a migrated directory takes a fraction
 * of a second. So the first fresh start on a machine migrates as before and leaves a copy of the
 * result (before any data) under node_modules/.cache/hourspace-pglite/<key>/; each later fresh
 * DATA_DIR starts from that copy. The seed still runs at every fresh start (its dates are
 * relative to today).
 *
 * The key is a hash of what an empty database is made of: the migrations, the extensions the
 * client loads (client.ts) and PGlite's version — any change makes a new copy. Best effort:
 * when the cache cannot be written (a read-only node_modules), the start goes on without it. A
 * copy is written under a temporary name and renamed into place whole, so two starts at once
 * never see half of one.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { migrationsFolder } from './migrate.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const execFileAsync = promisify(execFile);
const TEMPLATES_DIR = path.join(root, 'node_modules/.cache/hourspace-pglite');

function templateKey(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort(),
    fileURLToPath(new URL('./client.ts', import.meta.url)),
    path.join(root, 'node_modules/@electric-sql/pglite/package.json'),
  ];
  for (const file of inputs) {
    hash.update(`\0${path.relative(root, file)}\0`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 20);
}

/** A directory PGlite has not initialised yet (initdb writes PG_VERSION first). */
export function isFreshPgliteDir(dir: string): boolean {
  return !existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Fills the fresh directory `dir` from the cached copy; says whether it did (false: no copy yet,
 * the caller migrates and then calls `keepPgliteTemplate`).
 */
export async function startFromPgliteTemplate(dir: string): Promise<boolean> {
  const template = path.join(TEMPLATES_DIR, templateKey());
  if (!existsSync(template)) return false;
  await mkdir(dir, { recursive: true });
  // The system's cp copies PGlite's ~1,100 files in a fifth of the time fs.cp takes (which also
  // waits for the main thread between files while the app's modules load); fs.cp where no cp.
  await execFileAsync('cp', ['-R', `${template}/.`, dir]).catch(() =>
    cp(template, dir, { recursive: true, force: true }),
  );
  return true;
}

/** Keeps a copy of `dir`, an empty database just migrated and closed, for the next fresh start. */
export async function keepPgliteTemplate(dir: string): Promise<void> {
  const template = path.join(TEMPLATES_DIR, templateKey());
  if (existsSync(template)) return;
  const tmp = path.join(TEMPLATES_DIR, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(TEMPLATES_DIR, { recursive: true });
    await cp(dir, tmp, { recursive: true });
    await rename(tmp, template);
  } catch {
    // Another start renamed its copy first, or node_modules is read-only: nothing is lost.
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
