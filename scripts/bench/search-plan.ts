/**
 * `npx tsx scripts/bench/search-plan.ts [query string]` — what the database does for one search
 * (decision 037): every statement `GET /api/spaces?<query string>` sends, each with its
 * `EXPLAIN (ANALYZE, BUFFERS)` plan (PostgreSQL's auto_explain, on this connection only), and the
 * number of round trips. Rows and pages do not depend on the machine's load, the timings do.
 *
 *   DATABASE_URL=postgres://…/hourspace_bench npx tsx scripts/bench/search-plan.ts 'q=قاعة الواحة'
 *
 * The search runs eight times and the plans of the last run are printed: on a warm cache and,
 * for a prepared statement, past the fifth run, when PostgreSQL may keep a generic plan. Needs a
 * superuser role for `LOAD 'auto_explain'`; run bench:api first to fill the database.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createDiskStorage } from '../../src/server/adapters/storage/disk-storage.ts';
import type { Db } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { searchSpaces } from '../../src/server/features/spaces/search.ts';
import { spaceSearchQuerySchema } from '../../src/shared/schemas/spaces.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('search-plan needs DATABASE_URL=postgres://… (a database bench:api filled)');
  process.exit(1);
}
const query = spaceSearchQuerySchema.parse(
  Object.fromEntries(new URLSearchParams(process.argv[2] ?? 'q=قاعة الواحة')),
);

// One connection, so that the session settings below apply to every statement of the search.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
let plans: string[] = [];
let statements = 0;
pool.on('connect', (client) => {
  client.on('notice', (notice) => plans.push(notice.message ?? ''));
});
const client = await pool.connect();
await client.query(`load 'auto_explain'`);
await client.query(`set auto_explain.log_min_duration = 0`);
await client.query(`set auto_explain.log_analyze = on`);
await client.query(`set auto_explain.log_buffers = on`);
await client.query(`set auto_explain.log_nested_statements = off`);
await client.query(`set auto_explain.log_level = notice`);
const originalQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
  statements += 1;
  return originalQuery(...args);
};
client.release();

const db = drizzle(pool, { schema }) as unknown as Db;
const storage = createDiskStorage({ dir: '/tmp/hourspace-search-plan' });
let result: Awaited<ReturnType<typeof searchSpaces>> | undefined;
for (let run = 0; run < 8; run += 1) {
  plans = [];
  statements = 0;
  result = await searchSpaces(db, storage, query);
}
// The statements of the search, not the SQL functions the planner runs to fold constants.
for (const plan of plans.filter((p) => !p.includes('string_agg(DISTINCT quote_literal(lexeme)')))
  console.log(`${plan}\n`);
console.log(
  `${statements} round trip(s); total ${result!.total}${result!.totalCapped ? '+' : ''}, ${result!.items.length} items`,
);
await pool.end();
