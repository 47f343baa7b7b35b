/**
 * `npm run bench:load` — 200 people using HourSpace at once (issue 9).
 *
 * 1. Migrates the PostgreSQL database in DATABASE_URL and fills it, idempotently: the demo data,
 *    a catalogue of BENCH_SPACES (2,000) generated approved spaces, and one renter account per
 *    virtual user. Pending requests left by an earlier run are removed, with their queued emails.
 * 2. Starts the real server in production mode (src/server/server.ts) on BENCH_PORT (4300) with
 *    TRUST_PROXY=1 and the normal API rate limit (600 per minute per address); every virtual user
 *    sends its own X-Forwarded-For address, as 200 people behind one proxy would.
 * 3. Signs every virtual user in through the real API, then runs BENCH_VUS (200) of them for
 *    BENCH_SECONDS (60). Each repeats: search the explore page (a mix of filters, words, sorts
 *    and "load more"), open one result (details, then the availability of a day it is open),
 *    and in 10% of these visits request a booking in a free slot of that day — then starts over.
 *    Between two requests a person reads and clicks: a think time drawn uniformly from
 *    0.5–2 s (BENCH_THINK_MIN_MS / BENCH_THINK_MAX_MS).
 * Prints requests/s, p50/p95/p99 overall and per request kind, and every error: network errors,
 * timeouts (5 s) and any status other than the one expected (200; 201 for a booking — slots are
 * chosen free, so a 409 is an error too). Not a test: nothing fails on a slow machine, but the
 * script exits non-zero when the server does not start. Record the figures in docs/benchmarks.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { AMENITIES, CITIES, SPACE_TYPES, type Day } from '../../src/shared/constants.ts';
import { riyadhToday, weekdayOf } from '../../src/shared/domain/riyadh-calendar.ts';
import type { Availability, MyBooking } from '../../src/shared/schemas/booking.ts';
import type { SpaceDetails, SpaceSearchResult } from '../../src/shared/schemas/spaces.ts';
import { hashPassword } from '../../src/server/users/password-hash.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { loadConfig } from '../../src/server/env.ts';
import { openRuntime } from '../../src/server/runtime.ts';
import { DEVELOPMENT_BUSINESS_VARIABLES } from '../../src/server/business-identity.ts';
import { insertCatalogue } from './catalogue.ts';

const SPACES = Number(process.env.BENCH_SPACES ?? 2_000);
const VUS = Number(process.env.BENCH_VUS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THINK_MIN_MS = Number(process.env.BENCH_THINK_MIN_MS ?? 500);
const THINK_MAX_MS = Number(process.env.BENCH_THINK_MAX_MS ?? 2_000);
const BOOKING_SHARE = 0.1;
const TIMEOUT_MS = 5_000;
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const BASE = `http://127.0.0.1:${PORT}`;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('bench:load needs DATABASE_URL=postgres://… (a database it may fill)');
  process.exit(1);
}
const root = fileURLToPath(new URL('../..', import.meta.url));
const DATA_DIR = `${root}/data/bench-load`;
const HOST_EMAIL = 'load-host@hourspace.test';
const RENTER_PASSWORD = 'Load#Bench2026';
const AUTH_SECRET = process.env.AUTH_SECRET ?? randomUUID() + randomUUID();
const renterEmail = (i: number) => `load-renter-${i}@hourspace.test`;
/** One address per person: 10.77.x.y, behind the one trusted proxy hop. */
const addressOf = (i: number) => `10.77.${Math.floor(i / 250)}.${1 + (i % 250)}`;

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

// ── data ──

