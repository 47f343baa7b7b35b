/**
 * The hostile-input fuzz (issue 9): arbitraries for hostile values, the request every case
 * builds, the property every answer must keep, and the database fingerprint.
 *
 * The property, for every generated request:
 * - never a 5xx;
 * - never a stack trace or an internal detail in the body (file paths, `node_modules`,
 *   `at fn (file:line)`, SQL text or a driver's error);
 * - every 4xx is the API's error format `{ error: { code, message, fields? } }` with a stable
 *   `code` from ERROR_CODES;
 * - a case marked `mustFail` never answers 2xx: its requests are invalid by construction (the
 *   generator filters out anything the route's own zod schema would accept), so a 2xx means a
 *   rule is missing;
 * - no row changes. Fingerprinting the whole database after every request would cost more than
 *   the request itself, so each case fingerprints every table (md5 over every row's text) once
 *   before and once after its runs. That is exact, not sampled: every request of a batch
 *   is invalid (or, for reads, cannot write), so the two fingerprints must be equal, and the
 *   assertion names the table that changed. To find the request, replay the case with the seed
 *   its failure printed and a smaller FUZZ_RUNS (the same seed makes the same requests in order).
 */
import path from 'node:path';
import { expect } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '#shared/message-codes.ts';
import type { TestApp } from '../../support/test-app.ts';

export type Who = 'anonymous' | 'renter' | 'host' | 'admin';

/** The rows and sessions the fuzz aims at (made by world.ts). */
export interface FuzzWorld {
  t: TestApp;
  cookies: Record<Exclude<Who, 'anonymous'>, string>;
  emails: Record<Exclude<Who, 'anonymous'>, string>;
  ids: {
    approvedSpace: string;
    pendingSpace: string;
    pendingBooking: string;
    /** a host's content edit of the approved space, waiting for review */
    pendingRevision: string;
    image: string;
    /** the approved space's calendar feed token (its feed is fuzzed; its host reads it, never makes it) */
    calendarToken: string;
    /** the renter's completed booking (in the past) and their review of it (no reply yet) */
    completedBooking: string;
    review: string;
    /** the host's user id (the admins' host record) */
    host: string;
    /** the renter's conversation with the host about the approved space, and its first message */
    conversation: string;
    message: string;
    /** the completed booking's receipt (issue 33): readable by its renter, host and admins */
    invoice: string;
  };
}

export interface HostileRequest {
  method: string;
  url: string;
  who: Who;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

// ── hostile values ──

const LONG = 'x'.repeat(70_000);
/** Edge cases that random generation would rarely hit on its own. */
export const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDC00y',
  '\u200F\u202Eevil\u202C',
  '\u200E',
  '\uFEFF',
  '\u2028\u2029',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '١٢٣٤٥٦',
  'مرحبا بالعالم',
  'Ω≈ç√∫',
  '../../../../etc/passwd',
  '..%2f..%2f',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{constructor.constructor("x")()}}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '9'.repeat(400),
  'null',
  'undefined',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30',
  '9999-12-31',
  '24:00',
  '23:59:60',
  '%',
  '%zz',
  '\r\nX-Injected: 1',
  'x'.repeat(201),
  'é'.repeat(5_000),
  LONG,
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((n) => String.fromCharCode(n));
const controlChar = fc.integer({ min: 0, max: 0x1f }).map((n) => String.fromCharCode(n));
const bidiMark = fc.constantFrom(
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2069',
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        loneSurrogate,
        controlChar,
        bidiMark,
      ),
      maxLength: 30,
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('a', 'ب', '😀', '\u0000', '\uD83D'),
        fc.integer({ min: 100, max: 20_000 }),
      )
      .map(([c, n]) => c.repeat(n)),
  },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1e308,
    -1e308,
    5e-324,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_VALUE,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value a hostile client could send, shallow or nested. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

