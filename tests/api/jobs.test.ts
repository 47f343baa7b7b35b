import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { jobs } from '#server/db/schema.ts';
import { enqueueJob } from '#server/jobs/queue.ts';
import {
  createJobWorker,
  defaultBackoffMs,
  exponentialBackoffMs,
  type JobHandlers,
} from '#server/jobs/job-runner.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

describe('the durable job queue', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });
  beforeEach(async () => {
    await t.database.db.delete(jobs);
  });

  const db = () => t.database.db;
  const worker = (
    handlers: JobHandlers,
    extra: { workerId?: string; lockTimeoutMs?: number } = {},
  ) => createJobWorker({ db: db(), handlers, logger: silentLogger, backoffMs: () => 0, ...extra });

  it('never runs a job whose transaction rolled back', async () => {
    const ran: unknown[] = [];
    await expect(
      db().transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'test.record', payload: { n: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const count = await worker({ 'test.record': async (p: unknown) => void ran.push(p) }).runDue();
    expect(count).toBe(0);
    expect(ran).toEqual([]);
    expect(await db().select().from(jobs)).toHaveLength(0);
  });

  it('runs a committed job exactly once, even when its first attempt fails', async () => {
    await db().transaction(async (tx) => {
      await enqueueJob(tx, { kind: 'test.flaky', payload: { n: 7 } });
    });
    let attempts = 0;
    const delivered: unknown[] = [];
    const w = worker({
      'test.flaky': async (payload: unknown) => {
        attempts += 1;
        if (attempts === 1) throw new Error('SMTP said no');
        delivered.push(payload);
      },
    });
    await w.runDue(); // first attempt fails, retry is due at once (backoff 0)
    await w.runDue();
    await w.runDue(); // nothing left: it must not run again
    expect(attempts).toBe(2);
    expect(delivered).toEqual([{ n: 7 }]);
    const [row] = await db().select().from(jobs);
    expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('deduplicates by key', async () => {
    const first = await enqueueJob(db(), {
      kind: 'test.record',
      payload: 1,
      dedupeKey: 'booking-1-confirmed',
    });
    const second = await enqueueJob(db(), {
      kind: 'test.record',
      payload: 2,
      dedupeKey: 'booking-1-confirmed',
    });
    expect(first).toBeTypeOf('number');
    expect(second).toBeNull();
    expect(await db().select().from(jobs)).toHaveLength(1);
  });

  it('gives up after max attempts and keeps the last error', async () => {
    await enqueueJob(db(), { kind: 'test.broken', payload: null, maxAttempts: 3 });
    const w = worker({ 'test.broken': async () => Promise.reject(new Error('still down')) });
    for (let i = 0; i < 5; i += 1) await w.runDue();
    const [row] = await db().select().from(jobs);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'still down' });
  });

  it('does not run a job before its time', async () => {
    await enqueueJob(db(), {
      kind: 'test.record',
      payload: null,
      runAt: new Date(Date.now() + 60_000),
    });
    const ran: unknown[] = [];
    expect(await worker({ 'test.record': async (p: unknown) => void ran.push(p) }).runDue()).toBe(
      0,
    );
  });

  it('two workers never take the same job', async () => {
    for (let i = 0; i < 20; i += 1) await enqueueJob(db(), { kind: 'test.record', payload: i });
    const seen: number[] = [];
    const handlers = {
      'test.record': async (n: number) => {
        seen.push(n);
        await new Promise((r) => setTimeout(r, 2));
      },
    };
    await Promise.all([
      worker(handlers, { workerId: 'a' }).runDue(),
      worker(handlers, { workerId: 'b' }).runDue(),
    ]);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('requeues a job orphaned by a crashed worker', async () => {
    const id = await enqueueJob(db(), { kind: 'test.record', payload: 'x' });
    // A worker claimed it and died: running, locked long ago.
    await db()
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'dead',
        lockedAt: new Date(Date.now() - 3_600_000),
      })
      .where(eq(jobs.id, id!));
    const ran: unknown[] = [];
    const count = await worker(
      { 'test.record': async (p: unknown) => void ran.push(p) },
      { lockTimeoutMs: 60_000 },
    ).runDue();
    expect(count).toBe(1);
    expect(ran).toEqual(['x']);
  });

  it('looks for orphans again once its lock timeout has passed, not only at start', async () => {
    const id = await enqueueJob(db(), { kind: 'test.record', payload: 'late' });
    // Claimed a moment ago by a process that is about to die: not stale yet.
    await db()
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dying', lockedAt: new Date() })
      .where(eq(jobs.id, id!));
    const ran: unknown[] = [];
    const w = worker(
      { 'test.record': async (p: unknown) => void ran.push(p) },
      { lockTimeoutMs: 300 },
    );
    expect(await w.runDue()).toBe(0); // its first pass: the lock is still fresh
    const deadline = Date.now() + 10_000;
    while (ran.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      await w.runDue();
    }
    expect(ran).toEqual(['late']);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('renews the lock of a long job, so another worker never takes it over while it runs', async () => {
    const id = await enqueueJob(db(), { kind: 'test.slow', payload: 'slow' });
    let runs = 0;
    const slow = worker(
      {
        'test.slow': async () => {
          runs += 1;
          await new Promise((r) => setTimeout(r, 2_000)); // more than 6 lock timeouts
        },
      },
      { lockTimeoutMs: 300, workerId: 'slow' },
    );
    const other = worker(
      { 'test.slow': async () => void (runs += 1) },
      { lockTimeoutMs: 300, workerId: 'other' },
    );
    const running = slow.runDue();
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      await other.runDue();
    }
    await running;
    expect(runs).toBe(1);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('waits longer before each retry: WORKER_RETRY_BASE_MS, doubled, at most an hour', () => {
    const backoff = exponentialBackoffMs(200);
    expect([1, 2, 3, 4].map(backoff)).toEqual([200, 400, 800, 1_600]);
    expect(backoff(40)).toBe(3_600_000);
    expect(defaultBackoffMs(1)).toBe(5_000);
  });

  it('a started worker picks up new jobs and stops cleanly', async () => {
    const ran: unknown[] = [];
    const w = createJobWorker({
      db: db(),
      handlers: { 'test.record': async (p: unknown) => void ran.push(p) },
      logger: silentLogger,
      pollMs: 20,
    });
    w.start();
    await enqueueJob(db(), { kind: 'test.record', payload: 'live' });
    const deadline = Date.now() + 5_000;
    while (ran.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await w.stop();
    expect(ran).toEqual(['live']);
  });
});
