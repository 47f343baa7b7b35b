/**
 * One fuzz case per API route (and per auth endpoint the web app calls behind better-auth's
 * catch-all). `route` is the route as Fastify registered it: coverage.test.ts fails when a
 * registered `/api/*` or `/media/*` route has no case here.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { SPACE_SORTS } from '#shared/constants.ts';
import { createBlockSchema } from '#shared/schemas/blocks.ts';
import { createBookingSchema } from '#shared/schemas/booking.ts';
import { hideReviewSchema, hostReplySchema, reviewInputSchema } from '#shared/schemas/reviews.ts';
import { contactMessageSchema } from '#shared/schemas/contact.ts';
import {
  approveSpaceSchema,
  cancelBookingSchema,
  rejectBookingSchema,
  rejectSpaceSchema,
} from '#shared/schemas/admin.ts';
import { updateSpaceRequestSchema } from '#shared/schemas/space-edit.ts';
import { createSpaceRequestSchema } from '#shared/schemas/space-request.ts';
import {
  accountDeletionSchema,
  emailChangeSchema,
  phoneChangeCodeSchema,
  sendPhoneCodeSchema,
} from '#shared/schemas/account.ts';
import { whatsAppConsentSchema } from '#shared/schemas/me.ts';
import { payoutAccountSchema } from '#shared/schemas/money.ts';
import { invoicingDetailsSchema } from '#shared/schemas/invoicing-details.ts';
import { SELLER_DETAILS } from '../../fixtures/seller-details.ts';
import {
  blockSchema,
  contactPrivacySchema,
  readSchema,
  reportMessageSchema,
  sendMessageSchema,
} from '#shared/schemas/messages.ts';
import { decisionModeSchema, hostDecisionModesSchema } from '#shared/schemas/decisions.ts';
import { sniffImageFormat } from '#server/features/images/image-checks.ts';
import { findUnstorableText } from '#server/http/unstorable-text.ts';
import {
  craftedCursor,
  encode,
  hostileBody,
  hostileNumber,
  hostileQuery,
  hostileRequest,
  hostileSegment,
  hostileString,
  type Body,
  type FuzzWorld,
  type HostileRequest,
  type RequestParts,
  type Who,
} from './hostile.ts';

export type Area = 'public' | 'account' | 'auth' | 'member' | 'admin';

export interface FuzzCase {
  name: string;
  /** `METHOD /registered/:pattern` */
  route: string;
  area: Area;
  /** every request is invalid by construction: a 2xx fails the property */
  mustFail: boolean;
  /** answers the API's description (see Expectation.describesApi) */
  describesApi?: boolean;
  /** may answer with a never-ending event stream (see Expectation.streams) */
  streams?: boolean;
  requests(world: FuzzWorld): fc.Arbitrary<HostileRequest>;
}

const OTHER_METHODS = ['PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The route's method, now and then a method it does not take. */
const methodOf = (method: string) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(method) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...OTHER_METHODS, ...(method === 'GET' ? ['HEAD'] : [])),
    },
  );

/** What the server would hand the route's zod schema, or `invalid` when it never gets that far. */
function bodyAsParsed(req: HostileRequest): { parsed: true; value: unknown } | { parsed: false } {
  const raw = req.payload === undefined ? '' : req.payload.toString();
  if (raw.trim() === '') return { parsed: true, value: undefined };
  if (!/^application\/json/i.test(req.headers['content-type'] ?? '')) return { parsed: false };
  try {
    // Fastify's parser (secure-json-parse) skips a leading byte-order mark; JSON.parse does not.
    return { parsed: true, value: JSON.parse(raw.replace(/^\uFEFF/, '')) as unknown };
  } catch {
    return { parsed: false };
  }
}

/** True when the route's own schema (what fastify-type-provider-zod runs) refuses the body. */
export function refusedBy(schema: z.ZodType, req: HostileRequest, method = 'POST'): boolean {
  if (req.method !== method) return true;
  const body = bodyAsParsed(req);
  // The server's rule is the schema and no unstorable text (U+0000, a lone surrogate) (unstorable-text.ts).
  return (
    !body.parsed || !schema.safeParse(body.value).success || findUnstorableText(body.value) !== null
  );
}

interface Shape {
  method: string | fc.Arbitrary<string>;
  /** the path, or an arbitrary of paths (with who may send each) */
  path: string | fc.Arbitrary<{ path: string; who?: Who[] }>;
  queryKeys?: string[];
  body?: Record<string, unknown>;
  who?: Who[];
}

function shaped(world: FuzzWorld, shape: Shape): fc.Arbitrary<HostileRequest> {
  const path =
    typeof shape.path === 'string' ? fc.constant({ path: shape.path, who: shape.who }) : shape.path;
  const body: fc.Arbitrary<Body | undefined> = shape.body
    ? hostileBody(shape.body)
    : fc.option(hostileBody({}), { freq: 4, nil: undefined });
  const parts: fc.Arbitrary<RequestParts> = fc
    .tuple(
      typeof shape.method === 'string' ? methodOf(shape.method) : shape.method,
      path,
      hostileQuery(shape.queryKeys ?? []),
      body,
    )
    .map(([method, p, query, b]) => ({
      method,
      path: p.path,
      query,
      ...(b ? { body: b } : {}),
      ...(p.who || shape.who ? { who: p.who ?? shape.who } : {}),
    }));
  return hostileRequest(world, parts);
}

/** An id segment: hostile text, a random UUID, a real id with something after it. */
const idSegment = (realIds: string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: hostileSegment },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...realIds),
          fc.constantFrom('x', '%00', '%20', '%20OR%201=1', '%27', '0'),
        )
        .map(([id, suffix]) => `${id}${suffix}`),
    },
  );

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday'];

/**
 * A host's move on their own listing (pause, resume, archive): hostile ids by anyone, and the real
 * spaces by anyone but their host (whose move would be valid).
 */
const hostMoveCase = (method: 'POST' | 'DELETE', suffix: string, what: string): FuzzCase => ({
  name: `${method} /api/me/spaces/:id${suffix} (${what})`,
  route: `${method} /api/me/spaces/:id${suffix}`,
  area: 'member',
  mustFail: true,
  requests: (w) =>
    shaped(w, {
      method,
      path: fc.oneof(
        idSegment([w.ids.approvedSpace, w.ids.pendingSpace]).map((id) => ({
          path: `/api/me/spaces/${id}${suffix}`,
        })),
        fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace).map((id) => ({
          path: `/api/me/spaces/${id}${suffix}`,
          who: ['renter', 'admin', 'anonymous'] as Who[],
        })),
      ),
    }),
});

