/**
 * `npm run bench:start` — how soon a fresh install answers (issue 31), each measured several
 * times, with the median and the load average:
 *
 * 1. **seed**: the demo seed (`seedDemoData`) into an empty, migrated PGlite database in a fresh
 *    DATA_DIR, timed around the seed alone, in a process of its own per run (opening and
 *    migrating the database — from the PGlite template when there is one, db/pglite-template.ts —
 *    and loading the modules are printed beside it);
 * 2. **ready**: `npm start` with the web build present, on a fresh DATA_DIR, until `/api/ready`
 *    answers 200 (database, seed, listen); the first run leaves the PGlite template when this
 *    machine had none, the others start from it;
 * 3. **first start**: `npm start` in a fresh clone of this checkout's HEAD, its packages linked
 *    to this one's (the state `npm ci` leaves, no node_modules/.cache) and no dist/, so it builds
 *    the web app and makes the PGlite template first; tsx's compile cache off, as on a new
 *    machine. Until `/api/ready`.
 *
 * Options: BENCH_RUNS (default 5) for 1 and 2, BENCH_BUILD_RUNS (default 3) for 3, BENCH_PORT
 * (default 4372). The servers listen on 127.0.0.1 and keep their data in temporary folders,
 * removed after each run. Uncommitted changes are not in the clone of 3.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '../build-web.ts';
import { groupCpuSeconds, load, median, stats, stopGroup, untilReady } from './measure.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const buildRuns = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 4372);
const base = `http://127.0.0.1:${port}`;

/** A fresh install's environment: embedded PGlite and storage in `dataDir`, nothing from outside. */
function freshEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'NODE_ENV'])
    delete env[name];
  return { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
}

const tempDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `hourspace-bench-${name}-`));

/** Run in its own process (`--seed-once`): migrate, then time the seed alone; prints JSON. */
async function seedOnce() {
  const begun = performance.now();
  const cpu = () => process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
  const { pino } = await import('pino');
  const { loadConfig } = await import('#server/env.ts');
  const { openRuntime } = await import('#server/runtime.ts');
  const { seedDemoData } = await import('#server/db/seed.ts');
  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const loaded = performance.now();
  const cpuLoaded = cpu();
  const runtime = await openRuntime(config, logger);
  const migrated = performance.now();
  const cpuMigrated = cpu();
  const result = await seedDemoData({ db: runtime.database.db, storage: runtime.storage, logger });
  const seeded = performance.now();
  const cpuSeeded = cpu();
  await runtime.close();
  if (!result.seeded) throw new Error('the database was not empty');
  console.log(
    JSON.stringify({
      loadMs: loaded - begun,
      migrateMs: migrated - loaded,
      seedMs: seeded - migrated,
      cpuSeconds: {
        load: cpuLoaded,
        migrate: cpuMigrated - cpuLoaded,
        seed: cpuSeeded - cpuMigrated,
      },
      spaces: result.spaces,
    }),
  );
}

/** `npm start` in `cwd` on a fresh DATA_DIR until /api/ready; its wall time and CPU time. */
async function timeStart(cwd: string, extraEnv: NodeJS.ProcessEnv = {}) {
  const dataDir = tempDir('data');
  const begun = performance.now();
  const child = spawn('npm', ['start'], {
    cwd,
    env: { ...freshEnv(dataDir), ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    await untilReady(base, child);
    return { ms: performance.now() - begun, cpu: groupCpuSeconds(child.pid!) };
  } finally {
    await stopGroup(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A clone of HEAD with no dist/ and a node_modules of its own whose packages are links to this
 * checkout's: what a fresh clone has after `npm ci`, without the caches (node_modules/.cache: the
 * PGlite template, the e2e snapshots) that earlier runs left here.
 */
function freshClone(): string {
  const dir = tempDir('clone');
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '--shared', '--no-checkout', root, dir]);
  execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: dir });
  const packages = realpathSync(path.join(root, 'node_modules'));
  mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of readdirSync(packages).filter((name) => name !== '.cache'))
    symlinkSync(path.join(packages, entry), path.join(dir, 'node_modules', entry));
  return dir;
}

if (process.argv.includes('--seed-once')) {
  await seedOnce();
  process.exit(0);
}

console.log(`load average at start: ${load()}`);

const seeds: number[] = [];
const seedCpu: number[] = [];
const migrations: number[] = [];
const loads: number[] = [];
for (let run = 1; run <= runs; run++) {
  const dataDir = tempDir('seed');
  const before = load();
  try {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--seed-once'],
      { cwd: root, env: freshEnv(dataDir), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const timing = JSON.parse(output.trim().split('\n').at(-1)!) as {
      loadMs: number;
      migrateMs: number;
      seedMs: number;
      cpuSeconds: { seed: number };
      spaces: number;
    };
    seeds.push(timing.seedMs);
    seedCpu.push(timing.cpuSeconds.seed);
    migrations.push(timing.migrateMs);
    loads.push(timing.loadMs);
    console.log(
      `seed run ${run}: ${timing.spaces} spaces seeded in ${(timing.seedMs / 1000).toFixed(2)} s, ${timing.cpuSeconds.seed.toFixed(1)} s of CPU (migrations ${(timing.migrateMs / 1000).toFixed(2)} s)  (load average before ${before}, after ${load()})`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (await ensureWebBuild()) console.log('(built the web app first: dist/ was missing or stale)');
const readies: number[] = [];
const readyCpu: number[] = [];
for (let run = 1; run <= runs; run++) {
  const before = load();
  const { ms, cpu } = await timeStart(root);
  readies.push(ms);
  readyCpu.push(cpu);
  console.log(
    `ready run ${run}: npm start, fresh DATA_DIR, build present: /api/ready after ${(ms / 1000).toFixed(1)} s, ${cpu.toFixed(1)} s of CPU  (load average before ${before}, after ${load()})`,
  );
}

const firsts: number[] = [];
const firstCpu: number[] = [];
for (let run = 1; run <= buildRuns; run++) {
  const clone = freshClone();
  const before = load();
  try {
    const { ms, cpu } = await timeStart(clone, { TSX_DISABLE_CACHE: '1' });
    firsts.push(ms);
    firstCpu.push(cpu);
    console.log(
      `first-start run ${run}: npm start in a fresh clone (web build included): /api/ready after ${(ms / 1000).toFixed(1)} s, ${cpu.toFixed(1)} s of CPU  (load average before ${before}, after ${load()})`,
    );
  } finally {
    await rm(clone, { recursive: true, force: true });
  }
}

console.log('');
stats('seed: an empty database (target 3,000 ms)', seeds);
console.log(
  `  CPU (this process; scrypt's threads included): median ${median(seedCpu).toFixed(1)} s`,
);
stats('  opening and migrating the database before it', migrations);
stats('  loading the server modules before them', loads);
stats('ready: npm start, fresh DATA_DIR (target 8,000 ms)', readies);
console.log(`  CPU: median ${median(readyCpu).toFixed(1)} s`);
stats('first start: fresh clone, build included (target 60,000 ms)', firsts);
console.log(`  CPU: median ${median(firstCpu).toFixed(1)} s`);
console.log(`load average at the end: ${load()}`);
