import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { SWEEP_JOB, type SweepJob } from './job-kinds.ts';
import { enqueueJob } from './queue.ts';

/**
 * Periodic sweeps on the durable queue (docs/decisions/031-periodic-sweeps.md). A sweep is work
 * that looks for due rows and handles each one ("expire the requests whose time is up"). Every
 * worker, on every poll, makes sure the sweep's job of the current period exists: the job's
 * dedupe key names the sweep and the period (`sweep:expire-requests:29461035`), so however many
 * workers plan it, the period has one job, and the queue's `SKIP LOCKED` claim gives it to one
 * worker. A sweep must still be safe to run twice at once (a job orphaned by a dead worker is
 * run again; a slow run can meet the next period's): each due item is taken by a compare-and-swap
 * (`transitionBooking`'s `… where status = <from>`) or a row lock, never by the sweep's turn.
 *
 * To add one: write `(db, now) => Promise<unknown>` in its feature and list it in
 * `periodicSweeps` (src/server/job-wiring.ts). No second scheduler service; nothing to run
 * besides the workers.
 */
export interface PeriodicSweep {
  /** Stable and unique: part of the job's dedupe key. */
  name: string;
  /** How often it runs (the period of its dedupe key). */
  everyMs: number;
  /** Handles what is due at `now`; owns its transactions. Returns what it handled, for the log. */
  run(db: Db, now: Date): Promise<unknown>;
}

/** The period `nowMs` falls in, as its start in ms. */
export const periodStart = (everyMs: number, nowMs: number) =>
  Math.floor(nowMs / everyMs) * everyMs;

/** Done sweep jobs are kept this long (the queue's history), then removed by the next run. */
const KEEP_DONE_SWEEPS_MS = 24 * 60 * 60 * 1000;

/**
 * Queues the current period's job of each sweep, once per period per process (the dedupe key
 * makes it once per period across processes). Cheap enough for every poll: a process inserts
 * only when its period changes.
 */
export function createSweepPlanner(db: Db, sweeps: readonly PeriodicSweep[]) {
  const planned = new Map<string, number>();
  return {
    async planDue(nowMs = Date.now()): Promise<void> {
      for (const sweep of sweeps) {
        const period = periodStart(sweep.everyMs, nowMs);
        if (planned.get(sweep.name) === period) continue;
        await enqueueJob(db, {
          kind: SWEEP_JOB,
          payload: { name: sweep.name, period } satisfies SweepJob,
          dedupeKey: `sweep:${sweep.name}:${period / sweep.everyMs}`,
          runAt: new Date(period),
          // A sweep that fails is retried, but the next period's run does the same work anyway.
          maxAttempts: 3,
        });
        planned.set(sweep.name, period);
      }
    },
  };
}

/** The job handler that runs a planned sweep by name. */
export function sweepHandler(db: Db, sweeps: readonly PeriodicSweep[]) {
  return async (job: SweepJob) => {
    const sweep = sweeps.find((s) => s.name === job.name);
    if (!sweep) throw new Error(`no periodic sweep named "${job.name}"`);
    await sweep.run(db, new Date());
    await db
      .delete(jobs)
      .where(
        and(
          eq(jobs.kind, SWEEP_JOB),
          eq(jobs.status, 'done'),
          lt(jobs.finishedAt, sql`now() - make_interval(secs => ${KEEP_DONE_SWEEPS_MS / 1000})`),
        ),
      );
  };
}
