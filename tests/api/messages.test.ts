import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationMembers,
  conversations,
  jobs,
  messages,
  spaces,
  users,
} from '#server/db/schema.ts';
import { MESSAGE_NOTICE_JOB, WHATSAPP_JOB } from '#server/jobs/job-kinds.ts';
import { CONTACT_MARKER } from '#shared/domain/contact-masking.ts';
import type {
  Conversation,
  Inbox,
  LiveEvent,
  Message,
  Thread,
  Unread,
} from '#shared/schemas/messages.ts';
import type { SpaceDetails } from '#shared/schemas/spaces.ts';
import { connectLive } from '#web/features/messages/live-connection.ts';
import { createBooking, createSpace, createUser } from '../fixtures/factories.ts';
import { deliverMail, recipient, sentMail, signInCookie } from '../support/admin-desk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Conversations (issue 34): who may read and write (everyone else: 404), contacts masked before a
 * confirmed booking when the host keeps them private, unread counts and read receipts, the
 * notices' throttle, the host's response time, rate limits under 50 concurrent sends, reports
 * and blocks, and the live stream.
 */
const PASSWORD = 'Messages#2026hs';

describe('conversations API', () => {
  let t: TestApp;
  const db = () => t.deps.database.db;
  const cookie = { host: '', renter: '', stranger: '', admin: '', spammer: '' };
  type Who = keyof typeof cookie;
  const ids = { host: '', renter: '', stranger: '', spammer: '' };
  let privateSpace: string;
  let openSpace: string;
  let conversation: string;

  const call = (method: string, url: string, who?: Who, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method: method as 'GET',
      url,
      payload: payload as never,
      headers: {
        'accept-language': lang,
        origin: t.config.publicUrl,
        ...(who ? { cookie: cookie[who] } : {}),
      },
    });

  const ask = async (who: Who, spaceId: string, body: string) => {
    const res = await call('POST', `/api/spaces/${spaceId}/conversation`, who, { body });
    expect([200, 201], res.body).toContain(res.statusCode);
    return res.json<{ message: Message }>().message;
  };
  const send = async (who: Who, id: string, body: string) => {
    const res = await call('POST', `/api/conversations/${id}/messages`, who, { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ message: Message }>().message;
  };
  const unreadOf = async (who: Who) => {
    const res = await call('GET', '/api/me/unread', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Unread>();
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        API_RATE_LIMIT_PER_MINUTE: '100000',
        MESSAGES_PER_SENDER_PER_MINUTE: '10',
        MESSAGES_PER_CONVERSATION_PER_MINUTE: '1000',
      },
    });
    const host = await createUser(db(), {
      email: 'host@example.test',
      fullName: 'نورة القحطاني',
      password: PASSWORD,
      locale: 'ar',
    });
    const renter = await createUser(db(), {
      email: 'sara@example.test',
      fullName: 'Sara Q',
      password: PASSWORD,
      locale: 'en',
    });
    const stranger = await createUser(db(), { email: 'x@example.test', password: PASSWORD });
    const spammer = await createUser(db(), { email: 'spam@example.test', password: PASSWORD });
    await createUser(db(), { email: 'admin@example.test', password: PASSWORD, roles: ['admin'] });
    Object.assign(ids, {
      host: host.id,
      renter: renter.id,
      stranger: stranger.id,
      spammer: spammer.id,
    });
    privateSpace = (
      await createSpace(db(), {
        hostId: host.id,
        nameEn: 'Quiet hall',
        contactPhone: '0551112222',
        contactEmail: 'noura@example.test',
      })
    ).id;
    await db().update(spaces).set({ contactPrivate: true }).where(eq(spaces.id, privateSpace));
    openSpace = (await createSpace(db(), { hostId: host.id, nameEn: 'Open room' })).id;
    for (const [who, email] of [
      ['host', 'host@example.test'],
      ['renter', 'sara@example.test'],
      ['stranger', 'x@example.test'],
      ['admin', 'admin@example.test'],
      ['spammer', 'spam@example.test'],
    ] as const)
      cookie[who] = await signInCookie(t, email, PASSWORD);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('hides a private host’s contact on the page, and shows it to the host', async () => {
    const page = (await call('GET', `/api/spaces/${privateSpace}`, 'renter')).json<SpaceDetails>();
    expect(page).toMatchObject({ contactPrivate: true, contactPhone: null, contactEmail: null });
    const own = (await call('GET', `/api/spaces/${privateSpace}`, 'host')).json<SpaceDetails>();
    expect(own.contactPhone).toBe('0551112222');
    const open = (await call('GET', `/api/spaces/${openSpace}`)).json<SpaceDetails>();
    expect(open.contactPhone).toBe('0512345678');
  });

  it('masks contacts before a confirmed booking and tells the sender what was hidden', async () => {
    const first = await ask(
      'renter',
      privateSpace,
      'هل يوجد مواقف لـ 20 سيارة؟ جوالي ٠٥٥ ١٢٣ ٤٥٦٧',
    );
    conversation = first.conversationId;
    expect(first.body).toBe(`هل يوجد مواقف لـ 20 سيارة؟ جوالي ${CONTACT_MARKER}`);
    expect(first.maskedKinds).toEqual(['phone']);
    const reply = await send('host', conversation, 'نعم، راسليني على noura@example.test');
    expect(reply.body).toBe(`نعم، راسليني على ${CONTACT_MARKER}`);
    // the original never reaches the database
    const stored = await db().select({ body: messages.body }).from(messages);
    expect(stored.map((m) => m.body).join(' ')).not.toMatch(/4567|noura@/);
    const details = (
      await call('GET', `/api/conversations/${conversation}`, 'renter')
    ).json<Conversation>();
    expect(details).toMatchObject({ contactsHidden: true, contacts: null, myRole: 'renter' });
  });

  it('keeps messages as written when the host shows their contact', async () => {
    const m = await ask('renter', openSpace, 'my number is 0551234567');
    expect(m.body).toBe('my number is 0551234567');
    expect(m.maskedKinds).toEqual([]);
  });

  it('shows both contacts and stops masking once a booking is confirmed', async () => {
    await createBooking(db(), {
      spaceId: privateSpace,
      renterId: ids.renter,
      renterEmail: 'sara@example.test',
      contactPhone: '0509998888',
      date: '2031-03-04',
      startTime: '10:00',
      endTime: '12:00',
      status: 'confirmed',
    });
    const details = (
      await call('GET', `/api/conversations/${conversation}`, 'host')
    ).json<Conversation>();
    expect(details.contactsHidden).toBe(false);
    expect(details.contacts).toMatchObject({
      renter: { phone: '0509998888', email: 'sara@example.test' },
      host: { phone: '0551112222', email: 'noura@example.test' },
    });
    const m = await send('host', conversation, 'call me 0551112222');
    expect(m.body).toBe('call me 0551112222');
  });

  it('puts a booking request into the renter’s conversation with the host, found by the booking', async () => {
    let day = 30;
    while (![0, 1, 2, 3, 4].includes(new Date(Date.now() + day * 86_400_000).getUTCDay())) day += 1;
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const res = await call('POST', '/api/bookings', 'renter', {
      spaceId: privateSpace,
      date,
      startTime: '14:00',
      endTime: '16:00',
      guests: 3,
      contactPhone: '0509998888',
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<{ id: string; reference: string }>();
    const found = await call('GET', `/api/bookings/${booking.id}/conversation`, 'host');
    expect(found.json()).toEqual({ id: conversation });
    expect(
      (await call('GET', `/api/bookings/${booking.id}/conversation`, 'stranger')).statusCode,
    ).toBe(404);
    const thread = (
      await call('GET', `/api/conversations/${conversation}/messages`, 'renter')
    ).json<Thread>();
    expect(thread.messages.at(-1)).toMatchObject({
      kind: 'booking',
      bookingReference: booking.reference,
    });
    // the earlier questions are in the same conversation, above it
    expect(thread.messages[0]!.body).toContain('مواقف');
  });

  it('answers 404 to anyone outside the conversation, on every route', async () => {
    const [aMessage] = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversation))
      .limit(1);
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/conversations/${conversation}`],
      ['GET', `/api/conversations/${conversation}/messages`],
      ['POST', `/api/conversations/${conversation}/messages`, { body: 'hi' }],
      ['POST', `/api/conversations/${conversation}/read`, { upTo: aMessage!.id }],
      ['PUT', `/api/conversations/${conversation}/block`, { blocked: true }],
      ['POST', `/api/messages/${aMessage!.id}/report`, { reason: 'spam' }],
      ['GET', `/api/messages/live?conversation=${conversation}`],
    ];
    for (const [method, url, body] of routes) {
      const out = await call(method, url, undefined, body);
      expect(out.statusCode, `${method} ${url} signed out`).toBe(401);
      const res = await call(method, url, 'stranger', body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // a made-up id is the same 404 as someone else's
    const made = await call(
      'GET',
      '/api/conversations/00000000-0000-4000-8000-000000000000',
      'renter',
    );
    expect(made.statusCode).toBe(404);
    expect((await call('GET', '/api/conversations/not-a-uuid', 'renter')).statusCode).toBe(404);
    // the stranger's inbox does not list it
    const inbox = (await call('GET', '/api/me/conversations', 'stranger')).json<Inbox>();
    expect(inbox.conversations).toEqual([]);
    // admin routes: 403 for people, 200 for admins
    for (const url of [
      '/api/admin/conversations',
      '/api/admin/message-reports',
      '/api/admin/response-times',
    ]) {
      expect((await call('GET', url, 'renter')).statusCode).toBe(403);
      expect((await call('GET', url, 'admin')).statusCode).toBe(200);
    }
    // another host may not change this space's privacy
    const privacy = await call(
      'PUT',
      `/api/host/spaces/${privateSpace}/contact-privacy`,
      'renter',
      {
        contactPrivate: false,
      },
    );
    expect(privacy.statusCode).toBe(404);
  });

  it('lets an admin read any conversation and write as HourSpace', async () => {
    const thread = (
      await call('GET', `/api/conversations/${conversation}/messages`, 'admin')
    ).json<Thread>();
    expect(thread.messages.length).toBeGreaterThan(0);
    const m = await send('admin', conversation, 'مرحبًا، فريق مساحة بالساعة معكم');
    expect(m).toMatchObject({ senderRole: 'admin', senderName: null });
    const all = (await call('GET', '/api/admin/conversations', 'admin')).json<Inbox>();
    expect(all.conversations.map((c) => c.id)).toContain(conversation);
  });

  it('counts unread messages, clears them on reading, and keeps read receipts', async () => {
    const c = (await ask('renter', openSpace, 'second question')).conversationId;
    const before = await unreadOf('host');
    expect(before.messages).toBeGreaterThanOrEqual(2);
    const thread = (await call('GET', `/api/conversations/${c}/messages`, 'host')).json<Thread>();
    const last = thread.messages.at(-1)!;
    const read = await call('POST', `/api/conversations/${c}/read`, 'host', { upTo: last.id });
    expect(read.json()).toEqual({ upTo: last.id });
    // never backwards
    await call('POST', `/api/conversations/${c}/read`, 'host', { upTo: 1 });
    const after = await unreadOf('host');
    expect(after.conversations).toBe(before.conversations - 1);
    const seen = (await call('GET', `/api/conversations/${c}`, 'renter')).json<Conversation>();
    expect(seen.reads).toEqual([
      expect.objectContaining({ role: 'host', upTo: last.id, at: expect.any(String) }),
    ]);
    const inbox = (await call('GET', '/api/me/conversations', 'host')).json<Inbox>();
    expect(inbox.conversations.find((x) => x.id === c)?.unread).toBe(0);
  });

  it('pages the inbox newest first with a cursor', async () => {
    const hosts = await Promise.all(
      Array.from({ length: 23 }, (_, i) =>
        createSpace(db(), { hostId: ids.host, nameEn: `Room ${i}` }),
      ),
    );
    for (const s of hosts) await ask('spammer', s.id, `q ${s.nameEn}`).catch(() => {});
    // the spammer is limited to 10 a minute: pages over what was sent
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const q: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const page = (await call('GET', `/api/me/conversations${q}`, 'host')).json<Inbox>();
      seen.push(...page.conversations.map((c) => c.lastMessageAt + c.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([...seen].sort().reverse());
    expect(new Set(seen).size).toBe(seen.length);
    const garbled = await call('GET', '/api/me/conversations?cursor=zzz', 'host');
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json<{ error: { code: string } }>().error.code).toBe('INVALID_CURSOR');
    // Shaped like the server's ([sort, [time], id], decision: issue 37), with a time PostgreSQL
    // cannot read (was a 500), a sort or id not the inbox's, and the cursor's former shape.
    const id0 = '00000000-0000-4000-8000-000000000000';
    const shaped = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const crafted = [
      ...[
        '+275760-09-13 00:00:00+00',
        '0000-01-01 00:00:00+00',
        '2026-02-30 10:00:00+00',
        '2026-13-01 10:00:00+00',
        '2026-11-30 24:00:00+00',
        '2026-11-30 10:00:00.1234567+00',
        '2026-11-30 10:00:00+16',
        '2026-11-30T10:00:00.000Z',
      ].map((at) => shaped(['inbox', [at], id0])),
      shaped(['reviews', ['2026-11-30 10:00:00+00'], id0]),
      shaped(['inbox', ['2026-11-30 10:00:00+00'], 'not-a-uuid']),
      shaped(['inbox', ['2026-11-30 10:00:00+00', 1], id0]),
      Buffer.from(`2026-11-30T10:00:00.000Z|${id0}`).toString('base64url'),
    ];
    for (const cursor of crafted) {
      const res = await call('GET', `/api/me/conversations?cursor=${cursor}`, 'host');
      expect(res.statusCode, `${cursor}: ${res.body}`).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('INVALID_CURSOR');
    }
  });

  // Issue 37: PostgreSQL keeps microseconds, a JavaScript Date milliseconds. The cursor carried
  // the millisecond, so the next page began "before 10:00:00.123" and skipped every conversation
  // later in that millisecond. Now it carries the time as PostgreSQL writes it, and the id.
  it('pages both inboxes without loss or repeat when many last messages share one millisecond', async () => {
    const host = await createUser(db(), { email: 'ms.host@example.test', password: PASSWORD });
    const renters = await Promise.all(
      [0, 1, 2].map((i) =>
        createUser(db(), { email: `ms.renter${i}@example.test`, password: PASSWORD }),
      ),
    );
    const renterCookies = await Promise.all(renters.map((r) => signInCookie(t, r.email, PASSWORD)));
    const hostCookie = await signInCookie(t, host.email, PASSWORD);
    const COUNT = 27; // more than a page (20), under three renters' 10 a minute
    const started: string[] = [];
    for (let i = 0; i < COUNT; i += 1) {
      const space = await createSpace(db(), { hostId: host.id, nameEn: `Millisecond room ${i}` });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/spaces/${space.id}/conversation`,
        headers: { cookie: renterCookies[i % 3]!, origin: t.config.publicUrl },
        payload: { body: `question ${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      started.push(res.json<{ message: Message }>().message.conversationId);
    }
    // Every last message in one millisecond: 10:00:00.123000 to .123008, three conversations at
    // each microsecond (so the id breaks the tie too).
    for (const [i, id] of started.entries()) {
      await db().execute(
        sql`update conversations set last_message_at = ${`2026-11-30 10:00:00.123${String(i % 9).padStart(3, '0')}+00`}::timestamptz where id = ${id}`,
      );
    }
    const expected = (
      await db()
        .select({ id: conversations.id })
        .from(conversations)
        .where(inArray(conversations.id, started))
        .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    ).map((r) => r.id);
    expect(expected).toHaveLength(COUNT);

    const pageThrough = async (url: string, cookieText: string) => {
      const seen: string[] = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const q: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}${q}`,
          headers: { cookie: cookieText },
        });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<Inbox>();
        seen.push(...page.conversations.map((c) => c.id));
        cursor = page.nextCursor;
        pages += 1;
      }
      return { seen, pages };
    };
    // The host's inbox: exactly these, in order, over two pages.
    const mine = await pageThrough('/api/me/conversations', hostCookie);
    expect(mine.pages).toBe(2);
    expect(mine.seen).toEqual(expected);
    // The admins' desk (every conversation of this file): each once, these in the same order.
    const desk = await pageThrough('/api/admin/conversations', cookie.admin);
    expect(new Set(desk.seen).size).toBe(desk.seen.length);
    expect(desk.seen.filter((id) => started.includes(id))).toEqual(expected);
  });

  it('holds the per-sender limit under 50 concurrent sends', async () => {
    const c = await ask('stranger', openSpace, 'hello');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', `/api/conversations/${c.conversationId}/messages`, 'stranger', {
          body: `message ${i}`,
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201).length;
    expect(ok).toBe(9); // 10 a minute, the question included
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(41);
    expect(refused[0]!.json().error.code).toBe('MESSAGE_RATE_LIMITED');
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.senderId, ids.stranger));
    expect(Number(count!.n)).toBe(10);
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    for (const body of [
      {},
      { body: '' },
      { body: '   ' },
      { body: 'x'.repeat(2001) },
      { body: 5 },
    ]) {
      const res = await call(
        'POST',
        `/api/conversations/${conversation}/messages`,
        'renter',
        body,
        'ar',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const own = await call('POST', `/api/spaces/${openSpace}/conversation`, 'host', {
      body: 'me?',
    });
    expect(own.json().error.code).toBe('CONVERSATION_OWN_SPACE');
  });

  it('reports a message to the desk once, and lets the host block the renter', async () => {
    const [theirs] = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, conversation), eq(messages.senderId, ids.renter)))
      .limit(1);
    const first = await call('POST', `/api/messages/${theirs!.id}/report`, 'host', {
      reason: 'رقم جوال',
    });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', `/api/messages/${theirs!.id}/report`, 'host', {
      reason: 'again',
    });
    expect(again.json().error.code).toBe('MESSAGE_ALREADY_REPORTED');
    const desk = (await call('GET', '/api/admin/message-reports', 'admin')).json();
    expect(desk.reports[0]).toMatchObject({ reason: 'رقم جوال', conversationId: conversation });
    // only the host blocks
    expect(
      (await call('PUT', `/api/conversations/${conversation}/block`, 'renter', { blocked: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', `/api/conversations/${conversation}/block`, 'host', { blocked: true })
      ).json(),
    ).toEqual({ blocked: true });
    const refused = await call('POST', `/api/conversations/${conversation}/messages`, 'renter', {
      body: 'hi',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('MESSAGING_BLOCKED');
    await call('PUT', `/api/conversations/${conversation}/block`, 'host', { blocked: false });
    await send('renter', conversation, 'thanks');
  });

  it('emails an away participant at most once per 15 minutes, never for what they read', async () => {
    const space = await createSpace(db(), {
      hostId: ids.host,
      nameAr: 'قاعة النخيل',
      nameEn: 'Palm hall',
    });
    // the host agreed to WhatsApp notices: one comes with the email
    await db()
      .update(users)
      .set({ phone: '+966551230000', whatsappOptInAt: new Date() })
      .where(eq(users.id, ids.host));
    const first = await ask('renter', space.id, 'Is there parking?');
    const c = first.conversationId;
    const noticeJobs = () =>
      db()
        .select()
        .from(jobs)
        .where(
          and(eq(jobs.kind, MESSAGE_NOTICE_JOB), sql`${jobs.payload}->>'conversationId' = ${c}`),
        );
    await send('renter', c, 'And catering?');
    await send('renter', c, 'And a projector?');
    expect(await noticeJobs()).toHaveLength(1); // one waits for the three messages
    const due = async () => {
      await db()
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(and(eq(jobs.kind, MESSAGE_NOTICE_JOB), eq(jobs.status, 'queued')));
      await deliverMail(t);
      await deliverMail(t);
    };
    await due();
    const toHost = (await sentMail(t)).filter(
      (m) => recipient(m).includes('host@example.test') && m.text?.includes('And a projector?'),
    );
    expect(toHost).toHaveLength(1);
    expect(toHost[0]!.subject).toBe('رسالة جديدة عن «قاعة النخيل»');
    const whatsapp = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, WHATSAPP_JOB), sql`${jobs.payload}->>'text' like '%قاعة النخيل%'`));
    expect(whatsapp).toHaveLength(1);
    expect((whatsapp[0]!.payload as { text: string }).text).toContain('And a projector?');
    // the next message waits for the 15 minutes since that email
    await send('renter', c, 'One more thing');
    const [next] = (await noticeJobs()).filter((j) => j.status === 'queued');
    const [member] = await db()
      .select()
      .from(conversationMembers)
      .where(
        and(eq(conversationMembers.conversationId, c), eq(conversationMembers.userId, ids.host)),
      );
    expect(next!.runAt.getTime() - member!.notifiedAt!.getTime()).toBeGreaterThanOrEqual(
      15 * 60_000 - 1000,
    );
    // read before it is due: no email
    const thread = (await call('GET', `/api/conversations/${c}/messages`, 'host')).json<Thread>();
    await call('POST', `/api/conversations/${c}/read`, 'host', {
      upTo: thread.messages.at(-1)!.id,
    });
    const before = (await sentMail(t)).length;
    await due();
    const after = (await sentMail(t)).filter((m) => m.text?.includes('One more thing'));
    expect(after).toHaveLength(0);
    expect((await sentMail(t)).length).toBe(before);
  });

  it('figures the host’s median answer time once there are 3 answered openings', async () => {
    const host = await createUser(db(), { email: 'fast@example.test', password: PASSWORD });
    const renters = await Promise.all(
      [1, 2, 3].map((i) => createUser(db(), { email: `r${i}@example.test`, password: PASSWORD })),
    );
    const space = await createSpace(db(), { hostId: host.id });
    const { conversations } = await import('#server/db/schema.ts');
    const base = Date.now() - 3 * 24 * 3600_000;
    const waits = [30, 90, 240];
    for (const [i, renter] of renters.entries()) {
      const [c] = await db()
        .insert(conversations)
        .values({ spaceId: space.id, renterId: renter.id, hostId: host.id })
        .returning();
      const asked = new Date(base + i * 3600_000);
      await db()
        .insert(messages)
        .values([
          {
            conversationId: c!.id,
            senderId: renter.id,
            senderRole: 'renter',
            body: 'q',
            createdAt: asked,
          },
          {
            conversationId: c!.id,
            senderId: renter.id,
            senderRole: 'renter',
            body: 'q2',
            createdAt: new Date(asked.getTime() + 60_000),
          },
          {
            conversationId: c!.id,
            senderId: host.id,
            senderRole: 'host',
            body: 'a',
            createdAt: new Date(asked.getTime() + waits[i]! * 60_000),
          },
        ]);
      if (i === 1) {
        const page = (await call('GET', `/api/spaces/${space.id}`)).json<SpaceDetails>();
        expect(page.responseMinutes).toBeNull(); // 2 answers: not yet shown
      }
    }
    const page = (await call('GET', `/api/spaces/${space.id}`)).json<SpaceDetails>();
    expect(page.responseMinutes).toBe(90);
    const desk = (await call('GET', '/api/admin/response-times', 'admin')).json();
    expect(desk.hosts.find((h: { hostId: string }) => h.hostId === host.id)).toMatchObject({
      medianMinutes: 90,
      samples: 3,
    });
  });

  it('delivers messages and read receipts live, and replays what a client missed', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const got: LiveEvent[] = [];
    let connected = false;
    const live = connectLive({
      url: `${address}/api/messages/live`,
      headers: { cookie: cookie.renter },
      onEvent: (e) => got.push(e),
      onStatus: (up) => (connected = up),
    });
    try {
      await expect.poll(() => connected, { timeout: 5000 }).toBe(true);
      const m = await send('host', conversation, 'live from the host');
      await expect
        .poll(() => got.some((e) => e.type === 'message' && e.message.id === m.id), {
          timeout: 3000,
        })
        .toBe(true);
      await call('POST', `/api/conversations/${conversation}/read`, 'host', { upTo: m.id });
      await expect
        .poll(() => got.some((e) => e.type === 'read' && e.upTo === m.id), { timeout: 3000 })
        .toBe(true);
      // missed while away: replayed in order, once
      const res = await fetch(`${address}/api/messages/live?after=${m.id - 1}`, {
        headers: { cookie: cookie.renter },
      });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes(`id: ${m.id}\n`)) text += (await reader.read()).value ?? '';
      await reader.cancel();
      expect(text.match(new RegExp(`id: ${m.id}\\n`, 'g'))).toHaveLength(1);
      // a stranger may not follow the conversation
      const denied = await fetch(`${address}/api/messages/live?conversation=${conversation}`, {
        headers: { cookie: cookie.stranger },
      });
      expect(denied.status).toBe(404);
    } finally {
      live.close();
    }
  });
});