export const CASES: FuzzCase[] = [
  // ── public ──
  ...(['health', 'ready', 'config'] as const).map((name): FuzzCase => ({
    name: `GET /api/${name}`,
    route: `GET /api/${name}`,
    area: 'public',
    mustFail: false,
    requests: (w) => shaped(w, { method: 'GET', path: `/api/${name}`, queryKeys: ['status'] }),
  })),
  // the API's description and its browsable page (plugins/api-docs)
  ...(['/api/docs', '/api/docs/json', '/api/docs/docs.js', '/api/docs/docs.css'] as const).map(
    (path): FuzzCase => ({
      name: `GET ${path}`,
      route: `GET ${path}`,
      area: 'public',
      mustFail: false,
      describesApi: path === '/api/docs/json',
      requests: (w) => shaped(w, { method: 'GET', path, queryKeys: ['q'] }),
    }),
  ),
  {
    name: 'GET /api/spaces (search)',
    route: 'GET /api/spaces',
    area: 'public',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: '/api/spaces',
        queryKeys: [
          'type',
          'city',
          'date',
          'guests',
          'minPrice',
          'maxPrice',
          'amenities',
          'q',
          'sort',
          'cursor',
          'limit',
        ],
      }),
  },
  {
    // Issue 37: cursors shaped like the server's with keys out of range (a 500 before).
    name: 'GET /api/spaces (crafted cursors)',
    route: 'GET /api/spaces',
    area: 'public',
    mustFail: false,
    requests: (w) =>
      hostileRequest(
        w,
        fc
          .tuple(
            fc.constantFrom(...SPACE_SORTS),
            fc.option(fc.constantFrom('q=قاعة', 'q=studio', 'city=riyadh'), { nil: undefined }),
            craftedCursor([...SPACE_SORTS], [w.ids.approvedSpace, w.ids.pendingSpace]),
          )
          .map(([sort, filter, cursor]) => ({
            method: 'GET',
            path: '/api/spaces',
            query: `?sort=${sort}&${filter ? `${filter}&` : ''}cursor=${cursor}`,
          })),
      ),
  },
  {
    name: 'GET /api/spaces/:id',
    route: 'GET /api/spaces/:id',
    area: 'public',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: fc
          .oneof(
            idSegment([w.ids.approvedSpace]),
            fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace),
          )
          .map((id) => ({ path: `/api/spaces/${id}` })),
        queryKeys: ['lang'],
      }),
  },
  {
    name: 'GET /api/spaces/:id/availability',
    route: 'GET /api/spaces/:id/availability',
    area: 'public',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: fc
          .oneof(
            idSegment([w.ids.approvedSpace]),
            fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace),
          )
          .map((id) => ({ path: `/api/spaces/${id}/availability` })),
        queryKeys: ['date', 'date'],
      }),
  },
  {
    name: 'POST /api/contact',
    route: 'POST /api/contact',
    area: 'public',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/contact',
        body: { name: 'سارة', email: 'sara@example.test', message: 'أود الاستفسار عن القاعة' },
      }).filter((req) => refusedBy(contactMessageSchema, req)),
  },
  {
    name: 'GET /media/*',
    route: 'GET /media/*',
    area: 'public',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: fc
          .array(
            fc.oneof(hostileSegment, fc.constantFrom('images', '..', 'fuzz-480.webp', '%2e%2e')),
            {
              minLength: 1,
              maxLength: 5,
            },
          )
          .map((segments) => ({ path: `/media/${segments.join('/')}` })),
      }),
  },
  {
    name: "GET /api/calendar/:file (a space's calendar feed)",
    route: 'GET /api/calendar/:file',
    area: 'public',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: fc
          .oneof(
            { weight: 3, arbitrary: hostileSegment },
            {
              weight: 2,
              arbitrary: fc
                .tuple(
                  fc.constantFrom(
                    w.ids.calendarToken,
                    w.ids.calendarToken.slice(1),
                    'A'.repeat(43),
                  ),
                  fc.oneof(
                    fc.constantFrom('.ics', '', '.ICS', '.ics.ics', '%00.ics', '.ics%00', 'x.ics'),
                    hostileSegment,
                  ),
                )
                .map(([token, suffix]) => `${token}${suffix}`),
            },
            { weight: 1, arbitrary: hostileSegment.map((segment) => `${segment}.ics`) },
          )
          .map((file) => ({ path: `/api/calendar/${file}` })),
        queryKeys: ['token', 'lang'],
      }),
  },

  // ── account (better-auth's catch-all and /api/me) ──
  {
    name: 'GET /api/me',
    route: 'GET /api/me',
    area: 'account',
    mustFail: false,
    requests: (w) => shaped(w, { method: 'GET', path: '/api/me' }),
  },
  {
    name: 'POST /api/auth/sign-in/email',
    route: 'POST /api/auth/*',
    area: 'account',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        // A real account with a wrong password: a 401 at worst, then the per-account limit's 429.
        body: { email: w.emails.renter, password: 'Wrong#2026hs' },
      }),
  },
  {
    name: 'POST /api/auth/sign-in/phone',
    route: 'POST /api/auth/*',
    area: 'account',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/auth/sign-in/phone',
        body: { phone: '0512345671', code: '123456' },
      }),
  },
  {
    name: 'POST /api/auth/phone/send-code',
    route: 'POST /api/auth/*',
    area: 'account',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/auth/phone/send-code',
        body: { phone: '0512345679', purpose: 'signup' },
      }).filter((req) => refusedBy(sendPhoneCodeSchema, req)),
  },
  {
    name: 'POST /api/auth/phone/verify',
    route: 'POST /api/auth/*',
    area: 'account',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/auth/phone/verify',
        body: { phone: '0512345679', code: '123456' },
      }),
  },
  {
    name: 'POST /api/auth/sign-up',
    route: 'POST /api/auth/*',
    area: 'account',
    mustFail: true,
    // No phone code was ever sent, so no proof can be valid: a well-formed body is refused too.
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/auth/sign-up',
        body: {
          fullName: 'سارة أحمد',
          email: 'new-user@example.test',
          phone: '0512345679',
          password: 'Newuser#2026hs',
          phoneProof: 'forged-proof-forged-proof-forged',
          locale: 'ar',
        },
      }),
  },
  {
    name: 'POST /api/auth/send-verification-email',
    route: 'POST /api/auth/*',
    area: 'auth',
    // Every fixture user is verified: a well-formed request for one sends nothing.
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/auth/send-verification-email',
        body: { email: w.emails.renter, callbackURL: '/auth?activated=1' },
      }),
  },
  {
    name: 'POST /api/auth/sign-in/social',
    route: 'POST /api/auth/*',
    area: 'auth',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/auth/sign-in/social',
        body: { provider: 'google', callbackURL: '/', errorCallbackURL: '/auth?error=google' },
      }),
  },
  {
    name: 'POST /api/auth/sign-out (no session: signing a real one out is a valid request)',
    route: 'POST /api/auth/*',
    area: 'auth',
    mustFail: false,
    requests: (w) =>
      shaped(w, { method: 'POST', path: '/api/auth/sign-out', body: {}, who: ['anonymous'] }),
  },
  {
    name: 'GET /api/auth/get-session',
    route: 'GET /api/auth/*',
    area: 'auth',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: '/api/auth/get-session',
        queryKeys: ['disableCookieCache'],
      }),
  },
  {
    name: 'GET /api/auth/verify-email (the activation link)',
    route: 'GET /api/auth/*',
    area: 'auth',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: '/api/auth/verify-email',
        queryKeys: ['token', 'callbackURL'],
      }),
  },
  {
    name: 'GET|POST /api/auth/<anything> (the catch-all itself)',
    route: 'GET /api/auth/*',
    area: 'auth',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: fc.constantFrom('GET', 'POST'),
        path: fc
          .array(hostileSegment, { minLength: 1, maxLength: 4 })
          .map((segments) => ({ path: `/api/auth/${segments.join('/')}` })),
        body: {},
        // A hostile path could name a real endpoint (update-user...): only anonymous callers.
        who: ['anonymous'],
      }),
  },

  // ── member (signed in) ──
  {
    name: 'POST /api/bookings',
    route: 'POST /api/bookings',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/bookings',
        body: {
          spaceId: w.ids.approvedSpace,
          date: '2032-03-08',
          startTime: '10:00',
          endTime: '11:00',
          guests: 2,
          contactPhone: '0512345678',
        },
      }).filter((req) => refusedBy(createBookingSchema, req)),
  },
  {
    name: 'GET /api/me/bookings',
    route: 'GET /api/me/bookings',
    area: 'member',
    mustFail: false,
    requests: (w) =>
      shaped(w, { method: 'GET', path: '/api/me/bookings', queryKeys: ['status', 'page'] }),
  },
  {
    name: 'GET /api/me/spaces',
    route: 'GET /api/me/spaces',
    area: 'member',
    mustFail: false,
    requests: (w) =>
      shaped(w, { method: 'GET', path: '/api/me/spaces', queryKeys: ['status', 'page'] }),
  },
  {
    name: 'POST /api/me/bookings/:id/cancel',
    route: 'POST /api/me/bookings/:id/cancel',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: fc.oneof(
          idSegment([w.ids.pendingBooking]).map((id) => ({
            path: `/api/me/bookings/${id}/cancel`,
          })),
          // The real booking, by anyone but its renter (whose cancel would be valid).
          fc.constant({
            path: `/api/me/bookings/${w.ids.pendingBooking}/cancel`,
            who: ['host', 'admin', 'anonymous'] as Who[],
          }),
        ),
      }),
  },
  {
    name: 'GET /api/pages/:page (about, terms, privacy)',
    route: 'GET /api/pages/:page',
    area: 'public',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: fc
          .oneof(hostileSegment, fc.constantFrom('about', 'terms', 'privacy', 'README', '..'))
          .map((page) => ({ path: `/api/pages/${page}` })),
      }),
  },
  {
    name: 'GET /api/me/sessions (signed-in devices)',
    route: 'GET /api/me/sessions',
    area: 'member',
    mustFail: false,
    requests: (w) => shaped(w, { method: 'GET', path: '/api/me/sessions' }),
  },
  {
    // hostile or random ids: never a session of the caller's (the world's sessions stay)
    name: 'DELETE /api/me/sessions/:sessionId (sign out of one device)',
    route: 'DELETE /api/me/sessions/:sessionId',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'DELETE',
        path: idSegment([w.ids.approvedSpace]).map((id) => ({ path: `/api/me/sessions/${id}` })),
      }),
  },
  {
    // signed out only: a signed-in call would end the sessions the other cases use
    name: 'POST /api/me/sessions/end-all (sign out everywhere)',
    route: 'POST /api/me/sessions/end-all',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, { method: 'POST', path: '/api/me/sessions/end-all', who: ['anonymous'] }),
  },
  {
    // signed out only: a signed-in call is a valid request that queues an export (a change the
    // fuzz must not leave); tests/api/account-data-export.test.ts has the signed-in rules
    name: 'POST /api/me/data-export (download my data)',
    route: 'POST /api/me/data-export',
    area: 'member',
    mustFail: true,
    requests: (w) => shaped(w, { method: 'POST', path: '/api/me/data-export', who: ['anonymous'] }),
  },
  {
    name: 'GET /api/me/data-export/:token (the emailed link)',
    route: 'GET /api/me/data-export/:token',
    area: 'member',
    // a `..` segment reaches GET /api/me (a valid read); no hostile token is ever an export
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: hostileSegment.map((token) => ({ path: `/api/me/data-export/${token}` })),
        queryKeys: ['format'],
      }),
  },
  // Changes of email and phone, and "delete my account" (decision 071): a body the schema takes
  // would change a world account (or sign it out for good), so only refused bodies are sent;
  // tests/api/account-contact-changes.test.ts and account-deletion.test.ts have the valid ones.
  {
    name: 'POST /api/me/email-change (change the email)',
    route: 'POST /api/me/email-change',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/me/email-change',
        body: { newEmail: 'new-address@example.test' },
      }).filter((req) => refusedBy(emailChangeSchema, req)),
  },
  {
    // no hostile token is ever a link that was sent
    name: 'POST /api/me/email-change/confirm (the link to the new address)',
    route: 'POST /api/me/email-change/confirm',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/me/email-change/confirm',
        body: { token: 'x'.repeat(43) },
      }),
  },
  {
    name: 'POST /api/me/phone/code (a code to the new number)',
    route: 'POST /api/me/phone/code',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/me/phone/code',
        body: { phone: '0551399901' },
      }).filter((req) => refusedBy(phoneChangeCodeSchema, req)),
  },
  {
    // no world account asked for a code: every code is refused
    name: 'POST /api/me/phone (the new number and its code)',
    route: 'POST /api/me/phone',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/me/phone',
        body: { phone: '0551399902', code: '123456' },
      }),
  },
  {
    name: 'POST /api/me/deletion (delete my account)',
    route: 'POST /api/me/deletion',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, { method: 'POST', path: '/api/me/deletion', body: { confirm: true } }).filter(
        (req) => refusedBy(accountDeletionSchema, req),
      ),
  },
  {
    name: 'PUT /api/me/whatsapp (WhatsApp consent)',
    route: 'PUT /api/me/whatsapp',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, { method: 'PUT', path: '/api/me/whatsapp', body: { optIn: true } }).filter((req) =>
        refusedBy(whatsAppConsentSchema, req, 'PUT'),
      ),
  },
  hostMoveCase('POST', '/pause', 'pause a listing'),
  hostMoveCase('POST', '/resume', 'resume a listing'),
  hostMoveCase('DELETE', '', 'archive a listing'),
  {
    name: 'GET /api/me/spaces/:id (the edit form)',
    route: 'GET /api/me/spaces/:id',
    area: 'member',
    // An empty id segment reaches GET /api/me/spaces (the list): a valid read.
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: fc.oneof(
          idSegment([w.ids.approvedSpace, w.ids.pendingSpace]).map((id) => ({
            path: `/api/me/spaces/${id}`,
          })),
          // Real spaces, by anyone but their host (who may read them).
          fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace).map((id) => ({
            path: `/api/me/spaces/${id}`,
            who: ['renter', 'admin', 'anonymous'] as Who[],
          })),
        ),
      }),
  },
  {
    name: 'PATCH /api/me/spaces/:id (edit a listing)',
    route: 'PATCH /api/me/spaces/:id',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'PATCH',
        path: fc.oneof(
          idSegment([w.ids.approvedSpace, w.ids.pendingSpace]).map((id) => ({
            path: `/api/me/spaces/${id}`,
          })),
          fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace).map((id) => ({
            path: `/api/me/spaces/${id}`,
            who: ['renter', 'admin', 'anonymous'] as Who[],
          })),
          // The host on their own space: the body's rules (an accepted body would be valid).
          fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace).map((id) => ({
            path: `/api/me/spaces/${id}`,
            who: ['host'] as Who[],
          })),
        ),
        body: {
          priceHalalas: 20000,
          nameAr: 'قاعة معدلة',
          bufferMinutes: 15,
          minBookingMinutes: 90,
          imageIds: [w.ids.image],
          opensAt: '09:00',
        },
      }).filter(
        (req) =>
          !(
            req.who === 'host' &&
            /\/api\/me\/spaces\/[0-9a-f-]{36}$/.test(req.url.split('?')[0]!) &&
            // DELETE would archive it (its own case); an accepted body would be a valid edit.
            (req.method === 'DELETE' || !refusedBy(updateSpaceRequestSchema, req, 'PATCH'))
          ),
      ),
  },
  {
    name: 'GET /api/me/spaces/:id/blocks',
    route: 'GET /api/me/spaces/:id/blocks',
    area: 'member',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: idSegment([w.ids.approvedSpace]).map((id) => ({
          path: `/api/me/spaces/${id}/blocks`,
        })),
      }),
  },
  {
    name: 'POST /api/me/spaces/:id/blocks (block a time)',
    route: 'POST /api/me/spaces/:id/blocks',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: fc.oneof(
          idSegment([w.ids.approvedSpace]).map((id) => ({ path: `/api/me/spaces/${id}/blocks` })),
          // The real space: by its host only with a body its schema refuses (filtered below).
          fc.constant({ path: `/api/me/spaces/${w.ids.approvedSpace}/blocks` }),
        ),
        body: { date: '2032-03-08', startTime: '10:00', endTime: '11:00', note: 'عائلي' },
      }).filter(
        (req) =>
          !req.url.startsWith(`/api/me/spaces/${w.ids.approvedSpace}/blocks`) ||
          req.who !== 'host' ||
          refusedBy(createBlockSchema, req),
      ),
  },
  {
    name: 'DELETE /api/me/spaces/:id/blocks/:blockId',
    route: 'DELETE /api/me/spaces/:id/blocks/:blockId',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'DELETE',
        path: fc
          .tuple(idSegment([w.ids.approvedSpace]), idSegment([w.ids.approvedSpace]))
          .map(([id, blockId]) => ({ path: `/api/me/spaces/${id}/blocks/${blockId}` })),
      }),
  },
  {
    name: 'GET /api/me/spaces/:id/calendar',
    route: 'GET /api/me/spaces/:id/calendar',
    area: 'member',
    // The host reading the real space's URL is a valid request (the world made its token).
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: fc
          .oneof(idSegment([w.ids.approvedSpace]), fc.constant(w.ids.approvedSpace))
          .map((id) => ({ path: `/api/me/spaces/${id}/calendar` })),
        queryKeys: ['regenerate'],
      }),
  },
  {
    name: 'POST /api/me/spaces/:id/calendar/regenerate',
    route: 'POST /api/me/spaces/:id/calendar/regenerate',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: fc.oneof(
          idSegment([w.ids.approvedSpace, w.ids.pendingSpace]).map((id) => ({
            path: `/api/me/spaces/${id}/calendar/regenerate`,
          })),
          // The real spaces, by anyone but their host (whose request would be valid).
          fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace).map((id) => ({
            path: `/api/me/spaces/${id}/calendar/regenerate`,
            who: ['renter', 'admin', 'anonymous'] as Who[],
          })),
        ),
      }),
  },
  {
    name: 'GET /api/host/bookings',
    route: 'GET /api/host/bookings',
    area: 'member',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: fc.constantFrom(
          { path: '/api/host/bookings' },
          // The host's own space (a 200 for the host, a 404 for anyone else) and someone's id.
          { path: `/api/host/bookings?spaceId=${w.ids.approvedSpace}` },
          { path: `/api/host/bookings?spaceId=${w.ids.pendingBooking}` },
        ),
        queryKeys: ['spaceId', 'status', 'cursor'],
      }).map((req) =>
        // shaped() appends its own query to the path: join the two with & instead of a second ?.
        ({ ...req, url: req.url.replace(/(\?[^?]*)\?/, '$1&') }),
      ),
  },
  {
    // Issue 37: a crafted cursor with an out-of-range request time answered 500 here.
    name: 'GET /api/host/bookings (crafted cursors)',
    route: 'GET /api/host/bookings',
    area: 'member',
    mustFail: false,
    requests: (w) =>
      hostileRequest(
        w,
        fc
          .tuple(
            fc.option(fc.constantFrom(`spaceId=${w.ids.approvedSpace}`, 'status=pending'), {
              nil: undefined,
            }),
            craftedCursor(['requested', 'newest'], [w.ids.pendingBooking, w.ids.completedBooking]),
          )
          .map(([filter, cursor]) => ({
            method: 'GET',
            path: '/api/host/bookings',
            query: `?${filter ? `${filter}&` : ''}cursor=${cursor}`,
            who: ['host', 'renter'] as Who[],
          })),
      ),
  },
  {
    name: 'GET /api/host/spaces/:id/week',
    route: 'GET /api/host/spaces/:id/week',
    area: 'member',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: fc
          .oneof(
            idSegment([w.ids.approvedSpace]),
            fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace),
          )
          .map((id) => ({ path: `/api/host/spaces/${id}/week` })),
        queryKeys: ['start', 'start'],
      }),
  },
  {
    name: 'POST /api/spaces (list a space)',
    route: 'POST /api/spaces',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/spaces',
        body: {
          type: 'meeting_room',
          listingLanguage: 'ar',
          nameAr: 'قاعة',
          descriptionAr: 'قاعة هادئة',
          city: 'riyadh',
          address: 'طريق الملك فهد',
          country: 'SA',
          googleMapsUrl: '',
          priceHalalas: 15000,
          capacity: 10,
          amenities: ['wifi'],
          contactPhone: '0512345678',
          contactEmail: 'host@example.test',
          imageIds: [w.ids.image],
          availableDays: DAYS,
          opensAt: '08:00',
          closesAt: '22:00',
        },
      }).filter((req) => refusedBy(createSpaceRequestSchema, req)),
  },
  {
    name: 'POST /api/translate',
    route: 'POST /api/translate',
    area: 'member',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: '/api/translate',
        body: { text: 'قاعة هادئة', from: 'ar', to: 'en' },
      }),
  },
  {
    name: 'POST /api/uploads/images',
    route: 'POST /api/uploads/images',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      hostileRequest(
        w,
        fc
          .tuple(
            methodOf('POST'),
            fc.oneof(
              { weight: 3, arbitrary: multipartBody() },
              { weight: 1, arbitrary: hostileBody({ file: 'x' }) },
            ),
          )
          .map(([method, body]) => ({ method, path: '/api/uploads/images', body })),
      ),
  },

  // ── money (issue 32): the host's earnings and payout account ──
  ...(['/api/host/earnings', '/api/host/payout-account'] as const).map((path): FuzzCase => ({
    name: `GET ${path}`,
    route: `GET ${path}`,
    area: 'member',
    mustFail: false,
    requests: (w) => shaped(w, { method: 'GET', path }),
  })),
  {
    name: 'PUT /api/host/payout-account (the IBAN)',
    route: 'PUT /api/host/payout-account',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'PUT',
        path: '/api/host/payout-account',
        body: { iban: 'SA0380000000608010167519', holderName: 'نورة السالم' },
      }).filter((req) => refusedBy(payoutAccountSchema, req, 'PUT')),
  },
  // ── e-invoices (issue 33): the host's invoicing details ──
  {
    name: 'GET /api/host/invoicing-details',
    route: 'GET /api/host/invoicing-details',
    area: 'member',
    mustFail: false,
    requests: (w) => shaped(w, { method: 'GET', path: '/api/host/invoicing-details' }),
  },
  {
    name: 'PUT /api/host/invoicing-details (the seller and national address)',
    route: 'PUT /api/host/invoicing-details',
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'PUT',
        path: '/api/host/invoicing-details',
        body: SELLER_DETAILS,
      }).filter((req) => refusedBy(invoicingDetailsSchema, req, 'PUT')),
  },

  // ── admin ──
  ...(
    [
      ['spaces', ['status', 'page', 'pageSize']],
      ['bookings', ['status', 'page', 'pageSize']],
      ['audit', ['page', 'pageSize']],
    ] as const
  ).map(([name, keys]): FuzzCase => ({
    name: `GET /api/admin/${name}`,
    route: `GET /api/admin/${name}`,
    area: 'admin',
    mustFail: false,
    requests: (w) => shaped(w, { method: 'GET', path: `/api/admin/${name}`, queryKeys: [...keys] }),
  })),
  ...(
    [
      // An approval names the version the desk showed (issue 37): its body is fuzzed too.
      ['spaces', 'approve', approveSpaceSchema],
      ['spaces', 'reject', rejectSpaceSchema],
      ['bookings', 'confirm', null],
      ['bookings', 'reject', rejectBookingSchema],
      ['bookings', 'cancel', cancelBookingSchema],
      ['revisions', 'approve', approveSpaceSchema],
      ['revisions', 'reject', rejectSpaceSchema],
    ] as const
  ).map(([kind, action, schema]): FuzzCase => ({
    name: `POST /api/admin/${kind}/:id/${action}`,
    route: `POST /api/admin/${kind}/:id/${action}`,
    area: 'admin',
    mustFail: true,
    requests: (w) => {
      const real = {
        spaces: w.ids.pendingSpace,
        bookings: w.ids.pendingBooking,
        revisions: w.ids.pendingRevision,
      }[kind];
      return shaped(w, {
        method: 'POST',
        path: fc.oneof(
          idSegment([real]).map((id) => ({ path: `/api/admin/${kind}/${id}/${action}` })),
          // The real pending item: an admin reaches the body's rules (a body-less decision by
          // an admin would be valid, so only the others send it).
          fc.constant({
            path: `/api/admin/${kind}/${real}/${action}`,
            who: (schema
              ? ['admin', 'renter', 'host', 'anonymous']
              : ['renter', 'host', 'anonymous']) as Who[],
          }),
        ),
        body: schema
          ? action === 'approve'
            ? { version: '0123456789abcdef0123' }
            : { reason: 'الصور ناقصة' }
          : {},
      }).filter(
        (req) =>
          !(req.url.includes(real) && req.who === 'admin' && schema && !refusedBy(schema, req)),
      );
    },
  })),
  // payouts (issue 32): nothing is due in the fuzz world, so a run is a 409 for an admin
  ...(['/api/admin/payouts/due', '/api/admin/payouts'] as const).map((path): FuzzCase => ({
    name: `GET ${path}`,
    route: `GET ${path}`,
    area: 'admin',
    mustFail: false,
    requests: (w) => shaped(w, { method: 'GET', path }),
  })),
  {
    name: 'POST /api/admin/payouts (run a payout)',
    route: 'POST /api/admin/payouts',
    area: 'admin',
    mustFail: false,
    requests: (w) => shaped(w, { method: 'POST', path: '/api/admin/payouts' }),
  },
  {
    name: "GET /api/admin/payouts/:id/transfers.csv (the bank's file)",
    route: 'GET /api/admin/payouts/:id/transfers.csv',
    area: 'admin',
    mustFail: false,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: idSegment([w.ids.pendingBooking]).map((id) => ({
          path: `/api/admin/payouts/${id}/transfers.csv`,
        })),
      }),
  },
  ...reviewCases(),
  ...decisionCases(),
  ...paymentCases(),
  ...messageCases(),
  ...invoiceCases(),
];

