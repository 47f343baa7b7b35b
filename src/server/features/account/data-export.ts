import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  auditLog,
  bookings,
  dataExports,
  reviews,
  roles,
  sessions,
  spaces,
  userRoles,
  users,
} from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { DATA_EXPORT_JOB } from '#server/jobs/job-kinds.ts';
import { enqueueJob } from '#server/jobs/queue.ts';
import { accountEmail } from './account-emails.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How long the emailed link works, and how many exports a person may ask for in a day. */
export const DATA_EXPORT_RULES = { linkTtlMs: 7 * 24 * 3_600_000, perDay: 3 } as const;

/**
 * What "download my data" gathers (issue 38, PDPL's right of access): one section per kind of
 * data, in this order. **A feature that keeps personal data adds its section here** (payments,
 * messages…): its name and how to read what belongs to the person. Each reads rows only; the
 * export is a copy of what is held, never a rewrite of it.
 */
export const PERSONAL_DATA_SECTIONS: {
  name: string;
  collect: (q: Queryable, userId: string) => Promise<unknown>;
}[] = [
  {
    name: 'profile',
    collect: async (q, userId) => {
      const [user] = await q
        .select({
          id: users.id,
          email: users.email,
          emailVerified: users.emailVerified,
          fullName: users.fullName,
          name: users.name,
          phone: users.phone,
          phoneVerified: users.phoneVerified,
          locale: users.locale,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      const held = await q
        .select({ code: roles.code })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId));
      return { ...user, roles: held.map((r) => r.code).sort() };
    },
  },
  {
    name: 'consents',
    collect: async (q, userId) => {
      const [row] = await q
        .select({ whatsappOptInAt: users.whatsappOptInAt })
        .from(users)
        .where(eq(users.id, userId));
      return { whatsappBookingNotices: row?.whatsappOptInAt ?? null };
    },
  },
  {
    name: 'sessions',
    collect: (q, userId) =>
      q
        .select({
          createdAt: sessions.createdAt,
          lastActiveAt: sessions.updatedAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
  },
  {
    name: 'bookings',
    collect: (q, userId) =>
      q.select().from(bookings).where(eq(bookings.renterId, userId)).orderBy(bookings.createdAt),
  },
  {
    name: 'spaces',
    collect: (q, userId) =>
      q.select().from(spaces).where(eq(spaces.hostId, userId)).orderBy(spaces.createdAt),
  },
  {
    name: 'reviews',
    collect: (q, userId) =>
      q.select().from(reviews).where(eq(reviews.renterId, userId)).orderBy(reviews.createdAt),
  },
  {
    name: 'auditEntries',
    // what was done by them, or to them, their bookings and their spaces
    collect: async (q, userId) => {
      const bookingIds = (
        await q.select({ id: bookings.id }).from(bookings).where(eq(bookings.renterId, userId))
      ).map((r) => r.id);
      const spaceIds = (
        await q.select({ id: spaces.id }).from(spaces).where(eq(spaces.hostId, userId))
      ).map((r) => r.id);
      const about = [
        and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, userId)),
        ...(bookingIds.length
          ? [and(eq(auditLog.subjectType, 'booking'), inArray(auditLog.subjectId, bookingIds))]
          : []),
        ...(spaceIds.length
          ? [and(eq(auditLog.subjectType, 'space'), inArray(auditLog.subjectId, spaceIds))]
          : []),
      ];
      return q
        .select({
          at: auditLog.createdAt,
          action: auditLog.action,
          subjectType: auditLog.subjectType,
          subjectId: auditLog.subjectId,
          reason: auditLog.reason,
          byThemself: sql<boolean>`${auditLog.actorId} = ${userId}`,
        })
        .from(auditLog)
        .where(or(eq(auditLog.actorId, userId), ...about))
        .orderBy(auditLog.createdAt);
    },
  },
];

