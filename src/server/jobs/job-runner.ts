import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Logger } from '../adapters/logger.ts';
import type { Db } from '../db/client.ts';
import { createSweepPlanner, type PeriodicSweep } from './sweeps.ts';

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export type JobHandler = (payload: never, job: ClaimedJob) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export interface JobWorkerOptions {
  db: Db;
  handlers: JobHandlers;
  logger: Logger;
  pollMs?: number;
  /** Delay before retry number `attempt` (1 = after the first failure). */
  backoffMs?: (attempt: number) => number;
  /**
   * A job whose lock was not renewed for this long is taken to be orphaned by a crashed process.
   * The worker running a job renews its lock (a heartbeat) every third of it, so a long job is
   * never taken over while its worker lives.
   */
  lockTimeoutMs?: number;
  workerId?: string;
  /**
   * The periodic sweeps this worker plans (jobs/sweeps.ts): each poll queues the current period's
   * job of each, once across all workers. Their handler is in `handlers`.
   */
  sweeps?: readonly PeriodicSweep[];
}

/** WORKER_LOCK_TIMEOUT_MS's default: a minute without a heartbeat and the job is retried. */
export const DEFAULT_LOCK_TIMEOUT_MS = 60_000;

/** base, 2×base, 4×base … capped at one hour: a mail server that is down for a while is retried. */
export const exponentialBackoffMs =
  (baseMs: number) =>
  (attempt: number): number =>
    Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);

/** 5 s, 10 s, 20 s … capped at one hour (WORKER_RETRY_BASE_MS sets the first step). */
export const defaultBackoffMs = exponentialBackoffMs(5_000);

export interface JobWorker {
  readonly id: string;
  start(): void;
  /** Finishes the job in hand, then stops. */
  stop(): Promise<void>;
  /** Poll now instead of at the next tick. */
  wake(): void;
  /** Runs due jobs until none is left; returns how many ran (tests and `npm run worker`). */
  runDue(): Promise<number>;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * The job worker of the durable queue (docs/decisions/001-jobs-table.md): the loop a process runs
 * (server.ts, or worker-process.ts for `npm run worker`; both build it in job-wiring.ts).
 * Claiming is one UPDATE over `FOR UPDATE SKIP LOCKED`, so any number of workers in any number of
 * processes take turns without taking the same job. A handler runs outside any transaction;
 * success marks the job done, failure schedules a retry with backoff until `max_attempts`, then
 * marks it failed.
 */
export function createJobWorker(opts: JobWorkerOptions): JobWorker {
  const id = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = opts.pollMs ?? 1_000;
  const backoff = opts.backoffMs ?? defaultBackoffMs;
  const lockTimeoutMs = opts.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
  const heartbeatMs = Math.max(100, Math.floor(lockTimeoutMs / 3));
  const log = opts.logger;

  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let lastReclaim = 0;
  // Look for orphans twice per lock timeout (at most every 15 s), so a job left by a killed
  // process is retried within about 1.5 lock timeouts.
  const reclaimEveryMs = Math.min(15_000, Math.max(100, lockTimeoutMs / 2));
  const planner = opts.sweeps?.length ? createSweepPlanner(opts.db, opts.sweeps) : null;

  async function reclaimOrphans() {
    const result = await opts.db.execute(sql`
      update jobs set status = 'queued', locked_at = null, locked_by = null, run_at = now(), updated_at = now()
      where status = 'running' and locked_at < now() - make_interval(secs => ${lockTimeoutMs / 1000})
      returning id`);
    const ids = rowsOf(result).map((r) => r.id);
    if (ids.length > 0) log.warn({ jobs: ids }, 'requeued jobs orphaned by a stopped worker');
  }

  /** `tried`: jobs that already ran in this pass, so a failure waits for the next one. */
  async function claim(tried: number[]): Promise<ClaimedJob | null> {
    const notTried =
      tried.length > 0
        ? sql`and id not in (${sql.join(
            tried.map((n) => sql`${n}`),
            sql`, `,
          )})`
        : sql``;
    const result = await opts.db.execute(sql`
      with next as (
        select id from jobs
        where status = 'queued' and run_at <= now() ${notTried}
        order by run_at, id
        limit 1
        for update skip locked
      )
      update jobs j
      set status = 'running', attempts = j.attempts + 1, locked_at = now(), locked_by = ${id}, updated_at = now()
      from next where j.id = next.id
      returning j.id, j.kind, j.payload, j.attempts, j.max_attempts`);
    const row = rowsOf(result)[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      kind: String(row.kind),
      payload: row.payload,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    };
  }

  /** Renews the job's lock while its handler runs; stops when the handler settles. */
  function heartbeat(job: ClaimedJob) {
    const timer = setInterval(() => {
      opts.db
        .execute(
          sql`update jobs set locked_at = now() where id = ${job.id} and locked_by = ${id} and status = 'running'`,
        )
        .catch((error: unknown) =>
          log.warn({ job: job.id, err: (error as Error).message }, 'could not renew a job lock'),
        );
    }, heartbeatMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function runOne(job: ClaimedJob) {
    const handler = opts.handlers[job.kind];
    const stopHeartbeat = heartbeat(job);
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler(job.payload as never, job);
      await opts.db.execute(sql`
        update jobs set status = 'done', finished_at = now(), locked_at = null, locked_by = null,
          last_error = null, updated_at = now()
        where id = ${job.id} and locked_by = ${id}`);
      log.debug({ job: job.id, kind: job.kind }, 'job done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = !handler || job.attempts >= job.maxAttempts;
      const delay = backoff(job.attempts);
      await opts.db.execute(sql`
        update jobs set
          status = ${final ? 'failed' : 'queued'},
          run_at = now() + make_interval(secs => ${delay / 1000}),
          finished_at = ${final ? sql`now()` : null},
          last_error = ${message.slice(0, 2000)},
          locked_at = null, locked_by = null, updated_at = now()
        where id = ${job.id} and locked_by = ${id}`);
      const entry = { job: job.id, kind: job.kind, attempt: job.attempts, err: message };
      if (final) log.error(entry, 'job failed for good');
      else log.warn({ ...entry, retryInMs: delay }, 'job failed; will retry');
    } finally {
      stopHeartbeat();
    }
  }

  async function runDue(): Promise<number> {
    if (Date.now() - lastReclaim >= reclaimEveryMs) {
      lastReclaim = Date.now();
      await reclaimOrphans();
    }
    await planner?.planDue();
    const tried: number[] = [];
    for (;;) {
      const job = await claim(tried);
      if (!job) return tried.length;
      await runOne(job);
      tried.push(job.id);
      if (!running && loop) return tried.length; // stopping: leave the rest for the next worker
    }
  }

  async function sleep(ms: number) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeUp = null;
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          try {
            await runDue();
          } catch (error) {
            // The database may be restarting: keep polling, the queue is durable.
            log.warn({ err: (error as Error).message }, 'job worker could not poll the queue');
          }
          if (running) await sleep(pollMs);
        }
      })();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      loop = null;
    },
    wake() {
      wakeUp?.();
    },
    runDue,
  };
}