/** The path without its query: whether a request aims at one real item exactly. */
const pathOf = (req: HostileRequest) => req.url.split('?')[0]!;

/** shaped() appends its own query to a path that has one: join the two with & instead. */
const joinQueries = (req: HostileRequest): HostileRequest => ({
  ...req,
  url: req.url.replace(/(\?[^?]*)\?/, '$1&'),
});

/**
 * A change to one real item by whoever may make it: hostile ids by anyone; the real item by
 * anyone, its rightful callers only with a body the route's schema refuses (a valid one would
 * be a valid change). `realPath` is the item's path; `rightful` who may change it.
 */
function changeCase(input: {
  name: string;
  route: string;
  area: Area;
  method: 'POST' | 'PUT';
  path: (id: string) => string;
  real: (w: FuzzWorld) => string;
  rightful: Who[];
  schema: z.ZodType;
  body: (w: FuzzWorld) => Record<string, unknown>;
}): FuzzCase {
  return {
    name: input.name,
    route: input.route,
    area: input.area,
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: input.method,
        path: fc.oneof(
          idSegment([input.real(w)]).map((id) => ({ path: input.path(id) })),
          fc.constant({ path: input.path(input.real(w)) }),
        ),
        body: input.body(w),
      }).filter(
        (req) =>
          !(
            pathOf(req) === input.path(input.real(w)) &&
            input.rightful.includes(req.who) &&
            !refusedBy(input.schema, req, input.method)
          ),
      ),
  };
}

