/**
 * The e2e server's seeded database, made once and copied (issue 30): a PGlite data directory
 * migrated and seeded with the demo data, with the storage files the seed wrote, kept under
 * node_modules/.cache/hourspace-e2e/<key>/ and copied into each run's fresh DATA_DIR. Copying
 * takes a fraction of a second; migrating and seeding take seconds (and the seed's production
 * password hashes are in the copy, as a fresh seed would make them).
 *
 * The key is a hash of what the seeded database is made of: the migrations, the seed and its
 * demo data, the schema and the shared code they use, the demo images' manifest, this file,
 * PGlite's version — and the half of the Riyadh calendar day: the demo bookings are placed
 * relative to today, and the pending requests are stamped with the seed's time, so a snapshot is
 * at most 12 hours old when a run starts (the admins' reminder of a request that has waited
 * REQUEST_REMINDER_HOURS, 24 by default, never fires during a run because of a stale snapshot).
 * Any change makes a new snapshot; one older than two days is removed.
 *
 * Safe with runs at once (node_modules may be shared by several worktrees): a snapshot is built in
 * a temporary directory and renamed into place when complete, so a half-written one is never
 * used; while one run builds a key, another waits for it (while the builder lives, up to five
 * minutes; then it builds its own, the first rename wins and the other copy is discarded).
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '#server/adapters/logger.ts';
import { createDiskStorage } from '#server/adapters/storage/disk-storage.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { RIYADH_UTC_OFFSET_MINUTES } from '#shared/constants.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SNAPSHOTS_DIR = path.join(root, 'node_modules/.cache/hourspace-e2e');

/** Files and folders (recursively) that the seeded database is made of, from the repository root. */
const INPUTS = [
  'src/server/db/migrations',
  'src/server/db/seed.ts',
  'src/server/db/schema.ts',
  'src/server/db/client.ts',
  'src/server/db/migrate.ts',
  'src/server/db/demo',
  'src/server/users/password-hash.ts',
  'src/shared',
  'assets/demo-images/manifest.json',
  'scripts/e2e-snapshot.ts',
  'node_modules/@electric-sql/pglite/package.json',
];

function filesOf(entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((child) => filesOf(path.join(entry, child.name)))
    .sort();
}

/** The Riyadh date and half day, e.g. `2026-11-28 pm`. */
export function riyadhHalfDay(now = new Date()): string {
  const riyadh = new Date(now.getTime() + RIYADH_UTC_OFFSET_MINUTES * 60_000);
  return `${riyadh.toISOString().slice(0, 10)} ${riyadh.getUTCHours() < 12 ? 'am' : 'pm'}`;
}

export function snapshotKey(now = new Date()): string {
  const hash = createHash('sha256');
  hash.update(riyadhHalfDay(now));
  for (const file of INPUTS.flatMap(filesOf)) {
    hash.update(`\0${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex').slice(0, 20);
}

/** Migrates and seeds a new PGlite database in `dir`/db, its files in `dir`/uploads. */
async function build(dir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
  try {
    await migrateDatabase(database);
    await seedDemoData({
      db: database.db,
      storage: createDiskStorage({ dir: path.join(dir, 'uploads') }),
      logger: silentLogger,
    });
  } finally {
    await database.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The snapshot's directory, built first when there is none for this key. */
async function ensureSnapshot(log: (message: string) => void): Promise<string> {
  const key = snapshotKey();
  const dir = path.join(SNAPSHOTS_DIR, key);
  if (existsSync(dir)) return dir;
  await mkdir(SNAPSHOTS_DIR, { recursive: true });

  // One builder per key: the lock file holds its pid; the others wait for its rename while it
  // lives (up to 5 min), and take over from a builder that died (killed mid-build).
  const lock = path.join(SNAPSHOTS_DIR, `${key}.lock`);
  const waitUntil = Date.now() + 300_000;
  let held = false;
  while (!held && !existsSync(dir) && Date.now() < waitUntil) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      held = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const builder = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (builder > 0 && !isAlive(builder)) await rm(lock, { force: true });
      else await sleep(250);
    }
  }
  if (existsSync(dir)) return dir;

  const tmp = path.join(
    SNAPSHOTS_DIR,
    `.tmp-${key}-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  try {
    const started = Date.now();
    log(`e2e database: building the seeded snapshot ${key} (once per day and per change)…`);
    await build(tmp);
    try {
      await rename(tmp, dir);
    } catch (error) {
      // Another run renamed its complete copy first: use that one.
      if (!['EEXIST', 'ENOTEMPTY'].includes((error as NodeJS.ErrnoException).code ?? ''))
        throw error;
    }
    log(`e2e database: snapshot built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
    if (held) await rm(lock, { force: true });
  }
  await prune(key);
  return dir;
}

/** Removes other keys' snapshots older than two days, and builds abandoned for an hour. */
async function prune(keep: string) {
  for (const name of await readdir(SNAPSHOTS_DIR)) {
    if (name === keep) continue;
    const full = path.join(SNAPSHOTS_DIR, name);
    const age = await stat(full).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    const limit = name.startsWith('.tmp-') || name.endsWith('.lock') ? 3_600_000 : 2 * 86_400_000;
    if (age > limit) await rm(full, { recursive: true, force: true });
  }
}

/**
 * Fills `dataDir` (fresh, or not there yet) with a copy of the seeded snapshot: its `db` (PGlite)
 * and `uploads` (the demo images). The server then migrates nothing and finds the seed done.
 */
export async function copySeededSnapshot(
  dataDir: string,
  log: (message: string) => void = console.log,
): Promise<void> {
  const dir = await ensureSnapshot(log);
  await mkdir(dataDir, { recursive: true });
  for (const part of ['db', 'uploads']) {
    // A copy-on-write clone where the file system can, a plain copy where it cannot.
    await cp(path.join(dir, part), path.join(dataDir, part), {
      recursive: true,
      mode: constants.COPYFILE_FICLONE,
    });
  }
}