/** JSON nested far deeper than any form: arrays, objects, and a nested value under a real key. */
export const deepJson = (key = 'a'): fc.Arbitrary<string> =>
  fc
    .tuple(fc.integer({ min: 50, max: 12_000 }), fc.constantFrom('array', 'object', 'keyed'))
    .map(([n, kind]) => {
      if (kind === 'array') return '['.repeat(n) + ']'.repeat(n);
      if (kind === 'object') return '{"a":'.repeat(n) + '1' + '}'.repeat(n);
      return `{${JSON.stringify(key)}:${'['.repeat(n)}${']'.repeat(n)}}`;
    });

/** Header values must be Latin-1 without CR/LF/NUL (Node refuses others before they leave). */
export const headerString: fc.Arbitrary<string> = fc.oneof(
  fc.string({
    unit: fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }).map((n) => String.fromCharCode(n)),
      fc.integer({ min: 0xa0, max: 0xff }).map((n) => String.fromCharCode(n)),
    ),
    maxLength: 60,
  }),
  fc.constantFrom('', ' ', 'x'.repeat(8_000), 'ar;q=abc', '*', 'en-US,en;q=0.9,ar;q=0.8', '..;q=1'),
);

/** Percent-encodes anything, lone surrogates included (encodeURIComponent throws on those). */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')]
      .map((b) => `%${b.toString(16).padStart(2, '0')}`)
      .join('');
  }
}

/** A path segment: encoded hostile text, or raw malformed escapes. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map(encode) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%C0%80',
      '%ED%A0%80',
      '%00',
      '..',
      '.',
      '%2e%2e',
      ';',
      'a%2Fb',
      '%FF%FE',
    ),
  },
  { weight: 1, arbitrary: fc.uuid() },
);

export const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'image/png',
  'application/octet-stream',
  '*/*',
  ';;;',
];

export type Body = { payload?: string | Buffer; contentType?: string };

/**
 * A hostile body for a route whose valid body looks like `base`: some of its fields replaced by
 * hostile values, a hostile value as the whole body, raw malformed or deep JSON, an empty body,
 * or a content type the route does not take.
 */
export function hostileBody(base: Record<string, unknown>): fc.Arbitrary<Body> {
  const keys = Object.keys(base);
  const json = (value: unknown): Body => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const overridden =
    keys.length > 0
      ? fc
          .tuple(
            fc.subarray(keys, { minLength: 1 }),
            fc.array(hostileJson, { minLength: keys.length, maxLength: keys.length }),
            fc.boolean(),
          )
          .map(([picked, values, drop]) => {
            const body: Record<string, unknown> = { ...base };
            picked.forEach((key, i) => {
              if (drop && i === 0) delete body[key];
              else body[key] = values[i];
            });
            return json(body);
          })
      : hostileJson.map(json);
  return fc.oneof(
    { weight: 6, arbitrary: overridden },
    { weight: 2, arbitrary: hostileJson.map(json) },
    {
      weight: 1,
      arbitrary: deepJson(keys[0]).map((payload) => ({ payload, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '',
          '   ',
          '{',
          '{"a":1,}',
          'null',
          '[]',
          '"x"',
          '1e999',
          '\u0000',
          '\uFEFF{}',
          '{"__proto__":{"polluted":1}}',
          '{"constructor":{"prototype":{"polluted":1}}}',
          JSON.stringify(base).slice(0, -1),
        )
        .map((payload) => ({ payload, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...CONTENT_TYPES, undefined),
          fc.oneof(fc.constant(JSON.stringify(base)), hostileString),
        )
        .map(([contentType, payload]) => ({ payload, ...(contentType ? { contentType } : {}) })),
    },
  );
}

/** A query string: the route's own keys and hostile ones, hostile values, repeats, bad escapes. */
export function hostileQuery(knownKeys: string[]): fc.Arbitrary<string> {
  const key = knownKeys.length
    ? fc.oneof(fc.constantFrom(...knownKeys), hostileString)
    : hostileString;
  const pair = fc
    .tuple(key, fc.oneof(hostileString, hostileNumber.map(String)))
    .map(([k, v]) => `${encode(k)}=${encode(v)}`);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(pair, { maxLength: 6 })
        .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : '')),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '?&&&',
        '?=',
        '?%',
        '?a=%zz',
        '?a[b]=1',
        '?__proto__[x]=1',
        '?a=1&a=2&a=3',
        '?%00=%00',
      ),
    },
    { weight: 1, arbitrary: fc.constant(`?${knownKeys[0] ?? 'q'}=${'x'.repeat(20_000)}`) },
  );
}