/**
 * Hosts deciding their own requests (issue 35, decision 058). The world's space is in the
 * admin's mode, so the host's confirm and decline are refused (HOST_DECISIONS_OFF); no world
 * booking is confirmed, so a cancel is refused too; anyone else's try is a 404.
 */
function decisionCases(): FuzzCase[] {
  const bookingMove = (
    action: 'confirm' | 'decline' | 'cancel',
    body?: Record<string, unknown>,
  ): FuzzCase => ({
    name: `POST /api/host/bookings/:id/${action}`,
    route: `POST /api/host/bookings/:id/${action}`,
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'POST',
        path: fc.oneof(
          idSegment([w.ids.pendingBooking, w.ids.completedBooking]).map((id) => ({
            path: `/api/host/bookings/${id}/${action}`,
          })),
          fc.constantFrom(w.ids.pendingBooking, w.ids.completedBooking).map((id) => ({
            path: `/api/host/bookings/${id}/${action}`,
          })),
        ),
        ...(body ? { body } : {}),
      }),
  });
  return [
    bookingMove('confirm'),
    bookingMove('decline', { reason: 'القاعة محجوزة لصيانة' }),
    bookingMove('cancel', { reason: 'انقطاع الكهرباء' }),
    {
      name: 'GET /api/host/spaces/:id/decision-mode',
      route: 'GET /api/host/spaces/:id/decision-mode',
      area: 'member',
      mustFail: false,
      requests: (w) =>
        shaped(w, {
          method: 'GET',
          path: fc
            .oneof(
              idSegment([w.ids.approvedSpace]),
              fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace),
            )
            .map((id) => ({ path: `/api/host/spaces/${id}/decision-mode` })),
        }),
    },
    changeCase({
      name: 'PUT /api/host/spaces/:id/decision-mode',
      route: 'PUT /api/host/spaces/:id/decision-mode',
      area: 'member',
      method: 'PUT',
      path: (id) => `/api/host/spaces/${id}/decision-mode`,
      real: (w) => w.ids.approvedSpace,
      rightful: ['host'],
      schema: decisionModeSchema,
      body: () => ({ mode: 'host' }),
    }),
    {
      name: "GET /api/admin/hosts/:id (a host's record)",
      route: 'GET /api/admin/hosts/:id',
      area: 'admin',
      mustFail: false,
      requests: (w) =>
        shaped(w, {
          method: 'GET',
          path: fc
            .oneof(idSegment([w.ids.host]), fc.constantFrom(w.ids.host, w.ids.approvedSpace))
            .map((id) => ({ path: `/api/admin/hosts/${id}` })),
        }),
    },
    changeCase({
      name: 'PUT /api/admin/hosts/:id/decision-modes',
      route: 'PUT /api/admin/hosts/:id/decision-modes',
      area: 'admin',
      method: 'PUT',
      path: (id) => `/api/admin/hosts/${id}/decision-modes`,
      real: (w) => w.ids.host,
      rightful: ['admin'],
      schema: hostDecisionModesSchema,
      body: () => ({ modes: ['admin', 'host'] }),
    }),
  ];
}