async function seed() {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    // a bench, not a deployment: the labelled development identity
    ...DEVELOPMENT_BUSINESS_VARIABLES,
    ALLOW_HTTP_PUBLIC_URL: 'true',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '2',
    DATA_DIR,
    LOG_LEVEL: 'warn',
    AUTH_SECRET,
  });
  const logger = pino({ level: 'warn' });
  const runtime = await openRuntime(config, logger); // migrates
  const db = runtime.database.db;
  try {
    const demo = await seedDemoData({ db, storage: runtime.storage, logger });
    if (demo.seeded) console.log(`seeded the demo data (${demo.spaces} spaces)`);

    await db.execute(sql`insert into users (id, name, full_name, email, email_verified, locale)
      values (${randomUUID()}, 'Load host', 'Load host', ${HOST_EMAIL}, true, 'ar')
      on conflict do nothing`);
    const [host] = rowsOf(await db.execute(sql`select id from users where email = ${HOST_EMAIL}`));
    const hostId = String(host!.id);
    const [have] = rowsOf(
      await db.execute(sql`select count(*)::int as n from spaces where host_id = ${hostId}`),
    );
    const existing = Number(have?.n ?? 0);
    if (existing < SPACES) {
      const started = Date.now();
      await db.transaction((tx) =>
        insertCatalogue(tx, {
          hostId,
          from: existing + 1,
          to: SPACES,
          phoneBase: 60_000_000,
          emailPrefix: 'load-host',
        }),
      );
      console.log(
        `seeded ${SPACES - existing} catalogue spaces in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }

    // One renter per virtual user, all with one password hash (hashing 200 times proves nothing).
    const [renters] = rowsOf(
      await db.execute(
        sql`select count(*)::int as n from users where email like 'load-renter-%@hourspace.test'`,
      ),
    );
    if (Number(renters?.n ?? 0) < VUS) {
      const hash = await hashPassword(RENTER_PASSWORD);
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into users (id, name, full_name, email, email_verified, locale)
          select gen_random_uuid()::text, 'Load renter ' || g, 'Load renter ' || g,
            'load-renter-' || g || '@hourspace.test', true, case when g % 2 = 0 then 'en' else 'ar' end
          from generate_series(0, ${VUS - 1}) g
          on conflict do nothing`);
        await tx.execute(sql`
          insert into accounts (id, account_id, provider_id, user_id, password)
          select gen_random_uuid()::text, u.id, 'credential', u.id, ${hash}
          from users u where u.email like 'load-renter-%@hourspace.test'
            and not exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential')`);
      });
    }

    // A fresh start: the requests and queued emails of an earlier run go.
    await db.transaction(async (tx) => {
      const renterBookings = sql`select b.id::text from bookings b join users u on u.id = b.renter_id
        where u.email like 'load-renter-%@hourspace.test'`;
      await tx.execute(
        sql`delete from jobs where split_part(dedupe_key, '-', 1) = 'booking'
          and substr(dedupe_key, 9, 36) in (${renterBookings})`,
      );
      await tx.execute(sql`delete from bookings where id::text in (${renterBookings})`);
      await tx.execute(sql`delete from sessions where user_id in
        (select id from users where email like 'load-renter-%@hourspace.test')`);
    });
    await db.execute(sql`vacuum analyze`);
  } finally {
    await runtime.close();
  }
}

// ── the server ──

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
      PUBLIC_URL: BASE,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '1',
      SEED_DEMO_DATA: 'false',
      // The job worker runs as its own process in production (`npm run worker`); queued
      // emails wait in the jobs table here.
      WORKER: 'false',
      LOG_LEVEL: 'warn',
      AUTH_SECRET,
      DATA_DIR,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`${BASE}/api/ready`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  if (child.pid && !exited) process.kill(-child.pid, 'SIGTERM');
  throw new Error(exited ? 'the server exited while starting' : 'the server did not start in 60 s');
}

// ── measuring ──

type Kind =
  'search' | 'search: words' | 'search: load more' | 'details' | 'availability' | 'booking';
const KINDS: Kind[] = [
  'search',
  'search: words',
  'search: load more',
  'details',
  'availability',
  'booking',
];
const times = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
/** Errors by kind, then by what went wrong ("409 BOOKING_OVERLAP", "timeout (5000 ms)", …). */
const errors = new Map<Kind, Map<string, number>>(KINDS.map((k) => [k, new Map()]));
let measuring = false;

function noteError(kind: Kind, what: string) {
  if (!measuring) return;
  const byWhat = errors.get(kind)!;
  byWhat.set(what, (byWhat.get(what) ?? 0) + 1);
}

interface Person {
  index: number;
  address: string;
  cookie: string;
  lang: 'ar' | 'en';
}