let address = 0;
/** Each run its own client address, so per-address limits do not answer everything with 429. */
export function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

export interface RequestParts {
  method: string;
  path: string;
  query?: string;
  body?: Body;
  /** who may send it; defaults to everyone */
  who?: Who[];
}

/**
 * The headers around a request: the caller's session cookie (or a forged one), a hostile
 * Accept-Language, request id, Origin and X-Forwarded-For.
 */
export function hostileRequest(
  world: FuzzWorld,
  parts: fc.Arbitrary<RequestParts>,
): fc.Arbitrary<HostileRequest> {
  return fc
    .tuple(
      parts,
      fc.constantFrom<Who>('anonymous', 'renter', 'host', 'admin'),
      fc.record(
        {
          'accept-language': fc.oneof(fc.constantFrom('ar', 'en'), headerString),
          'x-request-id': headerString,
          origin: fc.oneof(
            { weight: 4, arbitrary: fc.constant(world.t.config.publicUrl) },
            headerString,
          ),
          'x-forwarded-for': headerString,
          forgedCookie: headerString,
          junkCookie: headerString,
        },
        { requiredKeys: ['accept-language', 'origin'] },
      ),
    )
    .map(([p, pickedWho, h]) => {
      const allowed = p.who ?? ['anonymous', 'renter', 'host', 'admin'];
      const who = allowed.includes(pickedWho) ? pickedWho : allowed[0]!;
      const headers: Record<string, string> = {};
      for (const name of [
        'accept-language',
        'x-request-id',
        'origin',
        'x-forwarded-for',
      ] as const) {
        if (h[name] !== undefined) headers[name] = h[name]!;
      }
      const cookies: string[] = [];
      if (who !== 'anonymous') cookies.push(world.cookies[who]);
      else if (h.forgedCookie !== undefined)
        cookies.push(`hs.session_token=${h.forgedCookie.replace(/;/g, '')}`);
      if (h.junkCookie !== undefined) cookies.push(`junk=${h.junkCookie.replace(/;/g, '')}`);
      if (cookies.length) headers.cookie = cookies.join('; ');
      if (p.body?.contentType) headers['content-type'] = p.body.contentType;
      return {
        method: p.method,
        url: `${p.path}${p.query ?? ''}`,
        who,
        headers,
        ...(p.body?.payload !== undefined ? { payload: p.body.payload } : {}),
        remoteAddress: nextAddress(),
      };
    });
}

// ── the property ──

const ERROR_SET = new Set<string>(ERROR_CODES);
/** What must never reach a client: stack frames, paths, packages, SQL and driver errors. */
const SQL_TEXT = /\b(select|insert into|update|delete from)\b[\s\S]*\b(from|values|set|where)\b/i;
const LEAKS: RegExp[] = [
  /\bat [\w$.<>]+ \(?[^\s)]*:\d+:\d+\)?/,
  /node_modules/,
  /\/(work|home|root|usr|tmp|src)\//,
  /\.(ts|js|mjs|cjs):\d+/,
  SQL_TEXT,
  /\b(syntax error at|violates|duplicate key|relation "|column "|PGlite|postgres|drizzle|ZodError|TypeError|RangeError|ReferenceError|SyntaxError|Maximum call stack)\b/i,
];

export interface Expectation {
  /** every request of the case is invalid: a 2xx fails */
  mustFail?: boolean;
  /**
   * The route answers the API's own description (/api/docs/json): its 2xx body names endpoints
   * like `update-user` and `set-auth-token`, which the SQL pattern would take for a query. Its
   * error answers, and every other pattern, are checked as everywhere.
   */
  describesApi?: boolean;
  /**
   * The route may answer with a server-sent event stream that never ends on its own
   * (/api/messages/live): each answer is read as a stream, and an event stream is read until it
   * has said hello and gone quiet, then the case closes the connection as a browser would.
   */
  streams?: boolean;
}