/**
 * Payments (issue 33): paying a booking (none of the world's is confirmed, so none is payable),
 * the gateway's webhook (its secret is never guessed) and the page the gateway sends the
 * browser back to (a payment it does not know is a "pending" page, never a 5xx).
 */
function paymentCases(): FuzzCase[] {
  return [
    {
      name: 'POST /api/me/bookings/:id/pay',
      route: 'POST /api/me/bookings/:id/pay',
      area: 'member',
      mustFail: true,
      requests: (w) =>
        shaped(w, {
          method: 'POST',
          path: fc
            .oneof(
              idSegment([w.ids.pendingBooking]),
              fc.constantFrom(w.ids.pendingBooking, w.ids.completedBooking),
            )
            .map((id) => ({ path: `/api/me/bookings/${id}/pay` })),
        }),
    },
    {
      name: 'POST /api/payments/webhook (a forged event)',
      route: 'POST /api/payments/webhook',
      area: 'public',
      mustFail: true,
      requests: (w) =>
        shaped(w, {
          method: 'POST',
          path: '/api/payments/webhook',
          body: {
            id: 'evt_fuzz',
            type: 'payment_paid',
            secret_token: 'not-the-secret',
            data: {
              id: 'pay_fuzz',
              status: 'paid',
              metadata: { payment_id: w.ids.pendingBooking },
            },
          },
        }),
    },
    {
      name: "GET /api/payments/:id/callback (the gateway's way back)",
      route: 'GET /api/payments/:id/callback',
      area: 'public',
      mustFail: false,
      requests: (w) =>
        shaped(w, {
          method: 'GET',
          path: fc
            .oneof(idSegment([w.ids.pendingBooking]), fc.uuid())
            .map((id) => ({ path: `/api/payments/${id}/callback` })),
          queryKeys: ['id', 'status', 'message'],
        }),
    },
  ];
}

