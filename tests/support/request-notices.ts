import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { jobs, requestNoticeRecipients } from '#server/db/schema.ts';
import { REQUEST_NOTICES_JOB } from '#server/jobs/job-kinds.ts';

/**
 * The coalesced "new request" notices (decision 072) wait up to the window
 * (`REQUEST_NOTICE_EVERY_SECONDS`, at most a day) after the last email to a host or admin. A test
 * that wants them sent lets the window pass: every last email is moved a day back, and the queued
 * notice jobs to now, before it runs the worker.
 */
export async function requestNoticesDueNow(db: Db): Promise<void> {
  await db
    .update(requestNoticeRecipients)
    .set({ lastSentAt: sql`${requestNoticeRecipients.lastSentAt} - interval '1 day'` })
    .where(isNotNull(requestNoticeRecipients.lastSentAt));
  await db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(and(eq(jobs.kind, REQUEST_NOTICES_JOB), eq(jobs.status, 'queued')));
}
