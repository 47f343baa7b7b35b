import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

export interface NewJob {
  kind: string;
  payload: unknown;
  /** Two enqueues with one key make one job (a retried request must not mail twice). */
  dedupeKey?: string;
  /** Run no earlier than this. */
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Puts a job on the durable queue. Pass the transaction that makes the change the job reports
 * on: if it rolls back, the job was never there; if it commits, the worker will run it.
 * Returns the job id, or null when a job with the same dedupe key already exists.
 */
export async function enqueueJob(q: Queryable, job: NewJob): Promise<number | null> {
  const rows = await q
    .insert(jobs)
    .values({
      kind: job.kind,
      // jsonb NOT NULL: "no payload" is stored as {} (drizzle writes a JS null as SQL NULL)
      payload: job.payload ?? {},
      dedupeKey: job.dedupeKey ?? null,
      runAt: job.runAt ?? sql`now()`,
      maxAttempts: job.maxAttempts ?? 10,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}