/**
 * An inbox cursor: shaped like the server's (`craftedCursor`: `["inbox", [time], id]`, the time
 * as PostgreSQL writes it, issue 37), so it reaches the key checks; and now and then the
 * cursor's former shape (base64url of `<ISO time>|<conversation id>`) with times anywhere in
 * JavaScript's range (far past PostgreSQL's), numbers and hostile text, the id real, random or
 * hostile, a part missing or one too many — which must stay a 400 too.
 */
const inboxCursor = (realIds: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: craftedCursor(['inbox'], realIds) },
    { weight: 1, arbitrary: formerInboxCursor(realIds) },
  );
const formerInboxCursor = (realIds: string[]) =>
  fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            '-271821-04-20T00:00:00.000Z',
            '+275760-09-13T00:00:00.000Z',
            '-004714-11-23T00:00:00.000Z',
            '0000-01-01T00:00:00.000Z',
            '1970-01-01',
            '0',
            '-1',
            '2026-02-30T25:61:61Z',
          ),
        },
        { weight: 1, arbitrary: hostileNumber.map(String) },
        { weight: 1, arbitrary: hostileString },
      ),
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...realIds) },
        { weight: 2, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: hostileString },
      ),
      fc.constantFrom('', '|x', '|'),
    )
    .map(([at, id, tail]) => Buffer.from(`${at}|${id}${tail}`, 'utf8').toString('base64url'));

/** A message-id cursor (before/after): real ids, numbers up to 18 digits and past, text. */
const messageCursor = (realId: string) =>
  fc.oneof(
    fc.constantFrom(realId, '0', '1', '9'.repeat(18), '9'.repeat(19), '9007199254740993'),
    fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }).map(String),
    hostileNumber.map(String),
    hostileString.map(encode),
  );

/**
 * Conversations (issue 34, decisions 056 and 057): the inbox, a thread, sending, reading,
 * blocks, reports, contact privacy, the admins' desk and the live stream. The world's one
 * conversation is the renter's question to the host; a valid change by one of its members is
 * filtered out (it would write).
 */
