import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { jobs, requestNoticeRecipients } from '#server/db/schema.ts';
import { REQUEST_NOTICE_EVERY_MS } from '#server/features/bookings/request-notices.ts';
import { REQUEST_NOTICES_JOB } from '#server/jobs/job-kinds.ts';

/**
 * The coalesced "new request" notices (decision 072) wait up to 10 minutes after the last email
 * to a host or admin. A test that wants them sent lets the ten minutes pass: every last email is
 * moved that far back, and the queued notice jobs to now, before it runs the worker.
 */
export async function requestNoticesDueNow(db: Db): Promise<void> {
  await db
    .update(requestNoticeRecipients)
    .set({
      lastSentAt: sql`${requestNoticeRecipients.lastSentAt} - make_interval(secs => ${REQUEST_NOTICE_EVERY_MS / 1000})`,
    })
    .where(isNotNull(requestNoticeRecipients.lastSentAt));
  await db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(and(eq(jobs.kind, REQUEST_NOTICES_JOB), eq(jobs.status, 'queued')));
}
