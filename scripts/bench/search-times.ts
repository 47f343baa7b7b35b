/**
 * `npx tsx scripts/bench/search-times.ts '<query string>' …` — how long each search takes on one
 * connection, with nothing else running: each runs 8 times to warm the cache and pass
 * PostgreSQL's five custom plans, then the mean of 10 runs is printed with the search's total.
 * Node's part (building the statement, reading its JSON) is included; for the database's part
 * alone, use search-plan.ts.
 *
 *   DATABASE_URL=postgres://…/hourspace_bench npx tsx scripts/bench/search-times.ts \
 *     'q=قاعة الواحة&city=riyadh' 'amenities=wifi,parking&city=jeddah'
 *
 * Run bench:api first to fill the database.
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
  console.error('search-times needs DATABASE_URL=postgres://… (a database bench:api filled)');
  process.exit(1);
}
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
const db = drizzle(pool, { schema }) as unknown as Db;
const storage = createDiskStorage({ dir: '/tmp/hourspace-search-times' });
for (const queryString of process.argv.slice(2)) {
  const query = spaceSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString)));
  for (let run = 0; run < 8; run += 1) await searchSpaces(db, storage, query);
  const started = performance.now();
  let total = 0;
  for (let run = 0; run < 10; run += 1) total = (await searchSpaces(db, storage, query)).total;
  const ms = ((performance.now() - started) / 10).toFixed(2);
  console.log(`${ms.padStart(8)} ms  ${String(total).padStart(5)}  ${queryString}`);
}
await pool.end();