function messageCases(): FuzzCase[] {
  const members: Who[] = ['renter', 'host', 'admin'];
  const inboxCases = (path: string, area: Area): FuzzCase[] => [
    {
      name: `GET ${path}`,
      route: `GET ${path}`,
      area,
      mustFail: false,
      requests: (w) => shaped(w, { method: 'GET', path, queryKeys: ['cursor'] }),
    },
    {
      name: `GET ${path} (crafted cursors)`,
      route: `GET ${path}`,
      area,
      mustFail: false,
      requests: (w) =>
        hostileRequest(
          w,
          inboxCursor([w.ids.conversation]).map((cursor) => ({
            method: 'GET',
            path,
            query: `?cursor=${cursor}`,
          })),
        ),
    },
  ];
  const conversationPath = (w: FuzzWorld, suffix: string) =>
    fc
      .oneof(
        { weight: 2, arbitrary: idSegment([w.ids.conversation]) },
        { weight: 1, arbitrary: fc.constantFrom(w.ids.conversation, w.ids.approvedSpace) },
      )
      .map((id) => ({ path: `/api/conversations/${id}${suffix}` }));
  return [
    ...inboxCases('/api/me/conversations', 'member'),
    ...inboxCases('/api/admin/conversations', 'admin'),
    ...(['/api/me/unread', '/api/admin/message-reports', '/api/admin/response-times'] as const).map(
      (path): FuzzCase => ({
        name: `GET ${path}`,
        route: `GET ${path}`,
        area: path.startsWith('/api/admin/') ? 'admin' : 'member',
        mustFail: false,
        requests: (w) => shaped(w, { method: 'GET', path }),
      }),
    ),
    {
      name: 'GET /api/conversations/:id',
      route: 'GET /api/conversations/:id',
      area: 'member',
      mustFail: false,
      requests: (w) => shaped(w, { method: 'GET', path: conversationPath(w, '') }),
    },
    {
      name: 'GET /api/conversations/:id/messages',
      route: 'GET /api/conversations/:id/messages',
      area: 'member',
      mustFail: false,
      requests: (w) =>
        shaped(w, {
          method: 'GET',
          path: conversationPath(w, '/messages'),
          queryKeys: ['before', 'after'],
        }),
    },
    {
      name: 'GET /api/conversations/:id/messages (crafted cursors)',
      route: 'GET /api/conversations/:id/messages',
      area: 'member',
      mustFail: false,
      requests: (w) =>
        hostileRequest(
          w,
          fc
            .tuple(
              fc.constantFrom('before', 'after'),
              messageCursor(w.ids.message),
              fc.option(messageCursor(w.ids.message), { nil: undefined }),
            )
            .map(([key, cursor, other]) => ({
              method: 'GET',
              path: `/api/conversations/${w.ids.conversation}/messages`,
              query: `?${key}=${cursor}${other === undefined ? '' : `&${key === 'before' ? 'after' : 'before'}=${other}`}`,
            })),
        ),
    },
    changeCase({
      name: 'POST /api/conversations/:id/messages (send)',
      route: 'POST /api/conversations/:id/messages',
      area: 'member',
      method: 'POST',
      path: (id) => `/api/conversations/${id}/messages`,
      real: (w) => w.ids.conversation,
      rightful: members,
      schema: sendMessageSchema,
      body: () => ({ body: 'نعم، متاحة من العاشرة' }),
    }),
    changeCase({
      name: 'POST /api/conversations/:id/read',
      route: 'POST /api/conversations/:id/read',
      area: 'member',
      method: 'POST',
      path: (id) => `/api/conversations/${id}/read`,
      real: (w) => w.ids.conversation,
      rightful: members,
      schema: readSchema,
      body: (w) => ({ upTo: Number(w.ids.message) }),
    }),
    changeCase({
      name: 'PUT /api/conversations/:id/block',
      route: 'PUT /api/conversations/:id/block',
      area: 'member',
      method: 'PUT',
      path: (id) => `/api/conversations/${id}/block`,
      real: (w) => w.ids.conversation,
      rightful: members,
      schema: blockSchema,
      body: () => ({ blocked: true }),
    }),
    changeCase({
      name: 'POST /api/messages/:id/report',
      route: 'POST /api/messages/:id/report',
      area: 'member',
      method: 'POST',
      path: (id) => `/api/messages/${id}/report`,
      real: (w) => w.ids.message,
      rightful: members,
      schema: reportMessageSchema,
      body: () => ({ reason: 'رسالة مزعجة' }),
    }),
    changeCase({
      name: 'POST /api/spaces/:id/conversation (ask the host)',
      route: 'POST /api/spaces/:id/conversation',
      area: 'member',
      method: 'POST',
      path: (id) => `/api/spaces/${id}/conversation`,
      real: (w) => w.ids.approvedSpace,
      rightful: members,
      schema: sendMessageSchema,
      body: () => ({ body: 'هل يوجد موقف سيارات؟' }),
    }),
    changeCase({
      name: 'PUT /api/host/spaces/:id/contact-privacy',
      route: 'PUT /api/host/spaces/:id/contact-privacy',
      area: 'member',
      method: 'PUT',
      path: (id) => `/api/host/spaces/${id}/contact-privacy`,
      real: (w) => w.ids.approvedSpace,
      rightful: ['host'],
      schema: contactPrivacySchema,
      body: () => ({ contactPrivate: true }),
    }),
    {
      name: "GET /api/bookings/:id/conversation (a booking's conversation)",
      route: 'GET /api/bookings/:id/conversation',
      area: 'member',
      mustFail: false,
      requests: (w) =>
        shaped(w, {
          method: 'GET',
          path: fc
            .oneof(
              idSegment([w.ids.pendingBooking]),
              fc.constantFrom(w.ids.pendingBooking, w.ids.completedBooking),
            )
            .map((id) => ({ path: `/api/bookings/${id}/conversation` })),
        }),
    },
    {
      // The live stream: an accepted request opens an event stream the case reads and closes.
      name: 'GET /api/messages/live (the live stream)',
      route: 'GET /api/messages/live',
      area: 'member',
      mustFail: false,
      streams: true,
      requests: (w) =>
        shaped(w, {
          method: 'GET',
          path: fc
            .tuple(
              fc.option(
                fc.oneof(
                  fc.constantFrom(w.ids.conversation, w.ids.approvedSpace),
                  hostileString.map(encode),
                ),
                { nil: undefined },
              ),
              fc.option(messageCursor(w.ids.message), { nil: undefined }),
            )
            .map(([conversation, after]) => {
              const query = [
                ...(conversation === undefined ? [] : [`conversation=${conversation}`]),
                ...(after === undefined ? [] : [`after=${after}`]),
              ].join('&');
              return { path: `/api/messages/live${query ? `?${query}` : ''}` };
            }),
          queryKeys: ['after', 'conversation'],
        }).map(joinQueries),
    },
  ];
}

/**
 * Reviews (issue 18): the space's list for anyone; writing and editing by the booking's renter,
 * the host's reply and an admin's hiding. The one legitimate caller of each, on the real item,
 * sends only bodies its schema refuses (a valid one would write); everyone else anything.
 */