/** One request as the person's browser sends it; null when it failed (counted as an error). */
async function call<T>(
  person: Person,
  kind: Kind,
  path: string,
  expected: number,
  body?: object,
): Promise<T | null> {
  const started = performance.now();
  try {
    const res = await fetch(`${BASE}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        'x-forwarded-for': person.address,
        'accept-language': person.lang,
        'accept-encoding': 'br, gzip',
        ...(person.cookie ? { cookie: person.cookie } : {}),
        ...(body ? { 'content-type': 'application/json', origin: BASE } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (measuring) times.get(kind)!.push(performance.now() - started);
    if (res.status !== expected) {
      let code = '';
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? '';
      } catch {
        /* not JSON */
      }
      noteError(kind, `${res.status}${code ? ` ${code}` : ''}`);
      return null;
    }
    return JSON.parse(text) as T;
  } catch (error) {
    const name = (error as Error).name;
    noteError(kind, name === 'TimeoutError' ? `timeout (${TIMEOUT_MS} ms)` : `network ${name}`);
    return null;
  }
}

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;
const chance = (p: number) => Math.random() < p;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(THINK_MIN_MS + Math.random() * (THINK_MAX_MS - THINK_MIN_MS));

const today = riyadhToday();
/** The next `days` dates after today (Riyadh): nobody books today's passing hours here. */
function nextDates(days: number): string[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d + 1 + i)).toISOString().slice(0, 10),
  );
}
const DATES = nextDates(30);
const WORDS = ['قاعة', 'استوديو', 'الواحة', 'النخبة', 'Studio', 'Oasis', 'falcon', 'meeting'];
const SORTS = ['recommended', 'newest', 'price_asc', 'price_desc', 'capacity'];

/** What people filter by on the explore page, roughly as often as they would. */
function searchQuery(): { query: URLSearchParams; words: boolean } {
  const q = new URLSearchParams();
  const roll = Math.random();
  if (roll < 0.15) {
    /* the explore page as it opens */
  } else if (roll < 0.4) {
    q.set('city', pick(CITIES));
    if (chance(0.6)) q.set('type', pick(SPACE_TYPES));
  } else if (roll < 0.6) {
    q.set('date', pick(DATES));
    q.set('guests', String(pick([2, 5, 10, 20, 50, 100])));
    if (chance(0.5)) q.set('city', pick(CITIES));
  } else if (roll < 0.75) {
    const min = pick([50, 100, 200, 400]); // riyals, as the price filter's fields
    q.set('minPrice', String(min));
    q.set('maxPrice', String(min + pick([100, 300, 600])));
    if (chance(0.5)) q.set('amenities', pick(AMENITIES));
  } else {
    q.set('q', pick(WORDS));
    if (chance(0.3)) q.set('city', pick(CITIES));
  }
  if (chance(0.3)) q.set('sort', pick(SORTS));
  return { query: q, words: q.has('q') };
}

/** A free slot of `length` minutes in the day, on the half-hour grid; null when none. */
function freeSlot(
  day: Availability,
  length: number,
): { startTime: string; endTime: string } | null {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const hhmm = (n: number) =>
    `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
  const opens = minutes(day.opensAt);
  const closes = minutes(day.closesAt);
  const starts: number[] = [];
  for (let s = opens; s + length <= closes; s += 30) {
    const free = day.busy.every(
      (b) => s + length <= minutes(b.startTime) || s >= minutes(b.endTime),
    );
    if (free) starts.push(s);
  }
  if (starts.length === 0) return null;
  const start = pick(starts);
  return { startTime: hhmm(start), endTime: hhmm(start + length) };
}

/** One visit: search (maybe "load more"), open a result, look at a day, sometimes book. */
async function visit(person: Person, until: number) {
  const { query, words } = searchQuery();
  const page = await call<SpaceSearchResult>(
    person,
    words ? 'search: words' : 'search',
    `/api/spaces?${query}`,
    200,
  );
  if (!page || Date.now() >= until) return;
  let items = page.items;
  if (page.nextCursor && chance(0.25)) {
    await think();
    query.set('cursor', page.nextCursor);
    const more = await call<SpaceSearchResult>(
      person,
      'search: load more',
      `/api/spaces?${query}`,
      200,
    );
    if (more?.items.length) items = more.items;
  }
  if (items.length === 0 || Date.now() >= until) return;

  await think();
  const space = await call<SpaceDetails>(person, 'details', `/api/spaces/${pick(items).id}`, 200);
  if (!space || Date.now() >= until) return;
  const open = DATES.filter((d) => space.availableDays.includes(weekdayOf(d) as Day));
  if (open.length === 0) return;
  await think();
  const date = pick(open);
  const day = await call<Availability>(
    person,
    'availability',
    `/api/spaces/${space.id}/availability?date=${date}`,
    200,
  );
  if (!day || !chance(BOOKING_SHARE) || Date.now() >= until) return;

  const slot = freeSlot(day, pick([60, 90, 120, 180]));
  if (!slot) return;
  await think();
  await call<MyBooking>(person, 'booking', '/api/bookings', 201, {
    spaceId: space.id,
    date,
    ...slot,
    guests: 1 + Math.floor(Math.random() * Math.min(space.capacity, 20)),
    contactPhone: `05${String(10_000_000 + person.index).padStart(8, '0')}`,
  });
}

async function signIn(person: Person): Promise<void> {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: BASE,
      'x-forwarded-for': person.address,
    },
    body: JSON.stringify({ email: renterEmail(person.index), password: RENTER_PASSWORD }),
  });
  const cookies = res.headers.getSetCookie();
  const session = cookies.find((c) => c.split('=')[0]!.endsWith('session_token'));
  if (res.status !== 200 || !session) {
    throw new Error(`sign-in of ${renterEmail(person.index)} failed: ${res.status}`);
  }
  person.cookie = session.split(';')[0]!;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).trim();

