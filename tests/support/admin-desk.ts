import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { silentLogger } from '#server/adapters/logger.ts';
import { createJobHandlers } from '#server/job-wiring.ts';
import { createJobWorker } from '#server/jobs/job-runner.ts';
import type { TestApp } from './test-app.ts';

let ip = 0;

/** Signs in by email and password; returns the `name=value` session cookie to send back. */
export async function signInCookie(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: `10.77.${Math.floor(++ip / 250)}.${ip % 250}`,
    headers: { origin: t.config.publicUrl },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const cookie = list.find((c) => c.startsWith('hs.session_token='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/** Booking creation is another issue's API: tests write the row with the shared factory. */
export { createBooking as insertBooking } from '../fixtures/factories.ts';

/** Runs the job worker once, so queued emails are written by the mail adapter. */
export async function deliverMail(t: TestApp) {
  return createJobWorker({
    db: t.deps.database.db,
    handlers: createJobHandlers(t.deps),
    logger: silentLogger,
  }).runDue();
}

/** Every email the file mailer wrote, parsed. */
export async function sentMail(t: TestApp): Promise<ParsedMail[]> {
  const files = await readdir(t.config.mail.dir).catch(() => [] as string[]);
  return Promise.all(
    files.map(async (f) => simpleParser(await readFile(path.join(t.config.mail.dir, f)))),
  );
}

export const recipient = (mail: ParsedMail) =>
  mail.to && !Array.isArray(mail.to) ? mail.to.text : '';

/**
 * The version of a listing (tab `pending`) or of its pending revision (tab `revision`) as the
 * review desk shows it to the admin whose cookie this is: what an approval must send (issue 37).
 */
export async function deskVersion(
  t: TestApp,
  cookie: string,
  spaceId: string,
  tab: 'pending' | 'revision' = 'pending',
): Promise<string> {
  for (let page = 1; page < 100; page++) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/spaces?status=${tab}&pageSize=50&page=${page}`,
      headers: { cookie },
    });
    if (res.statusCode !== 200) throw new Error(`desk failed: ${res.statusCode} ${res.body}`);
    const { items } = res.json<{
      items: { id: string; version: string; revision: { version: string } | null }[];
    }>();
    const item = items.find((i) => i.id === spaceId);
    if (item) {
      const version = tab === 'revision' ? item.revision?.version : item.version;
      if (!version) throw new Error(`no ${tab} version on the desk for ${spaceId}`);
      return version;
    }
    if (items.length < 50) break;
  }
  throw new Error(`space ${spaceId} is not on the desk's ${tab} tab`);
}