function reviewCases(): FuzzCase[] {
  const acting = (
    name: string,
    method: 'POST' | 'PATCH',
    area: FuzzCase['area'],
    pathOf: (id: string) => string,
    real: (w: FuzzWorld) => string,
    actor: Who,
    schema: z.ZodType,
    body: Record<string, unknown>,
  ): FuzzCase => ({
    name,
    route: `${method} ${pathOf(':id')}`,
    area,
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method,
        path: fc.oneof(
          idSegment([real(w)]).map((id) => ({ path: pathOf(id) })),
          fc.constant({ path: pathOf(real(w)) }),
        ),
        body,
      }).filter(
        (req) =>
          // Writing and editing share a path: either method with a valid body would write.
          !(
            req.url.includes(real(w)) &&
            req.who === actor &&
            ['POST', 'PATCH'].includes(req.method) &&
            !refusedBy(schema, req, req.method)
          ),
      ),
  });
  return [
    {
      name: 'GET /api/spaces/:id/reviews',
      route: 'GET /api/spaces/:id/reviews',
      area: 'public',
      mustFail: false,
      requests: (w) =>
        shaped(w, {
          method: 'GET',
          path: fc
            .oneof(
              idSegment([w.ids.approvedSpace]),
              fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace),
            )
            .map((id) => ({ path: `/api/spaces/${id}/reviews` })),
          queryKeys: ['cursor', 'limit'],
        }),
    },
    {
      // Issue 37: a crafted cursor with an out-of-range timestamp answered 500, signed out.
      name: 'GET /api/spaces/:id/reviews (crafted cursors)',
      route: 'GET /api/spaces/:id/reviews',
      area: 'public',
      mustFail: false,
      requests: (w) =>
        hostileRequest(
          w,
          fc
            .tuple(
              fc.constantFrom(w.ids.approvedSpace, w.ids.pendingSpace),
              craftedCursor(['reviews', 'newest'], [w.ids.review]),
            )
            .map(([id, cursor]) => ({
              method: 'GET',
              path: `/api/spaces/${id}/reviews`,
              query: `?cursor=${cursor}`,
            })),
        ),
    },
    acting(
      'POST /api/me/bookings/:id/review',
      'POST',
      'member',
      (id) => `/api/me/bookings/${id}/review`,
      (w) => w.ids.completedBooking,
      'renter',
      reviewInputSchema,
      { stars: 4, body: 'قاعة هادئة' },
    ),
    acting(
      'PATCH /api/me/bookings/:id/review',
      'PATCH',
      'member',
      (id) => `/api/me/bookings/${id}/review`,
      (w) => w.ids.completedBooking,
      'renter',
      reviewInputSchema,
      { stars: 2, body: 'Noisy' },
    ),
    acting(
      'POST /api/host/reviews/:id/reply',
      'POST',
      'member',
      (id) => `/api/host/reviews/${id}/reply`,
      (w) => w.ids.review,
      'host',
      hostReplySchema,
      { body: 'شكرًا لك' },
    ),
    acting(
      'POST /api/admin/reviews/:id/hide',
      'POST',
      'admin',
      (id) => `/api/admin/reviews/${id}/hide`,
      (w) => w.ids.review,
      'admin',
      hideReviewSchema,
      { reason: 'Spam' },
    ),
  ];
}

/** Multipart bodies: hostile file names, field names and part headers; bytes that are no image. */
function multipartBody(): fc.Arbitrary<Body> {
  return fc
    .tuple(
      fc.oneof(
        hostileString,
        fc.constantFrom('../../x.jpg', 'a.jpg', 'C:\\x.png', '.htaccess', 'x.php.jpg'),
      ),
      fc.oneof(fc.constantFrom('file', 'image', ''), hostileString),
      fc.constantFrom('image/jpeg', 'image/png', 'text/html', 'application/x-msdownload', ''),
      fc
        .uint8Array({ maxLength: 4096 })
        .filter((bytes) => sniffImageFormat(Buffer.from(bytes)) === null),
      fc.constantFrom('whole', 'truncated', 'two-files', 'wrong-boundary', 'no-file'),
    )
    .map(([fileName, field, type, bytes, form]) => {
      const boundary = 'fuzzboundary7MA4YWxk';
      const part = (name: string, fname: string | null, data: Buffer) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${fname === null ? '' : `; filename="${fname}"`}\r\n` +
              (type ? `Content-Type: ${type}\r\n` : '') +
              '\r\n',
          ),
          data,
          Buffer.from('\r\n'),
        ]);
      const file = part(field, fileName, Buffer.from(bytes));
      const end = Buffer.from(`--${boundary}--\r\n`);
      const payload =
        form === 'whole'
          ? Buffer.concat([file, end])
          : form === 'truncated'
            ? file.subarray(0, Math.max(1, file.length >> 1))
            : form === 'two-files'
              ? Buffer.concat([file, part('file2', 'b.jpg', Buffer.from(bytes)), end])
              : form === 'no-file'
                ? Buffer.concat([part('note', null, Buffer.from(fileName)), end])
                : Buffer.concat([file, end]);
      const contentType =
        form === 'wrong-boundary'
          ? 'multipart/form-data; boundary=other'
          : `multipart/form-data; boundary=${boundary}`;
      return { payload, contentType };
    });
}

/**
 * E-invoices (issue 33): a document by any id but a real one by its readers is a 404; the host's
 * and the admin's lists with hostile filters and crafted cursors; a report retry of anything but
 * a failed report is refused (the world's receipt needs no report: a 409).
 */
function invoiceCases(): FuzzCase[] {
  const documentCase = (suffix: '' | '/pdf'): FuzzCase => ({
    name: `GET /api/invoices/:id${suffix}`,
    route: `GET /api/invoices/:id${suffix}`,
    area: 'member',
    mustFail: true,
    requests: (w) =>
      shaped(w, {
        method: 'GET',
        path: idSegment([w.ids.invoice]).map((id) => ({ path: `/api/invoices/${id}${suffix}` })),
        queryKeys: ['download'],
      }),
  });
  return [
    documentCase(''),
    documentCase('/pdf'),
    {
      name: 'GET /api/host/invoices',
      route: 'GET /api/host/invoices',
      area: 'member',
      mustFail: false,
      requests: (w) =>
        shaped(w, { method: 'GET', path: '/api/host/invoices', queryKeys: ['cursor'] }),
    },
    {
      name: 'GET /api/host/invoices (crafted cursors)',
      route: 'GET /api/host/invoices',
      area: 'member',
      mustFail: false,
      requests: (w) =>
        hostileRequest(
          w,
          craftedCursor(['issued', 'requested'], [w.ids.invoice, w.ids.completedBooking]).map(
            (cursor) => ({
              method: 'GET',
              path: '/api/host/invoices',
              query: `?cursor=${cursor}`,
              who: ['host', 'renter'] as Who[],
            }),
          ),
        ),
    },
    {
      name: 'GET /api/admin/invoices',
      route: 'GET /api/admin/invoices',
      area: 'admin',
      mustFail: false,
      requests: (w) =>
        shaped(w, { method: 'GET', path: '/api/admin/invoices', queryKeys: ['status', 'cursor'] }),
    },
    {
      name: 'GET /api/admin/invoices (crafted cursors)',
      route: 'GET /api/admin/invoices',
      area: 'admin',
      mustFail: false,
      requests: (w) =>
        hostileRequest(
          w,
          fc
            .tuple(
              fc.option(fc.constantFrom('status=problem', 'status=failed'), { nil: undefined }),
              craftedCursor(['issued', 'requested'], [w.ids.invoice]),
            )
            .map(([filter, cursor]) => ({
              method: 'GET',
              path: '/api/admin/invoices',
              query: `?${filter ? `${filter}&` : ''}cursor=${cursor}`,
              who: ['admin'] as Who[],
            })),
        ),
    },
    {
      name: 'POST /api/admin/invoices/:id/report (retry a failed report)',
      route: 'POST /api/admin/invoices/:id/report',
      area: 'admin',
      mustFail: true,
      requests: (w) =>
        shaped(w, {
          method: 'POST',
          path: fc.oneof(
            idSegment([w.ids.invoice]).map((id) => ({
              path: `/api/admin/invoices/${id}/report`,
            })),
            fc.constant({ path: `/api/admin/invoices/${w.ids.invoice}/report` }),
          ),
        }),
    },
  ];
}
