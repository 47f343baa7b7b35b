import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReview, createSpace, createUser } from '../fixtures/factories.ts';
import { deskVersion, insertBooking, signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Every admin endpoint × every kind of caller → 401 signed out, 403 for renters and hosts, 2xx
 * for admin and super_admin. Authorisation is the server's (docs/architecture.md); the web's hidden
 * link is a convenience. The owner-only endpoints of later issues join the second table as they
 * land (the merger extends it).
 */
type Who = 'signedOut' | 'renter' | 'host' | 'admin' | 'superAdmin';
const WHO: Who[] = ['signedOut', 'renter', 'host', 'admin', 'superAdmin'];
const PASSWORD = 'Matrix#2026hs';

describe('authorization matrix', () => {
  let t: TestApp;
  const cookies: Partial<Record<Who, string>> = {};
  let hostId: string;
  let renterId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
    const db = t.deps.database.db;
    const made = {
      renter: await createUser(db, { email: 'm-renter@example.test', password: PASSWORD }),
      host: await createUser(db, { email: 'm-host@example.test', password: PASSWORD }),
      admin: await createUser(db, {
        email: 'm-admin@example.test',
        password: PASSWORD,
        roles: ['admin'],
      }),
      superAdmin: await createUser(db, {
        email: 'm-super@example.test',
        password: PASSWORD,
        roles: ['super_admin'],
      }),
    };
    hostId = made.host.id;
    renterId = made.renter.id;
    await createSpace(db, { hostId, status: 'pending' });
    for (const [who, user] of Object.entries(made))
      cookies[who as Who] = await signInCookie(t, user.email, PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  let shownVersion = '';
  /** Each decision gets a fresh pending item, so an allowed caller's answer is a real 200. */
  async function freshSpace() {
    return (await createSpace(t.deps.database.db, { hostId, status: 'pending' })).id;
  }
  let day = 0;
  async function freshBooking() {
    day += 1;
    const booking = await insertBooking(t.deps.database.db, {
      spaceId: await freshSpace(),
      renterId,
      renterEmail: 'm-renter@example.test',
      date: `2032-01-${String(day).padStart(2, '0')}`,
      startTime: '10:00',
      endTime: '11:00',
    });
    return booking.id;
  }
  /** A visible review of a completed booking, so an allowed caller's hide is a real 200. */
  async function freshReview() {
    day += 1;
    const space = await createSpace(t.deps.database.db, { hostId, status: 'approved' });
    const booking = await insertBooking(t.deps.database.db, {
      spaceId: space.id,
      renterId,
      renterEmail: 'm-renter@example.test',
      date: `2026-01-${String((day % 28) + 1).padStart(2, '0')}`,
      startTime: '10:00',
      endTime: '11:00',
      status: 'completed',
    });
    return (await createReview(t.deps.database.db, { bookingId: booking.id, stars: 4 })).id;
  }

  const endpoints: {
    name: string;
    method: 'GET' | 'POST';
    url: () => Promise<string>;
    payload?: object | (() => object);
  }[] = [
    { name: 'list spaces', method: 'GET', url: async () => '/api/admin/spaces?status=pending' },
    {
      name: 'approve space',
      method: 'POST',
      url: async () => {
        const id = await freshSpace();
        // The approval names the version the desk shows (issue 37), so an allowed caller's is a real 200.
        shownVersion = await deskVersion(t, cookies.admin!, id);
        return `/api/admin/spaces/${id}/approve`;
      },
      payload: () => ({ version: shownVersion }),
    },
    {
      name: 'reject space',
      method: 'POST',
      url: async () => `/api/admin/spaces/${await freshSpace()}/reject`,
      payload: { reason: 'Photos missing' },
    },
    { name: 'list bookings', method: 'GET', url: async () => '/api/admin/bookings?status=pending' },
    {
      name: 'confirm booking',
      method: 'POST',
      url: async () => `/api/admin/bookings/${await freshBooking()}/confirm`,
    },
    {
      name: 'reject booking',
      method: 'POST',
      url: async () => `/api/admin/bookings/${await freshBooking()}/reject`,
    },
    { name: 'audit log', method: 'GET', url: async () => '/api/admin/audit' },
    {
      name: 'hide review',
      method: 'POST',
      url: async () => `/api/admin/reviews/${await freshReview()}/hide`,
      payload: { reason: 'Spam' },
    },
  ];
  const expected: Record<Who, number> = {
    signedOut: 401,
    renter: 403,
    host: 403,
    admin: 200,
    superAdmin: 200,
  };

  for (const endpoint of endpoints) {
    for (const who of WHO) {
      it(`${endpoint.name} × ${who} → ${expected[who]}`, async () => {
        const res = await t.app.inject({
          method: endpoint.method,
          url: await endpoint.url(),
          ...(endpoint.payload
            ? {
                payload:
                  typeof endpoint.payload === 'function' ? endpoint.payload() : endpoint.payload,
              }
            : {}),
          headers: { 'accept-language': 'en', ...(cookies[who] ? { cookie: cookies[who] } : {}) },
        });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(expected[who]);
        if (expected[who] === 401) expect(res.json().error.code).toBe('UNAUTHORIZED');
        if (expected[who] === 403) expect(res.json().error.code).toBe('FORBIDDEN');
      });
    }
  }

  it('a signed-out or non-admin caller learns nothing from a malformed admin request', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/spaces/not-a-uuid/reject',
      payload: { reason: 'x'.repeat(5000) },
      headers: { cookie: cookies.renter! },
    });
    expect(bad.statusCode).toBe(403);
    const out = await t.app.inject({ method: 'GET', url: '/api/admin/spaces?status=nope' });
    expect(out.statusCode).toBe(401);
  });

  // Owner-only endpoints: the signed-in user's own account, bookings and listings.
  describe('owner-only', () => {
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) =>
      t.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { 'accept-language': 'en', ...(cookies[who] ? { cookie: cookies[who] } : {}) },
      });

    for (const who of ['signedOut', 'renter', 'host'] as const) {
      it(`GET /api/me × ${who} → ${who === 'signedOut' ? 401 : "200 with the caller's own user"}`, async () => {
        const res = await call('GET', '/api/me', who);
        if (who === 'signedOut') {
          expect(res.statusCode).toBe(401);
          return;
        }
        expect(res.statusCode).toBe(200);
        expect(res.json().user.email).toBe(`m-${who}@example.test`);
        expect(res.json().roles).toEqual([]);
      });
    }

    it('GET /api/me/bookings: the owner sees the booking, another user does not, signed out → 401', async () => {
      const id = await freshBooking();
      const own = await call('GET', '/api/me/bookings', 'renter');
      expect(own.statusCode).toBe(200);
      expect(own.json().items.map((b: { id: string }) => b.id)).toContain(id);
      const other = await call('GET', '/api/me/bookings', 'host');
      expect(other.statusCode).toBe(200);
      expect(other.json().items.map((b: { id: string }) => b.id)).not.toContain(id);
      expect((await call('GET', '/api/me/bookings', 'signedOut')).statusCode).toBe(401);
    });

    it('POST /api/me/bookings/:id/cancel: another user → 404, signed out → 401, the owner → 200', async () => {
      const id = await freshBooking();
      const url = `/api/me/bookings/${id}/cancel`;
      expect((await call('POST', url, 'signedOut')).statusCode).toBe(401);
      const other = await call('POST', url, 'host');
      expect(other.statusCode).toBe(404);
      expect((await call('POST', url, 'admin')).statusCode).toBe(404);
      const own = await call('POST', url, 'renter');
      expect(own.statusCode).toBe(200);
      expect(own.json().status).toBe('cancelled');
    });

    it('GET /api/me/spaces: the host sees the listing, another user does not, signed out → 401', async () => {
      const id = await freshSpace();
      const own = await call('GET', '/api/me/spaces', 'host');
      expect(own.statusCode).toBe(200);
      expect(own.json().items.map((s: { id: string }) => s.id)).toContain(id);
      const other = await call('GET', '/api/me/spaces', 'renter');
      expect(other.json().items.map((s: { id: string }) => s.id)).not.toContain(id);
      expect((await call('GET', '/api/me/spaces', 'signedOut')).statusCode).toBe(401);
    });

    // A host's controls of their own space (issue 17): anyone else gets the same 404 as for a
    // space that does not exist; signed out, 401; the host, a real answer.
    const hostOnly: {
      name: string;
      method: 'GET' | 'POST' | 'DELETE';
      url: (spaceId: string) => Promise<string>;
      payload?: object;
      ok: number;
    }[] = [
      { name: 'pause', method: 'POST', url: async (id) => `/api/me/spaces/${id}/pause`, ok: 200 },
      { name: 'resume', method: 'POST', url: async (id) => `/api/me/spaces/${id}/resume`, ok: 200 },
      { name: 'archive', method: 'DELETE', url: async (id) => `/api/me/spaces/${id}`, ok: 200 },
      {
        name: 'list blocks',
        method: 'GET',
        url: async (id) => `/api/me/spaces/${id}/blocks`,
        ok: 200,
      },
      {
        name: 'add a block',
        method: 'POST',
        url: async (id) => `/api/me/spaces/${id}/blocks`,
        payload: { date: '2032-02-01', startTime: '10:00', endTime: '11:00' },
        ok: 201,
      },
      {
        name: 'remove a block',
        method: 'DELETE',
        url: async (id) => {
          const res = await call('POST', `/api/me/spaces/${id}/blocks`, 'host', {
            date: '2032-02-02',
            startTime: '10:00',
            endTime: '11:00',
          });
          return `/api/me/spaces/${id}/blocks/${res.json().id}`;
        },
        ok: 204,
      },
      {
        name: 'calendar URL',
        method: 'GET',
        url: async (id) => `/api/me/spaces/${id}/calendar`,
        ok: 200,
      },
      {
        name: 'new calendar URL',
        method: 'POST',
        url: async (id) => `/api/me/spaces/${id}/calendar/regenerate`,
        ok: 200,
      },
      { name: 'week', method: 'GET', url: async (id) => `/api/host/spaces/${id}/week`, ok: 200 },
      {
        name: 'requests on the space',
        method: 'GET',
        url: async (id) => `/api/host/bookings?spaceId=${id}`,
        ok: 200,
      },
    ];
    for (const endpoint of hostOnly) {
      it(`${endpoint.name}: the host → ${endpoint.ok}, others → 404, signed out → 401`, async () => {
        const space = await createSpace(t.deps.database.db, { hostId, status: 'approved' });
        const url = await endpoint.url(space.id);
        for (const who of ['renter', 'admin', 'superAdmin'] as const) {
          const res = await call(endpoint.method, url, who, endpoint.payload);
          expect(res.statusCode, `${who}: ${res.body.slice(0, 120)}`).toBe(404);
        }
        expect((await call(endpoint.method, url, 'signedOut', endpoint.payload)).statusCode).toBe(
          401,
        );
        const own = await call(endpoint.method, url, 'host', endpoint.payload);
        expect(own.statusCode, own.body.slice(0, 200)).toBe(endpoint.ok);
      });
    }

    it('GET /api/spaces/:id of a pending listing: its host and admins see it, others get 404', async () => {
      const url = `/api/spaces/${await freshSpace()}`;
      expect((await call('GET', url, 'host')).statusCode).toBe(200);
      expect((await call('GET', url, 'admin')).statusCode).toBe(200);
      expect((await call('GET', url, 'superAdmin')).statusCode).toBe(200);
      expect((await call('GET', url, 'renter')).statusCode).toBe(404);
      expect((await call('GET', url, 'signedOut')).statusCode).toBe(404);
    });

    for (const [method, url] of [
      ['POST', '/api/spaces'],
      ['POST', '/api/bookings'],
      ['POST', '/api/uploads/images'],
      ['POST', '/api/translate'],
    ] as const) {
      it(`${method} ${url} × signed out → 401`, async () => {
        const res = await call(method, url, 'signedOut', {});
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHORIZED');
      });
    }
  });
});
