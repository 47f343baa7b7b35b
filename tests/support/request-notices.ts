import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { jobs, requestNoticeRecipients, requestNotices } from '#server/db/schema.ts';
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

/**
 * The outbox is empty and no notice job waits or runs: every request has been told to every host
 * and admin (the emails may still be queued). For tests that run the app as a process.
 */
export async function requestNoticesSettled(db: Db): Promise<boolean> {
  const [waiting] = await db.select({ n: count() }).from(requestNotices);
  const [open] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, REQUEST_NOTICES_JOB), inArray(jobs.status, ['queued', 'running'])));
  return waiting!.n === 0 && open!.n === 0;
}

/**
 * For each booking reference: in how many distinct emails to `to` it is listed (a copy delivered
 * twice under one Message-ID counts once). "Each request listed exactly once per recipient" is
 * every count 1.
 */
export function listings(
  mails: readonly { to: string; messageId: string; text: string }[],
  to: string,
  references: readonly string[],
): Map<string, number> {
  const distinct = new Map<string, string>();
  for (const m of mails) if (m.to === to) distinct.set(m.messageId, m.text);
  return new Map(
    references.map((ref) => [ref, [...distinct.values()].filter((t) => t.includes(ref)).length]),
  );
}
