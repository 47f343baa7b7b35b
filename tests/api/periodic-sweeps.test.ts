import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '#server/adapters/logger.ts';
import { jobs } from '#server/db/schema.ts';
import { SWEEP_JOB } from '#server/jobs/job-kinds.ts';
import { createSweepPlanner, sweepHandler, type PeriodicSweep } from '#server/jobs/sweeps.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * The periodic sweeps on the job queue (src/server/jobs/sweeps.ts, decision 031): however many
 * workers plan a sweep, each period has one job, run by one of them.
 */
describe('periodic sweeps', () => {
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

  const counting = (everyMs: number) => {
    const runs: Date[] = [];
    const sweep: PeriodicSweep = {
      name: 'count',
      everyMs,
      run: async (_db, now) => void runs.push(now),
    };
    return { runs, sweep };
  };

  const workerWith = (sweeps: PeriodicSweep[]) =>
    createJobWorker({
      db: db(),
      handlers: { [SWEEP_JOB]: sweepHandler(db(), sweeps) },
      logger: silentLogger,
      sweeps,
    });

  it('runs a sweep once a period, with four workers planning and polling it at once', async () => {
    const { runs, sweep } = counting(60 * 60 * 1000);
    const workers = Array.from({ length: 4 }, () => workerWith([sweep]));
    await Promise.all(workers.map((w) => w.runDue()));
    await Promise.all(workers.map((w) => w.runDue()));
    expect(runs).toHaveLength(1);
    const rows = await db().select().from(jobs).where(eq(jobs.kind, SWEEP_JOB));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'done', attempts: 1 });
    expect(rows[0]!.dedupeKey).toMatch(/^sweep:count:\d+$/);
  });

  it('plans the next period when it comes, from any worker', async () => {
    const { sweep } = counting(1000);
    const a = createSweepPlanner(db(), [sweep]);
    const b = createSweepPlanner(db(), [sweep]);
    const t0 = 1_800_000_000_000;
    await a.planDue(t0);
    await b.planDue(t0 + 400); // same period: nothing new
    await b.planDue(t0 + 1000); // next period
    await a.planDue(t0 + 1500);
    const keys = (await db().select().from(jobs)).map((j) => j.dedupeKey).sort();
    expect(keys).toEqual([`sweep:count:${t0 / 1000}`, `sweep:count:${t0 / 1000 + 1}`]);
  });

  it('fails a job of a sweep nobody knows (a renamed sweep), without touching the others', async () => {
    const { runs, sweep } = counting(60_000);
    await createSweepPlanner(db(), [{ ...sweep, name: 'gone' }]).planDue();
    const w = createJobWorker({
      db: db(),
      handlers: { [SWEEP_JOB]: sweepHandler(db(), [sweep]) },
      logger: silentLogger,
      backoffMs: () => 0,
    });
    for (let i = 0; i < 4; i += 1) await w.runDue();
    const [row] = await db().select().from(jobs);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row!.lastError).toContain('no periodic sweep named "gone"');
    expect(runs).toEqual([]);
  });
});
