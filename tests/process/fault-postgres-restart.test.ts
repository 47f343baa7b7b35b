import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { jobs } from '#server/db/schema.ts';
import { createSpace, createUser, openAllDay } from '../fixtures/factories.ts';
import {
  call,
  removeDataDir,
  riyadhDate,
  signIn,
  startLiveApp,
  waitFor,
  type LiveApp,
} from '../support/live-app.ts';
import { startPgCluster, type PgCluster } from '../support/pg-cluster.ts';
import { stopServer } from '../support/spawn-server.ts';

/**
 * PostgreSQL stops under a load of reads, and starts again: /api/ready says "down" (503) while it
 * is down and "ready" again after, and the same app process — never restarted — serves reads,
 * takes a booking request and its worker sends the emails. The database is a private cluster
 * this test starts itself (never the machine's PostgreSQL), in both test passes.
 */
const PASSWORD = 'Pg#Restart2026';
const READERS = 4;

describe('PostgreSQL restarted under load', () => {
  let cluster: PgCluster | undefined;
  let database: Database | undefined;
  let app: LiveApp | undefined;
  let spaceId: string;
  let renterEmail: string;

  beforeAll(async () => {
    cluster = await startPgCluster();
    database = await openDatabase({ url: cluster.url, poolMax: 2 });
    await migrateDatabase(database, cluster.url);
    const db = database.db;
    const host = await createUser(db);
    renterEmail = (await createUser(db, { password: PASSWORD })).email;
    spaceId = (await createSpace(db, openAllDay(host.id))).id;
    for (let i = 0; i < 5; i += 1) await createSpace(db, { hostId: host.id, nameEn: `Room ${i}` });
    app = await startLiveApp(cluster.url);
  });
  afterAll(async () => {
    if (app) await stopServer(app.server);
    await removeDataDir(app);
    await database?.close();
    await cluster?.destroy();
  });

  it('reports not ready while it is down, then recovers without a restart', async () => {
    const live = app!;
    const pid = live.server.child.pid;
    const cookie = await signIn(live, renterEmail, PASSWORD);
    expect((await call(live, 'GET', '/api/ready')).status).toBe(200);

    // ── a load of reads: the explore list and a details page, each timed ──
    let stopped = false;
    const reads: { start: number; end: number; status: number }[] = [];
    const socketErrors: string[] = [];
    const reader = async (i: number) => {
      while (!stopped) {
        const start = performance.now();
        try {
          const url = i % 2 ? '/api/spaces?city=riyadh' : `/api/spaces/${spaceId}`;
          const { status } = await call(live, 'GET', url);
          reads.push({ start, end: performance.now(), status });
        } catch (error) {
          socketErrors.push(String(error)); // the app itself stopped answering
        }
      }
    };
    const load = Promise.all(Array.from({ length: READERS }, (_, i) => reader(i)));
    await waitFor('reads under way', () => reads.length >= 20);

    // ── PostgreSQL goes down ──
    const stoppingAt = performance.now();
    await cluster!.stop('fast');
    const down = await waitFor('/api/ready to report the database down', async () => {
      const res = await call(live, 'GET', '/api/ready');
      return res.status === 503 ? res : null;
    });
    expect(down.json).toEqual({ status: 'unavailable', database: 'down' });
    const downAt = performance.now();
    await waitFor(
      'reads while it is down',
      () => reads.filter((r) => r.start > downAt).length >= 10,
    );

    // ── and comes back: same process, no restart ──
    const startingAt = performance.now();
    await cluster!.start();
    const ready = await waitFor(
      '/api/ready to report ready again',
      async () => {
        const res = await call(live, 'GET', '/api/ready');
        return res.status === 200 ? res : null;
      },
      30_000,
    );
    expect(ready.json).toEqual({ status: 'ready', database: 'up' });
    const readyAt = performance.now();
    await waitFor(
      'reads after the restart',
      () => reads.filter((r) => r.start > readyAt).length >= 40,
    );
    stopped = true;
    await load;

    expect(live.server.child.exitCode).toBeNull();
    expect(live.server.child.pid).toBe(pid);
    expect(socketErrors).toEqual([]);
    const before = reads.filter((r) => r.end < stoppingAt);
    const whileDown = reads.filter((r) => r.start > downAt && r.end < startingAt);
    const after = reads.filter((r) => r.start > readyAt);
    const during = reads.filter((r) => r.end >= stoppingAt && r.start <= readyAt);
    console.info(
      `reads: ${before.length} before, ${whileDown.length} while down (all 503), ${after.length} after; ${during.length} overlapping the stop or start`,
    );
    expect([...new Set(before.map((r) => r.status))]).toEqual([200]);
    // While it is down a read is refused as unavailable — quickly, no hang, no crash, no 500…
    expect(whileDown.length).toBeGreaterThan(0);
    expect([...new Set(whileDown.map((r) => r.status))]).toEqual([503]);
    expect(during.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    // …and once it is back, every read works again.
    expect([...new Set(after.map((r) => r.status))]).toEqual([200]);

    // Writes work again, on the session made before the restart, and the worker sends the emails.
    const booked = await call(live, 'POST', '/api/bookings', {
      cookie,
      body: {
        spaceId,
        date: riyadhDate(9),
        startTime: '10:00',
        endTime: '11:00',
        guests: 2,
        contactPhone: '0512345678',
      },
    });
    expect(booked.status).toBe(201);
    await waitFor('the booking emails to be sent', async () => {
      const rows = await database!.db
        .select({ status: jobs.status })
        .from(jobs)
        .where(eq(jobs.kind, 'mail.send'));
      return rows.length >= 2 && rows.every((j) => j.status === 'done');
    });
  }, 120_000);
});