/** How long an open event stream must stay quiet after its hello before the case hangs up. */
const STREAM_QUIET_MS = 150;

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/**
 * One request as a stream. An error answer (or any that ends) is read to its end. An event
 * stream must start with its `hello` and stay open: it is read until quiet, then closed from the
 * client's side (the server's `close` handler ends it). A stream the server ends by itself (a
 * failed replay of missed messages) fails the request: a browser would reconnect in a loop.
 */
async function injectStreaming(world: FuzzWorld, req: HostileRequest): Promise<Answer> {
  const res = await world.t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers,
    remoteAddress: req.remoteAddress,
    payloadAsStream: true,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  const stream = res.stream();
  const isEvents = /^text\/event-stream/.test(String(res.headers['content-type'] ?? ''));
  const chunks: Buffer[] = [];
  let ended = false;
  await new Promise<void>((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const hangUp = () => {
      clearTimeout(quiet);
      if (!ended) res.raw.res.destroy();
      resolve();
    };
    // A HEAD answer has no body to wait for: quiet from the start.
    if (isEvents) quiet = setTimeout(hangUp, STREAM_QUIET_MS);
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (isEvents) {
        clearTimeout(quiet);
        quiet = setTimeout(hangUp, STREAM_QUIET_MS);
      }
    });
    stream.on('error', () => hangUp());
    stream.on('end', () => {
      ended = true;
      hangUp();
    });
  });
  const body = Buffer.concat(chunks).toString();
  if (isEvents && res.statusCode < 300 && req.method !== 'HEAD') {
    const where = `${req.method} ${req.url.slice(0, 120)} as ${req.who} → ${res.statusCode} ${body.slice(0, 300)}`;
    expect(body, `${where}\nan event stream starts with its hello`).toMatch(
      /^retry: \d+\nevent: hello\ndata: \{/,
    );
    expect(ended, `${where}\nthe server ended an event stream by itself`).toBe(false);
  }
  return { statusCode: res.statusCode, headers: res.headers, body };
}