/** Everything held about a person, section by section (JSON-ready: dates as ISO strings). */
export async function collectPersonalData(q: Queryable, userId: string) {
  const data: Record<string, unknown> = {};
  for (const section of PERSONAL_DATA_SECTIONS)
    data[section.name] = await section.collect(q, userId);
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Asks for an export: queued for the worker, at most `perDay` a day per person (one at a time per
 * person under concurrency: the advisory lock). RATE_LIMITED past it.
 */
export async function requestDataExport(
  db: Db,
  input: { userId: string; locale: Locale; now?: Date },
): Promise<{ exportId: string }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx: Tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`data-export:${input.userId}`}))`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, input.userId),
          gt(dataExports.createdAt, new Date(now.getTime() - 24 * 3_600_000)),
        ),
      );
    if (count >= DATA_EXPORT_RULES.perDay) throw new AppError('RATE_LIMITED');
    const [row] = await tx
      .insert(dataExports)
      .values({ userId: input.userId, locale: input.locale, createdAt: now })
      .returning({ id: dataExports.id });
    await enqueueJob(tx, {
      kind: DATA_EXPORT_JOB,
      dedupeKey: `data-export:${row!.id}`,
      payload: { exportId: row!.id },
    });
    return { exportId: row!.id };
  });
}

/** The job: gathers the data, keeps it with the link's token hash, and emails the link. */
export async function prepareDataExport(
  db: Db,
  input: { exportId: string; publicUrl: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction(async (tx: Tx) => {
    const [row] = await tx
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, input.exportId))
      .for('update');
    if (!row || row.readyAt) return; // the account is gone, or a retry after it was done
    const [user] = await tx
      .select({ email: users.email, fullName: users.fullName, name: users.name })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + DATA_EXPORT_RULES.linkTtlMs);
    await tx
      .update(dataExports)
      .set({
        data: await collectPersonalData(tx, row.userId),
        tokenHash: hashToken(token),
        readyAt: now,
        expiresAt,
      })
      .where(eq(dataExports.id, row.id));
    const link = `${input.publicUrl}/api/me/data-export/${token}`;
    await enqueueMail(
      tx,
      `data-export-${row.id}`,
      accountEmail({ kind: 'dataExport', to: user.email, user, link, locale: row.locale }),
    );
  });
}

/** The export a link names, for this account only and until it expires; null otherwise. */
export async function findDataExport(
  db: Db,
  input: { token: string; userId: string; now?: Date },
): Promise<{ data: Record<string, unknown>; readyAt: Date; locale: Locale } | null> {
  const now = input.now ?? new Date();
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.tokenHash, hashToken(input.token)),
        eq(dataExports.userId, input.userId),
        gt(dataExports.expiresAt, now),
      ),
    );
  if (!row?.data || !row.readyAt) return null;
  // jsonb keeps its own key order: the sections come back in theirs
  const stored = row.data;
  const data = Object.fromEntries(
    PERSONAL_DATA_SECTIONS.filter((s) => s.name in stored).map((s) => [s.name, stored[s.name]]),
  );
  return { data, readyAt: row.readyAt, locale: row.locale };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function htmlOf(value: unknown): string {
  if (value === null || value === undefined) return '<em>—</em>';
  if (Array.isArray(value))
    return value.length === 0
      ? '<em>—</em>'
      : `<ol>${value.map((item) => `<li>${htmlOf(item)}</li>`).join('')}</ol>`;
  if (typeof value === 'object')
    return `<dl>${Object.entries(value)
      .map(([key, item]) => `<dt>${escapeHtml(key)}</dt><dd>${htmlOf(item)}</dd>`)
      .join('')}</dl>`;
  return `<span dir="auto">${escapeHtml(String(value))}</span>`;
}

/** The same data as a page a person can read (every value escaped). */
export function dataExportHtml(
  data: Record<string, unknown>,
  input: { locale: Locale; title: string; readyAt: Date },
): string {
  const sections = Object.entries(data)
    .map(([name, value]) => `<section><h2>${escapeHtml(name)}</h2>${htmlOf(value)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="${input.locale}" dir="${input.locale === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}dt{font-weight:600}dd{margin-inline-start:1rem}</style>
</head>
<body><h1>${escapeHtml(input.title)}</h1><p>${escapeHtml(input.readyAt.toISOString())}</p>
${sections}
</body></html>`;
}
