import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Database } from '#server/db/client.ts';
import { riyadhClock } from '#shared/domain/riyadh-calendar.ts';
import { freePort } from './free-port.ts';
import { newPostgresDatabase } from './test-database.ts';
import type { ReceivedMail } from './servers/smtp-server.ts';
import { spawnServer, type ServerProcess } from './spawn-server.ts';

/**
 * Helpers for tests that run the app as real processes on loopback (faults, two instances):
 * a PostgreSQL database of their own, the process environment, HTTP calls as a browser makes
 * them, and waiting on conditions with a deadline instead of sleeping.
 */

export const ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PostgresDatabase {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

/**
 * A new, migrated database on the PostgreSQL server at `adminUrl` (TEST_DATABASE_URL, else the
 * machine's): app processes need a database several processes can open, in both test passes.
 */
export const createPostgresDatabase = (adminUrl = ADMIN_URL): Promise<PostgresDatabase> =>
  newPostgresDatabase(adminUrl, { prefix: 'hs_live', poolMax: 5 });

export interface LiveApp {
  server: ServerProcess;
  /** what the app believes its address is: the Origin a browser sends */
  origin: string;
  dataDir: string;
}

/**
 * Starts an app process on `databaseUrl` with a port and data dir of its own. TRUST_PROXY=true lets a
 * test speak for many clients (X-Forwarded-For), as a load balancer in front of it would.
 * (`true`, not a hop count: Fastify 5.12 ignores X-Forwarded-For when trustProxy is a number.)
 */
export async function startLiveApp(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<LiveApp> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hourspace-live-'));
  const origin = `http://127.0.0.1:${port}`;
  const server = await spawnServer({
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '10',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: origin,
    SEED_DEMO_DATA: 'false',
    TRUST_PROXY: 'true',
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_SECRET: SHARED_AUTH_SECRET,
    WORKER_POLL_MS: '200',
    ...env,
  });
  return { server, origin, dataDir };
}

/** Every instance of one deployment shares the secret that signs sessions. */
export const SHARED_AUTH_SECRET = randomBytes(32).toString('base64url');

export async function removeDataDir(app: LiveApp | undefined) {
  if (app) await rm(app.dataDir, { recursive: true, force: true });
}

let ipCounter = 0;
/** A client address of its own (sent as X-Forwarded-For), so per-address limits stay out of the way. */
export const nextIp = () =>
  `10.${(process.pid % 200) + 1}.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  ip?: string;
  lang?: string;
}

/** A JSON request as the web app sends it; never throws on an HTTP status (it may on a dead socket). */
export async function call(app: LiveApp, method: string, url: string, options: CallOptions = {}) {
  const response = await fetch(`${app.server.url}${url}`, {
    method,
    headers: {
      origin: app.origin,
      'accept-language': options.lang ?? 'en',
      'x-forwarded-for': options.ip ?? nextIp(),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const json: unknown = (() => {
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return text;
    }
  })();
  return {
    status: response.status,
    json: json as Record<string, unknown>,
    headers: response.headers,
  };
}

/** Signs in by email and password; returns the session cookie (`name=value`). */
export async function signIn(app: LiveApp, email: string, password: string, ip = nextIp()) {
  const response = await fetch(`${app.server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: app.origin, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('hs.session_token='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

let phoneCounter = 0;
/** A Saudi mobile number (05XXXXXXXX) no other test of this run uses. */
export const nextPhone = () =>
  `05${String(50_000_000 + ((process.pid * 7919 + ++phoneCounter * 104_729) % 49_999_999)).slice(0, 8)}`;

/** The phone code the embedded SMS adapter wrote for this number (the newest one). */
async function phoneCode(app: LiveApp, phone: string): Promise<string> {
  const e164 = `+966${phone.slice(-9)}`;
  // one entry per code sent, each a timestamp and the message (which may span lines): the last code
  const text = await readFile(path.join(app.dataDir, 'sms', `${e164}.txt`), 'utf8');
  const code = [...text.matchAll(/(?<!\d)(\d{6})(?!\d)/g)].at(-1);
  if (!code) throw new Error(`no code for ${phone}`);
  return code[1]!;
}

/**
 * Signs up the way the web does (docs/product-spec.md §4): phone code, verify, then the account.
 * Returns the status of the last step (201 on success) or throws if an earlier one fails.
 */
export async function signUp(
  app: LiveApp,
  input: { email: string; phone: string; password: string },
) {
  const ip = nextIp();
  const sent = await call(app, 'POST', '/api/auth/phone/send-code', {
    body: { phone: input.phone, purpose: 'signup' },
    ip,
  });
  if (sent.status !== 200)
    throw new Error(`send-code: ${sent.status} ${JSON.stringify(sent.json)}`);
  const verified = await call(app, 'POST', '/api/auth/phone/verify', {
    body: { phone: input.phone, code: await phoneCode(app, input.phone) },
    ip,
  });
  if (verified.status !== 200)
    throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.json)}`);
  const { phoneProof } = verified.json as { phoneProof: string };
  return call(app, 'POST', '/api/auth/sign-up', {
    body: { fullName: 'Sara Al-Qahtani', ...input, phoneProof },
    ip,
  });
}

/** A date `daysAhead` days from today in Riyadh (YYYY-MM-DD). */
export function riyadhDate(daysAhead: number): string {
  const d = new Date(`${riyadhClock(new Date()).date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  return d.toISOString().slice(0, 10);
}

/** Polls `check` until it returns a truthy value; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T> | T,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface DeliveredMail {
  to: string;
  subject: string;
  messageId: string;
  /** the plain-text part: what a test reads a booking's reference in */
  text: string;
}

/** What a local SMTP server received, parsed down to what identifies one email. */
export async function delivered(received: ReceivedMail[]): Promise<DeliveredMail[]> {
  return Promise.all(
    received.map(async (mail) => {
      const parsed = await simpleParser(mail.raw);
      return {
        to: mail.to.join(','),
        subject: parsed.subject ?? '',
        messageId: parsed.messageId ?? '',
        text: parsed.text ?? '',
      };
    }),
  );
}

/** How many times each key occurs. */
export function tally(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}