export function expectSafeAnswer(
  req: HostileRequest,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  expectation: Expectation = {},
) {
  const where = `${req.method} ${req.url.slice(0, 120)} as ${req.who} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  const skipSql = expectation.describesApi && res.statusCode < 400;
  for (const leak of LEAKS) {
    if (skipSql && leak === SQL_TEXT) continue;
    expect(leak.test(res.body), `${where}\nleaks ${leak}`).toBe(false);
  }
  if (expectation.mustFail)
    expect(res.statusCode, `${where}\nan invalid request was accepted`).toBeGreaterThanOrEqual(400);
  if (res.statusCode >= 400 && req.method !== 'HEAD') {
    expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
    const parsed = JSON.parse(res.body) as {
      error?: { code?: unknown; message?: unknown; fields?: unknown };
    };
    expect(ERROR_SET.has(String(parsed.error?.code)), where).toBe(true);
    expect(typeof parsed.error?.message, where).toBe('string');
    expect((parsed.error!.message as string).length, where).toBeGreaterThan(0);
    if (parsed.error?.fields !== undefined) {
      for (const text of Object.values(parsed.error.fields as Record<string, unknown>))
        expect(typeof text, where).toBe('string');
    }
  }
}

// ── the database fingerprint ──

/** md5 of every row of every table, per table: any changed, added or removed row shows. */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const db = t.deps.database.db;
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const union = tables.rows
    .map(
      ({ name }) =>
        `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from public."${name}" t`,
    )
    .join(' union all ');
  const result = (await db.execute(sql.raw(union))) as unknown as {
    rows: { name: string; hash: string }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.name, r.hash]));
}

/**
 * Requests per case and run. 200 by default, each run with a fresh seed: the two passes of CI and
 * every later run each try other requests, so the cases keep covering new ground (the seed is
 * printed when a case fails). `FUZZ_RUNS=1000` for a deep run; `FUZZ_SEED` replays one.
 */
export const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 200);
/** A seed to replay (the one a failure printed), else a fresh one per case. */
const REPLAY_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** The seed of each case of this file, in order: a fresh 32-bit one unless FUZZ_SEED is set. */
export const nextSeed = () => REPLAY_SEED ?? (Math.random() * 2 ** 31) | 0;

/** How to run one case again with the seed it had: part of every failure's message. */
export function replayCommand(seed: number): string {
  const { testPath, currentTestName } = expect.getState();
  const file = testPath ? path.relative(process.cwd(), testPath) : 'tests/api/hostile-input/';
  const name = currentTestName?.split(' > ').at(-1) ?? '';
  return `FUZZ_SEED=${seed} FUZZ_RUNS=${RUNS_PER_ROUTE} npx vitest run ${file} -t ${JSON.stringify(name)}`;
}

/**
 * Fuzzes one case: `RUNS_PER_ROUTE` requests through `inject`, each checked against the
 * property; the database's fingerprint before and after the batch must match. A failure (of a
 * request, or of the fingerprint) says which seed to replay it with.
 */
export async function fuzz(
  world: FuzzWorld,
  requests: fc.Arbitrary<HostileRequest>,
  expectation: Expectation = {},
) {
  const seed = nextSeed();
  try {
    const before = await fingerprint(world.t);
    await fc.assert(
      fc.asyncProperty(requests, async (req) => {
        if (expectation.streams) {
          expectSafeAnswer(req, await injectStreaming(world, req), expectation);
          return;
        }
        const res = await world.t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: req.headers,
          remoteAddress: req.remoteAddress,
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        });
        expectSafeAnswer(req, res, expectation);
      }),
      { numRuns: RUNS_PER_ROUTE, endOnFailure: true, seed },
    );
    expect(await fingerprint(world.t)).toEqual(before);
  } catch (error) {
    if (error instanceof Error)
      error.message = `${error.message}\n\nFuzz seed ${seed}; replay: ${replayCommand(seed)}`;
    throw error;
  }
}

/**
 * A pagination cursor the server did not issue, shaped like the ones it does (base64url JSON of
 * `[sort, keys, id]`; `src/shared/domain/space-search.ts`), so it passes the decoding and reaches
 * the key checks (issue 37: a timestamp key out of range answered 500). The sort is one of the
 * route's or hostile; each key a timestamp with every field drawn from well past its range, a
 * number from tiny to 1e308, or hostile text; the id a real one, a random UUID or hostile text;
 * now and then the JSON itself is off (too few parts, an object, keys that are no list).
 */
export function craftedCursor(sorts: string[], realIds: string[]): fc.Arbitrary<string> {
  const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
  const timestamp = fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
      two(99),
      two(99),
      two(99),
      two(99),
      two(99),
      fc.option(fc.integer({ min: 0, max: 999_999 }), { nil: undefined }),
      fc.constantFrom('+', '-'),
      two(99),
      fc.option(two(99), { nil: undefined }),
    )
    .map(
      ([y, mo, d, h, mi, s, frac, sign, oh, om]) =>
        `${y}-${mo}-${d} ${h}:${mi}:${s}${frac === undefined ? '' : `.${frac}`}${sign}${oh}${om === undefined ? '' : `:${om}`}`,
    );
  const key = fc.oneof(
    { weight: 4, arbitrary: timestamp },
    { weight: 2, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: hostileString },
  );
  const id = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: hostileString },
  );
  const sort = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...sorts) }, hostileString);
  const json = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(sort, fc.array(key, { maxLength: 4 }), id) },
    { weight: 1, arbitrary: fc.tuple(sort, key, id) },
    { weight: 1, arbitrary: fc.tuple(sort, fc.array(key, { maxLength: 4 })) },
    { weight: 1, arbitrary: fc.dictionary(hostileString, key, { maxKeys: 3 }) },
  );
  // As UTF-8 bytes: Arabic or emoji keys arrive as bytes the server's decoding reads as Latin-1.
  return json.map((value) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url'));
}
