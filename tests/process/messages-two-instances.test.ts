import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaces } from '#server/db/schema.ts';
import type { LiveEvent, Message } from '#shared/schemas/messages.ts';
import { connectLive } from '#web/features/messages/live-connection.ts';
import { createSpace, createUser } from '../fixtures/factories.ts';
import {
  call,
  createPostgresDatabase,
  removeDataDir,
  signIn,
  startLiveApp,
  type LiveApp,
  type PostgresDatabase,
} from '../support/live-app.ts';
import { stopServer } from '../support/spawn-server.ts';

/**
 * Live messages across instances (issue 34): two app processes on one PostgreSQL and one Redis.
 * A message sent through instance A reaches a client connected to instance B in under a second;
 * a client whose connection to B is cut and restored receives what it missed, in order, once.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Live#Messages2026';

/** A TCP relay in front of an instance, so a test can cut the client's connection and restore it. */
function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    listen,
    url: () => `http://127.0.0.1:${port}`,
    async cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}

describe('live messages across two instances', () => {
  const prefix = `hs-test:${process.pid}:${randomUUID().slice(0, 8)}:`;
  let pgdb: PostgresDatabase;
  let redis: Redis;
  const apps: LiveApp[] = [];
  let renterCookie: { a: string; b: string };
  let hostCookie: string;
  let conversationId: string;

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    const db = pgdb.database.db;
    const host = await createUser(db, { password: PASSWORD });
    const renter = await createUser(db, { password: PASSWORD });
    const space = await createSpace(db, { hostId: host.id });
    await db.update(spaces).set({ contactPrivate: true }).where(eq(spaces.id, space.id));
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, WORKER: 'false' };
    apps.push(...(await Promise.all([startLiveApp(pgdb.url, env), startLiveApp(pgdb.url, env)])));
    renterCookie = {
      a: await signIn(apps[0]!, renter.email, PASSWORD),
      b: await signIn(apps[1]!, renter.email, PASSWORD),
    };
    hostCookie = await signIn(apps[0]!, host.email, PASSWORD);
    const asked = await call(apps[0]!, 'POST', `/api/spaces/${space.id}/conversation`, {
      cookie: renterCookie.a,
      body: { body: 'هل يوجد مواقف؟' },
    });
    expect(asked.status).toBe(201);
    conversationId = (asked.json as { message: Message }).message.conversationId;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => stopServer(a.server)));
    await Promise.all(apps.map((a) => removeDataDir(a)));
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await pgdb?.drop();
  }, 180_000);

  const hostSends = async (body: string) => {
    const res = await call(apps[0]!, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: hostCookie,
      body: { body },
    });
    expect(res.status).toBe(201);
    return (res.json as { message: Message }).message;
  };

  it('delivers a message sent on instance A to a client of instance B in under a second', async () => {
    const arrivals = new Map<number, number>();
    let connected = false;
    const live = connectLive({
      url: `${apps[1]!.server.url}/api/messages/live`,
      headers: { cookie: renterCookie.b },
      onEvent: (e: LiveEvent) => {
        if (e.type === 'message') arrivals.set(e.message.id, performance.now());
      },
      onStatus: (up) => (connected = up),
    });
    try {
      await expect.poll(() => connected, { timeout: 10_000 }).toBe(true);
      for (let i = 0; i < 5; i += 1) {
        const sentAt = performance.now();
        const m = await hostSends(`نعم، مواقف لـ ${20 + i} سيارة`);
        await expect.poll(() => arrivals.has(m.id), { timeout: 1_000, interval: 10 }).toBe(true);
        expect(arrivals.get(m.id)! - sentAt).toBeLessThan(1_000);
      }
    } finally {
      live.close();
    }
  });

  it('gives a client whose connection was cut what it missed, in order, once', async () => {
    const proxy = relay(new URL(apps[1]!.server.url));
    await proxy.listen();
    const received: number[] = [];
    let connected = false;
    let connects = 0;
    const live = connectLive({
      url: `${proxy.url()}/api/messages/live`,
      headers: { cookie: renterCookie.b },
      onEvent: (e) => {
        if (e.type === 'message' && e.message.conversationId === conversationId)
          received.push(e.message.id);
      },
      onStatus: (up) => {
        connected = up;
        if (up) connects += 1;
      },
    });
    try {
      await expect.poll(() => connected, { timeout: 10_000 }).toBe(true);
      const before = await hostSends('قبل الانقطاع');
      await expect.poll(() => received.includes(before.id), { timeout: 3_000 }).toBe(true);
      await proxy.cut();
      await expect.poll(() => connected, { timeout: 5_000 }).toBe(false);
      const missed: number[] = [];
      for (let i = 0; i < 6; i += 1) missed.push((await hostSends(`أثناء الانقطاع ${i}`)).id);
      await proxy.listen();
      await expect.poll(() => connects, { timeout: 20_000 }).toBe(2);
      await expect
        .poll(() => missed.every((id) => received.includes(id)), { timeout: 5_000 })
        .toBe(true);
      const after = await hostSends('بعد العودة');
      await expect.poll(() => received.includes(after.id), { timeout: 3_000 }).toBe(true);
      const tail = received.slice(received.indexOf(before.id));
      expect(tail).toEqual([before.id, ...missed, after.id]);
      expect(new Set(received).size).toBe(received.length);
    } finally {
      live.close();
      await proxy.cut().catch(() => {});
    }
  }, 60_000);
});
