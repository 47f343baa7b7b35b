/**
 * `npm run bench:messages` — 500 connected people talking on HourSpace (issue 34).
 *
 * 1. A fresh PostgreSQL database (TEST_DATABASE_URL's server, else the machine's; dropped at the
 *    end) with BENCH_PAIRS (250) hosts, each with a space, and as many renters, each in a
 *    conversation with one host: 500 people.
 * 2. The real server (src/server/server.ts) as its own process, with Redis pub/sub when REDIS_URL
 *    is set (the live hub a deployment of several instances uses), the API limit raised (500
 *    people behind one address) and the per-sender message limit at its default (20 a minute).
 * 3. Each person signs in and opens the live stream (/api/messages/live, the web's own client);
 *    then for BENCH_SECONDS (60) each sends a message to their conversation every
 *    BENCH_SEND_EVERY_MS (6,000, jittered: 10 a minute, under the limit), stamped with its send
 *    time, and the other side's stream records its arrival.
 * Prints messages sent per second, deliveries per second, delivery time (send started → arrival
 * at the other side's stream) p50/p95/p99, errors (refused sends, network errors, streams that
 * dropped), missing deliveries, and the server's memory (RSS, sampled every second). Not a test:
 * record the figures in docs/benchmarks.md.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { conversations } from '../../src/server/db/schema.ts';
import type { LiveEvent } from '../../src/shared/schemas/messages.ts';
import { connectLive } from '../../src/web/features/messages/live-connection.ts';
import { createSpace, createUser } from '../../tests/fixtures/factories.ts';
import {
  call,
  createPostgresDatabase,
  removeDataDir,
  signIn,
  startLiveApp,
} from '../../tests/support/live-app.ts';
import { stopServer } from '../../tests/support/spawn-server.ts';
import { load } from './measure.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 250);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SEND_EVERY_MS = Number(process.env.BENCH_SEND_EVERY_MS ?? 6_000);
const PASSWORD = 'Bench#Messages2026';

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
};

async function main() {
  console.log(`load before: ${load()}`);
  const pgdb = await createPostgresDatabase();
  const db = pgdb.database.db;
  const people: { id: string; email: string; conversationId: string }[] = [];
  const made = Date.now();
  for (let i = 0; i < PAIRS; i += 1) {
    const host = await createUser(db, { password: PASSWORD });
    const renter = await createUser(db, { password: PASSWORD });
    const space = await createSpace(db, { hostId: host.id });
    const [c] = await db
      .insert(conversations)
      .values({ spaceId: space.id, renterId: renter.id, hostId: host.id })
      .returning();
    people.push({ id: host.id, email: host.email, conversationId: c!.id });
    people.push({ id: renter.id, email: renter.email, conversationId: c!.id });
  }
  console.log(`${people.length} people in ${PAIRS} conversations (${Date.now() - made} ms)`);

  const redisUrl = process.env.REDIS_URL;
  const app = await startLiveApp(pgdb.url, {
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    WORKER: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_MAX: '20',
    ...(redisUrl
      ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `hs-bench:${randomUUID().slice(0, 8)}:` }
      : {}),
  });
  const pid = app.server.child.pid!;
  const memory: number[] = [rssMb(pid)];
  console.log(`server up, RSS ${memory[0]} MB; hub: ${redisUrl ? 'Redis' : 'in-process'}`);

  const cookies = new Map<string, string>();
  for (let i = 0; i < people.length; i += 25)
    await Promise.all(
      people
        .slice(i, i + 25)
        .map(async (p) => cookies.set(p.id, await signIn(app, p.email, PASSWORD))),
    );

  const delivery: number[] = [];
  const expected = new Map<string, number>(); // body → send start
  let delivered = 0;
  let dropped = 0;
  let connected = 0;
  const streams = people.map((p) =>
    connectLive({
      url: `${app.server.url}/api/messages/live`,
      headers: { cookie: cookies.get(p.id)! },
      onStatus: (up) => {
        if (up) connected += 1;
        else {
          connected -= 1;
          dropped += 1;
        }
      },
      onEvent: (event: LiveEvent) => {
        if (event.type !== 'message' || event.message.senderId === p.id) return;
        const sentAt = expected.get(event.message.body);
        if (sentAt === undefined) return;
        delivery.push(performance.now() - sentAt);
        delivered += 1;
      },
    }),
  );
  const openStart = Date.now();
  while (connected < people.length && Date.now() - openStart < 60_000)
    await new Promise((r) => setTimeout(r, 200));
  console.log(`${connected} streams open in ${Date.now() - openStart} ms; RSS ${rssMb(pid)} MB`);
  memory.push(rssMb(pid));

  let sent = 0;
  const errors = new Map<string, number>();
  const fail = (why: string) => errors.set(why, (errors.get(why) ?? 0) + 1);
  const sampler = setInterval(() => memory.push(rssMb(pid)), 1_000);
  const started = Date.now();
  const until = started + SECONDS * 1_000;
  await Promise.all(
    people.map(async (p, i) => {
      await new Promise((r) => setTimeout(r, (i / people.length) * SEND_EVERY_MS));
      let n = 0;
      while (Date.now() < until) {
        const body = `bench ${p.id.slice(0, 8)} ${n++} ${randomUUID().slice(0, 6)}`;
        expected.set(body, performance.now());
        try {
          const res = await call(app, 'POST', `/api/conversations/${p.conversationId}/messages`, {
            cookie: cookies.get(p.id)!,
            body: { body },
          });
          if (res.status === 201) sent += 1;
          else fail(`${res.status} ${(res.json as { error?: { code?: string } }).error?.code}`);
        } catch (error) {
          fail((error as Error).name);
        }
        await new Promise((r) => setTimeout(r, SEND_EVERY_MS * (0.75 + Math.random() * 0.5)));
      }
    }),
  );
  const seconds = (Date.now() - started) / 1_000;
  await new Promise((r) => setTimeout(r, 2_000)); // the last deliveries
  clearInterval(sampler);

  console.log(`\n${SECONDS} s, ${people.length} streams, load after: ${load()}`);
  console.log(`sent: ${sent} (${(sent / seconds).toFixed(1)}/s)`);
  console.log(
    `delivered: ${delivered} (${(delivered / seconds).toFixed(1)}/s), missing: ${sent - delivered}`,
  );
  const sorted = [...delivery].sort((a, b) => a - b);
  const at = (q: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN).toFixed(0);
  console.log(
    `delivery: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
  console.log(`errors: ${JSON.stringify(Object.fromEntries(errors))}; streams dropped: ${dropped}`);
  console.log(
    `server RSS: start ${memory[0]} MB, streams open ${memory[1]} MB, peak ${Math.max(...memory)} MB, end ${memory.at(-1)} MB`,
  );

  for (const s of streams) s.close();
  await stopServer(app.server);
  await removeDataDir(app);
  await pgdb.drop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