async function main() {
  await seed();
  const server = await startServer();
  try {
    const people: Person[] = Array.from({ length: VUS }, (_, index) => ({
      index,
      address: addressOf(index),
      cookie: '',
      lang: index % 2 === 0 ? 'en' : 'ar',
    }));
    // Sign in 8 at a time (scrypt is deliberately slow); not measured.
    for (let i = 0; i < people.length; i += 8) {
      await Promise.all(people.slice(i, i + 8).map(signIn));
    }
    // Warm up (JIT, plan caches) with a few visits, not measured.
    await Promise.all(people.slice(0, 10).map((p) => visit(p, Date.now() + 5_000)));

    const loadBefore = await loadAverage();
    // How late this process's own timers ran: when the two cores are busy, the load generator
    // waits for a CPU too, and every latency it measures includes that wait.
    const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
    generatorDelay.enable();
    measuring = true;
    const started = Date.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      people.map(async (person) => {
        await sleep(Math.random() * THINK_MAX_MS); // people arrive spread out, not in one burst
        while (Date.now() < until) {
          await visit(person, until);
          await think();
        }
      }),
    );
    measuring = false;
    generatorDelay.disable();
    const elapsed = (Date.now() - started) / 1000;
    const loadAfter = await loadAverage();

    const all = KINDS.flatMap((k) => times.get(k)!).sort((a, b) => a - b);
    const errorsOf = (kind?: Kind) =>
      (kind ? [kind] : KINDS).reduce(
        (n, k) => n + [...errors.get(k)!.values()].reduce((a, b) => a + b, 0),
        0,
      );
    const errorRows = KINDS.flatMap((kind) =>
      [...errors.get(kind)!].map(([what, count]) => ({ kind, error: what, count })),
    );
    const row = (name: string, sorted: number[], errorCount: number) => ({
      kind: name,
      requests: sorted.length,
      'req/s': Math.round((sorted.length / elapsed) * 10) / 10,
      'p50 ms': Math.round(percentile(sorted, 50)),
      'p95 ms': Math.round(percentile(sorted, 95)),
      'p99 ms': Math.round(percentile(sorted, 99)),
      'max ms': Math.round(sorted.at(-1) ?? NaN),
      errors: errorCount,
    });
    console.log(
      `${VUS} virtual users, ${elapsed.toFixed(1)} s, think time ${THINK_MIN_MS}–${THINK_MAX_MS} ms; ${SPACES} catalogue spaces`,
    );
    console.table([
      row('all', all, errorsOf()),
      ...KINDS.map((k) =>
        row(
          k,
          times.get(k)!.sort((a, b) => a - b),
          errorsOf(k),
        ),
      ),
    ]);
    if (errorRows.length > 0) console.table(errorRows);
    else console.log('errors: none');
    // The histogram holds the time between two 10 ms ticks: what is over 10 ms is lateness.
    const lateMs = (ns: number) => Math.max(0, Math.round(ns / 1e6 - 10));
    console.log(
      `load generator's timers late by: p50 ${lateMs(generatorDelay.percentile(50))} ms, p99 ${lateMs(generatorDelay.percentile(99))} ms, max ${lateMs(generatorDelay.max)} ms`,
    );
    console.log(`load average before: ${loadBefore}`);
    console.log(`load average after:  ${loadAfter}`);
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
