/**
 * `npm run bench:api` — how fast renters find spaces at 100,000 listings (issue 5).
 *
 * 1. Migrates the PostgreSQL database in DATABASE_URL and fills it (once) with 100,000 generated
 *    approved spaces, each with a cover image row, in a few set-based INSERT … SELECT statements.
 * 2. Starts the real server in production mode (src/server/server.ts) on BENCH_PORT (4390).
 * 3. With autocannon, 50 connections for BENCH_SECONDS (20) each, measures three typical searches,
 *    one details page, and — the ceiling — a bare Fastify route answering a JSON body of the same
 *    size from memory, on the same machine in the same run.
 * Prints requests/s, p50, p95 and p99 and the ratio to the ceiling. Not a test: nothing fails on
 * a slow machine; record the figures in docs/benchmarks.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { riyadhToday, weekdayOf } from '../../src/shared/domain/riyadh-calendar.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { DEVELOPMENT_BUSINESS_VARIABLES } from '../../src/server/business-identity.ts';
import { insertCatalogue } from './catalogue.ts';

const SPACES = Number(process.env.BENCH_SPACES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const CEILING_PORT = PORT + 1;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error(
    'bench:api needs DATABASE_URL=postgres://… (a database it may fill with 100,000 spaces)',
  );
  process.exit(1);
}
const root = fileURLToPath(new URL('../..', import.meta.url));
const BENCH_HOST_EMAIL = 'bench-host@hourspace.test';

/** The bench host and its generated catalogue (scripts/bench/catalogue.ts), once per database. */
async function seed() {
  const database = await openDatabase({ url: databaseUrl!, poolMax: 2 });
  await migrateDatabase(database, databaseUrl);
  const db = database.db;
  const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  const [have] = rows(
    await db.execute(
      sql`select count(*)::int as n from spaces s join users u on u.id = s.host_id where u.email = ${BENCH_HOST_EMAIL}`,
    ),
  );
  const existing = Number(have?.n ?? 0);
  if (existing >= SPACES) {
    console.log(`database already holds ${existing} generated spaces`);
    await database.close();
    return;
  }
  const started = Date.now();
  const hostId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into users (id, name, email, email_verified, locale)
      values (${hostId}, 'Bench host', ${BENCH_HOST_EMAIL}, true, 'ar')
      on conflict do nothing`);
    const [host] = rows(
      await tx.execute(sql`select id from users where email = ${BENCH_HOST_EMAIL}`),
    );
    const id = String(host!.id);
    await insertCatalogue(tx, {
      hostId: id,
      from: existing + 1,
      to: SPACES,
      phoneBase: 50_000_000,
      emailPrefix: 'host',
    });
  });
  // As autovacuum would: statistics, and the visibility map that index-only scans need.
  await db.execute(sql`vacuum analyze spaces`);
  await db.execute(sql`vacuum analyze space_images`);
  console.log(
    `seeded ${SPACES - existing} spaces in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.close();
}

async function firstSpaceId(): Promise<string> {
  const database = await openDatabase({ url: databaseUrl!, poolMax: 1 });
  const result = (await database.db.execute(
    sql`select id from spaces where status = 'approved' order by created_at desc limit 1`,
  )) as unknown as { rows: { id: string }[] };
  await database.close();
  return result.rows[0]!.id;
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'src/server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // a bench, not a deployment: the labelled development identity
      ...DEVELOPMENT_BUSINESS_VARIABLES,
      ALLOW_HTTP_PUBLIC_URL: 'true',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '20',
      SEED_DEMO_DATA: 'false',
      WORKER: 'false',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: process.env.AUTH_SECRET ?? randomUUID() + randomUUID(),
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      DATA_DIR: `${root}/data/bench`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/ready`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the server did not start within 60 s');
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  bytes: number;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, url: string): Promise<Figures> {
  const times: number[] = [];
  let bytes = 0;
  let non2xx = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { 'accept-language': 'ar', 'accept-encoding': 'identity' },
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, resBytes, responseTime) => {
      times.push(responseTime);
      bytes = resBytes;
      if (status < 200 || status >= 300) non2xx += 1;
    });
  });
  times.sort((a, b) => a - b);
  return {
    name,
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts + non2xx,
    bytes,
  };
}

async function main() {
  await seed();
  const id = await firstSpaceId();
  const server = await startServer();
  const base = `http://127.0.0.1:${PORT}`;
  const date = (() => {
    const [y, m, d] = riyadhToday().split('-').map(Number) as [number, number, number];
    for (let i = 0; i < 7; i += 1) {
      const iso = new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10);
      if (weekdayOf(iso) === 'friday') return iso;
    }
    return riyadhToday();
  })();
  const searches = [
    ['search: city + type', `${base}/api/spaces?city=riyadh&type=meeting_room`],
    ['search: date + guests', `${base}/api/spaces?date=${date}&guests=20`],
    ['search: Arabic text', `${base}/api/spaces?q=${encodeURIComponent('قاعة الواحة')}`],
  ] as const;
  const details = `${base}/api/spaces/${id}`;

  try {
    // Warm up each path (JIT, plan caches, buffers) before measuring.
    for (const [, url] of [...searches, ['', details] as const]) {
      for (let i = 0; i < 20; i += 1) await (await fetch(url)).text();
    }
    const searchBody = await (await fetch(searches[0][1])).text();
    const detailsBody = await (await fetch(details)).text();
    console.log(
      `${SPACES} spaces; ${CONNECTIONS} connections, ${SECONDS} s each; search body ${searchBody.length} B, details body ${detailsBody.length} B`,
    );

    const figures: Figures[] = [];
    for (const [name, url] of searches) figures.push(await measure(name, url));
    figures.push(await measure('details', details));

    // The ceiling: the same framework answering bodies of the same sizes from memory.
    const ceiling = Fastify({ logger: false });
    const searchJson = JSON.parse(searchBody) as unknown;
    const detailsJson = JSON.parse(detailsBody) as unknown;
    ceiling.get('/search', async () => searchJson);
    ceiling.get('/details', async () => detailsJson);
    await ceiling.listen({ port: CEILING_PORT, host: '127.0.0.1' });
    const searchCeiling = await measure(
      'ceiling (search-sized body)',
      `http://127.0.0.1:${CEILING_PORT}/search`,
    );
    const detailsCeiling = await measure(
      'ceiling (details-sized body)',
      `http://127.0.0.1:${CEILING_PORT}/details`,
    );
    await ceiling.close();

    const rows = [...figures, searchCeiling, detailsCeiling].map((f) => {
      const ref =
        f.name === 'details' ? detailsCeiling : f.name.startsWith('search') ? searchCeiling : null;
      return {
        endpoint: f.name,
        'req/s': Math.round(f.rps),
        'p50 ms': f.p50,
        'p95 ms': f.p95,
        'p99 ms': f.p99,
        'of ceiling': ref ? `${Math.round((f.rps / ref.rps) * 100)}%` : '—',
        errors: f.errors,
      };
    });
    console.table(rows);
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

await main();
