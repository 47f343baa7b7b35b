import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { contactsHidden, maskContacts, type MaskedKind } from '#shared/domain/contact-masking.ts';
import { displayName } from '#shared/domain/display-name.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import {
  type Conversation,
  type ConversationSummary,
  type Inbox,
  type LiveEvent,
  type Message,
  type Thread,
  type Unread,
} from '#shared/schemas/messages.ts';
import { INBOX_PAGE_SIZE, THREAD_PAGE_SIZE } from '#shared/domain/messages.ts';
import {
  decodeCursor,
  encodeCursor,
  isCursorId,
  isCursorTimestamp,
} from '#shared/domain/space-search.ts';
import type { Db, Queryable, Tx } from '#server/db/client.ts';
import {
  bookings,
  conversationMembers,
  conversations,
  messageBlocks,
  messageReports,
  messages,
  spaces,
  users,
  type MessageSenderRole,
} from '#server/db/schema.ts';
import { pgErrorCode } from '#server/db/pg-error.ts';
import { AppError, notFound } from '#server/http/app-error.ts';
import { isAdmin } from '#server/users/roles.ts';
import { queueMessageNotice } from './message-notices.ts';

/**
 * Conversations between a renter and a host about one space (issue 34, decision 056): one per
 * renter and space, holding the questions asked before booking and every booking's line. The
 * admins read any conversation and write in it as "HourSpace". Anyone else learns nothing: 404.
 */

export interface Viewer {
  id: string;
}

export interface MessageLimits {
  /** messages one person may send in a minute, across conversations */
  perSenderPerMinute: number;
  /** messages a conversation takes in a minute, from everyone */
  perConversationPerMinute: number;
}

export const DEFAULT_MESSAGE_LIMITS: MessageLimits = {
  perSenderPerMinute: 20,
  perConversationPerMinute: 30,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ConversationRow = typeof conversations.$inferSelect;

interface Access {
  conversation: ConversationRow;
  role: MessageSenderRole;
}

/** The conversation and the viewer's part in it, or 404 for anyone outside it. */
async function access(q: Queryable, conversationId: string, viewer: Viewer, lock = false) {
  if (!UUID.test(conversationId)) throw notFound();
  const query = q.select().from(conversations).where(eq(conversations.id, conversationId));
  const [conversation] = lock ? await query.for('update') : await query;
  if (!conversation) throw notFound();
  let role: MessageSenderRole | null = null;
  if (conversation.renterId === viewer.id) role = 'renter';
  else if (conversation.hostId === viewer.id) role = 'host';
  else if (await isAdmin(q, viewer.id)) role = 'admin';
  if (!role) throw notFound();
  return { conversation, role } satisfies Access;
}

/** Is a booking of this renter at this space confirmed (or already taken place)? */
async function hasConfirmedBooking(q: Queryable, spaceId: string, renterId: string) {
  const [row] = await q
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.spaceId, spaceId),
        eq(bookings.renterId, renterId),
        inArray(bookings.status, ['confirmed', 'completed']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function hidesContacts(q: Queryable, conversation: ConversationRow) {
  const [space] = await q
    .select({ contactPrivate: spaces.contactPrivate })
    .from(spaces)
    .where(eq(spaces.id, conversation.spaceId));
  return contactsHidden({
    contactPrivate: space?.contactPrivate ?? false,
    hasConfirmedBooking: await hasConfirmedBooking(q, conversation.spaceId, conversation.renterId),
  });
}

type MessageRow = typeof messages.$inferSelect;

async function namesOf(q: Queryable, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await q
    .select({ id: users.id, fullName: users.fullName, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, displayName(u)]));
}

async function referencesOf(q: Queryable, rows: MessageRow[]) {
  const ids = rows.flatMap((r) => (r.bookingId ? [r.bookingId] : []));
  if (ids.length === 0) return new Map<string, string>();
  const found = await q
    .select({ id: bookings.id, reference: bookings.reference })
    .from(bookings)
    .where(inArray(bookings.id, ids));
  return new Map(found.map((b) => [b.id, b.reference]));
}

function toMessage(
  row: MessageRow,
  viewerId: string,
  names: Map<string, string>,
  refs: Map<string, string>,
): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    kind: row.kind,
    senderRole: row.senderRole,
    senderName:
      row.kind === 'text' && row.senderRole !== 'admin' && row.senderId
        ? (names.get(row.senderId) ?? null)
        : null,
    mine: row.senderId === viewerId,
    body: row.body,
    maskedKinds: row.maskedKinds as MaskedKind[],
    bookingReference: row.bookingId ? (refs.get(row.bookingId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function present(q: Queryable, rows: MessageRow[], viewerId: string) {
  const names = await namesOf(
    q,
    rows.flatMap((r) => (r.senderId ? [r.senderId] : [])),
  );
  const refs = await referencesOf(q, rows);
  return rows.map((r) => toMessage(r, viewerId, names, refs));
}

/** The live event of a stored message (the same for every reader; `mine` is the client's). */
export async function liveMessageEvent(q: Queryable, row: MessageRow): Promise<LiveEvent> {
  const [message] = await present(q, [row], '');
  const { mine: _mine, ...rest } = message!;
  return { type: 'message', message: { ...rest, senderId: row.senderId } };
}

/** Who hears a conversation's events live: its renter and host, and admins who took part. */
export async function liveAudience(q: Queryable, conversation: ConversationRow) {
  const members = await q
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversation.id));
  return [
    ...new Set([conversation.renterId, conversation.hostId, ...members.map((m) => m.userId)]),
  ];
}

export interface Sent {
  message: Message;
  row: MessageRow;
  audience: string[];
}

/**
 * Sends a message: in one transaction, with the conversation's row locked (its messages are
 * numbered in the order they commit, and its per-minute count is exact) and the sender's lock
 * taken (their per-minute count across conversations holds under concurrent sends).
 */
export async function sendMessage(
  db: Db,
  input: {
    conversationId: string;
    viewer: Viewer;
    body: string;
    limits: MessageLimits;
    now: Date;
  },
): Promise<Sent> {
  return db.transaction(async (tx) => {
    const { conversation, role } = await access(tx, input.conversationId, input.viewer, true);
    return writeMessage(tx, conversation, role, input);
  });
}

async function writeMessage(
  tx: Tx,
  conversation: ConversationRow,
  role: MessageSenderRole,
  input: { viewer: Viewer; body: string; limits: MessageLimits; now: Date },
): Promise<Sent> {
  const senderId = input.viewer.id;
  if (role === 'renter') {
    const [blocked] = await tx
      .select({ at: messageBlocks.createdAt })
      .from(messageBlocks)
      .where(
        and(
          eq(messageBlocks.blockerId, conversation.hostId),
          eq(messageBlocks.blockedId, senderId),
        ),
      );
    if (blocked) throw new AppError('MESSAGING_BLOCKED');
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`messages:${senderId}`}))`);
  const since = new Date(input.now.getTime() - 60_000);
  const [bySender] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), gt(messages.createdAt, since)));
  const [inConversation] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), gt(messages.createdAt, since)));
  if (
    Number(bySender!.n) >= input.limits.perSenderPerMinute ||
    Number(inConversation!.n) >= input.limits.perConversationPerMinute
  )
    throw new AppError('MESSAGE_RATE_LIMITED');

  const masked =
    role !== 'admin' && (await hidesContacts(tx, conversation))
      ? maskContacts(input.body)
      : { text: input.body, kinds: [] as MaskedKind[] };
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: conversation.id,
      senderId,
      senderRole: role,
      body: masked.text,
      maskedKinds: masked.kinds,
      createdAt: input.now,
    })
    .returning();
  await tx
    .update(conversations)
    .set({ lastMessageAt: input.now })
    .where(eq(conversations.id, conversation.id));
  // The sender has read what they wrote.
  await tx
    .insert(conversationMembers)
    .values({
      conversationId: conversation.id,
      userId: senderId,
      lastReadId: row!.id,
      readAt: input.now,
    })
    .onConflictDoUpdate({
      target: [conversationMembers.conversationId, conversationMembers.userId],
      set: { lastReadId: row!.id, readAt: input.now },
    });
  for (const recipient of [conversation.renterId, conversation.hostId]) {
    if (recipient !== senderId) await queueMessageNotice(tx, conversation.id, recipient, input.now);
  }
  const [message] = await present(tx, [row!], senderId);
  return { message: message!, row: row!, audience: await liveAudience(tx, conversation) };
}

/**
 * A renter's question from a space's page: the conversation with its host (opened the first
 * time) and the message in it.
 */
export async function askHost(
  db: Db,
  input: {
    spaceId: string;
    viewer: Viewer;
    body: string;
    limits: MessageLimits;
    now: Date;
  },
): Promise<Sent & { created: boolean }> {
  if (!UUID.test(input.spaceId)) throw new AppError('SPACE_NOT_FOUND');
  return db.transaction(async (tx) => {
    const conversation = await openConversation(tx, input.spaceId, input.viewer.id);
    const sent = await writeMessage(tx, conversation.row, 'renter', input);
    return { ...sent, created: conversation.created };
  });
}

/** The conversation of a renter and a space, opened the first time (a live space only). */
async function openConversation(tx: Tx, spaceId: string, renterId: string) {
  const [space] = await tx
    .select({ hostId: spaces.hostId, status: spaces.status })
    .from(spaces)
    .where(eq(spaces.id, spaceId));
  if (!space || space.status !== 'approved') throw new AppError('SPACE_NOT_FOUND');
  if (space.hostId === renterId) throw new AppError('CONVERSATION_OWN_SPACE');
  const inserted = await tx
    .insert(conversations)
    .values({ spaceId, renterId, hostId: space.hostId })
    .onConflictDoNothing({ target: [conversations.spaceId, conversations.renterId] })
    .returning();
  if (inserted[0]) return { row: inserted[0], created: true };
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.spaceId, spaceId), eq(conversations.renterId, renterId)))
    .for('update');
  return { row: row!, created: false };
}

export interface BookingLine {
  conversationId: string;
  audience: string[];
  event: LiveEvent;
}

/**
 * A booking request's line in its conversation (opened if it is the renter's first word about
 * the space): called by requestBooking in its transaction, so the request and its line commit
 * together. Returns what to publish once committed.
 */
export async function noteBookingRequest(
  tx: Tx,
  booking: { id: string; spaceId: string; renterId: string; reference: string },
  now: Date,
): Promise<BookingLine | null> {
  const [space] = await tx
    .select({ hostId: spaces.hostId })
    .from(spaces)
    .where(eq(spaces.id, booking.spaceId));
  if (!space || space.hostId === booking.renterId) return null;
  await tx
    .insert(conversations)
    .values({ spaceId: booking.spaceId, renterId: booking.renterId, hostId: space.hostId })
    .onConflictDoNothing({ target: [conversations.spaceId, conversations.renterId] });
  const [conversation] = await tx
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.spaceId, booking.spaceId), eq(conversations.renterId, booking.renterId)),
    )
    .for('update');
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: conversation!.id,
      senderId: booking.renterId,
      senderRole: 'renter',
      kind: 'booking',
      body: booking.reference,
      bookingId: booking.id,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await tx
    .update(conversations)
    .set({ lastMessageAt: now })
    .where(eq(conversations.id, conversation!.id));
  return {
    conversationId: conversation!.id,
    audience: await liveAudience(tx, conversation!),
    event: await liveMessageEvent(tx, row),
  };
}

/** The conversation of a booking, for its renter, its host or an admin (404 for others). */
export async function conversationOfBooking(db: Db, bookingId: string, viewer: Viewer) {
  if (!UUID.test(bookingId)) throw notFound();
  const [found] = await db
    .select({ id: conversations.id })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.bookingId, bookingId));
  if (!found) throw notFound();
  await access(db, found.id, viewer);
  return { id: found.id };
}

/** Marks messages read up to `upTo` (never backwards); returns the receipt to publish. */
export async function markRead(
  db: Db,
  input: { conversationId: string; viewer: Viewer; upTo: number; now: Date },
) {
  return db.transaction(async (tx) => {
    const { conversation, role } = await access(tx, input.conversationId, input.viewer);
    const [newest] = await tx
      .select({ id: sql<number>`coalesce(max(${messages.id}), 0)` })
      .from(messages)
      .where(
        and(eq(messages.conversationId, conversation.id), sql`${messages.id} <= ${input.upTo}`),
      );
    const upTo = Number(newest!.id);
    const [member] = await tx
      .insert(conversationMembers)
      .values({
        conversationId: conversation.id,
        userId: input.viewer.id,
        lastReadId: upTo,
        readAt: input.now,
      })
      .onConflictDoUpdate({
        target: [conversationMembers.conversationId, conversationMembers.userId],
        set: {
          lastReadId: sql`greatest(${conversationMembers.lastReadId}, excluded.last_read_id)`,
          readAt: input.now,
        },
      })
      .returning();
    const event: LiveEvent = {
      type: 'read',
      conversationId: conversation.id,
      userId: input.viewer.id,
      role,
      upTo: member!.lastReadId,
      at: input.now.toISOString(),
    };
    return { event, audience: await liveAudience(tx, conversation) };
  });
}

// Written with the table's name: in a query of one table Drizzle leaves columns unqualified,
// and a bare "id" here would be the message's.
const unreadCount = (viewerId: string) => sql<number>`(
  select count(*)::int from messages m
  where m.conversation_id = "conversations"."id"
    and (m.sender_id is distinct from ${viewerId})
    and m.id > coalesce((select cm.last_read_id from conversation_members cm
      where cm.conversation_id = "conversations"."id" and cm.user_id = ${viewerId}), 0)
)`;

/**
 * The inbox's keyset cursor (issue 37): the last conversation's `last_message_at` as PostgreSQL
 * writes it, to the microsecond, and its id — the shape every keyset cursor of the API has
 * (`encodeCursor` of space-search). A JavaScript Date keeps milliseconds only, so two
 * conversations whose last messages fell in one millisecond straddled a page and one of them was
 * lost or shown twice. Each field is checked before PostgreSQL reads it: a cursor the server did
 * not issue is a 400, never a 500.
 */
function inboxAfter(cursorText: string | undefined) {
  if (!cursorText) return undefined;
  const cursor = decodeCursor(cursorText);
  const at = cursor?.keys[0];
  if (
    !cursor ||
    cursor.sort !== 'inbox' ||
    cursor.keys.length !== 1 ||
    !isCursorTimestamp(at) ||
    !isCursorId(cursor.id)
  )
    throw new AppError('INVALID_CURSOR');
  return sql`(${conversations.lastMessageAt}, ${conversations.id}) < (${at}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * The inbox: the viewer's conversations as renter or host, newest first, a page at a time
 * (keyset on last_message_at, id). `all` is the admins' desk: every conversation.
 */
export async function inbox(
  db: Db,
  input: { viewer: Viewer; cursor?: string; locale: Locale; all?: boolean },
): Promise<Inbox> {
  const after = inboxAfter(input.cursor);
  const mine = or(
    eq(conversations.renterId, input.viewer.id),
    eq(conversations.hostId, input.viewer.id),
  );
  const rows = await db
    .select({
      conversation: conversations,
      nameAr: spaces.nameAr,
      nameEn: spaces.nameEn,
      unread: unreadCount(input.viewer.id),
      lastMessageAtText: sql<string>`${conversations.lastMessageAt}::text`,
    })
    .from(conversations)
    .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
    .where(and(input.all ? undefined : mine, after))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(INBOX_PAGE_SIZE + 1);
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  const summaries = await summarise(db, page, input.viewer, input.locale);
  const last = page.at(-1);
  return {
    conversations: summaries,
    nextCursor:
      rows.length > INBOX_PAGE_SIZE && last
        ? encodeCursor({
            sort: 'inbox',
            keys: [last.lastMessageAtText],
            id: last.conversation.id,
          })
        : null,
  };
}

async function summarise(
  q: Queryable,
  rows: {
    conversation: ConversationRow;
    nameAr: string | null;
    nameEn: string | null;
    unread: number;
  }[],
  viewer: Viewer,
  locale: Locale,
): Promise<ConversationSummary[]> {
  if (rows.length === 0) return [];
  const names = await namesOf(
    q,
    rows.flatMap((r) => [r.conversation.renterId, r.conversation.hostId]),
  );
  const lastRows = await q
    .select()
    .from(messages)
    .where(
      sql`${messages.id} in (select max(id) from ${messages} where ${inArray(
        messages.conversationId,
        rows.map((r) => r.conversation.id),
      )} group by conversation_id)`,
    );
  const lastMessages = new Map(
    (await present(q, lastRows, viewer.id)).map((m) => [m.conversationId, m]),
  );
  return rows.map(({ conversation, nameAr, nameEn, unread }) => {
    const myRole: MessageSenderRole =
      conversation.renterId === viewer.id
        ? 'renter'
        : conversation.hostId === viewer.id
          ? 'host'
          : 'admin';
    const withName =
      myRole === 'renter'
        ? names.get(conversation.hostId)
        : myRole === 'host'
          ? names.get(conversation.renterId)
          : `${names.get(conversation.renterId)} · ${names.get(conversation.hostId)}`;
    return {
      id: conversation.id,
      space: { id: conversation.spaceId, name: spaceName({ nameAr, nameEn }, locale) },
      withName: withName ?? '',
      myRole,
      lastMessage: lastMessages.get(conversation.id) ?? null,
      lastMessageAt: conversation.lastMessageAt.toISOString(),
      unread: Number(unread),
    };
  });
}

/** One conversation's header: who, the space, read receipts, contacts once confirmed. */
export async function conversationDetails(
  db: Db,
  input: { conversationId: string; viewer: Viewer; locale: Locale },
): Promise<Conversation> {
  const { conversation } = await access(db, input.conversationId, input.viewer);
  const [row] = await db
    .select({
      conversation: conversations,
      nameAr: spaces.nameAr,
      nameEn: spaces.nameEn,
      contactPhone: spaces.contactPhone,
      contactEmail: spaces.contactEmail,
      contactPrivate: spaces.contactPrivate,
      unread: unreadCount(input.viewer.id),
    })
    .from(conversations)
    .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
    .where(eq(conversations.id, conversation.id));
  const [summary] = await summarise(db, [row!], input.viewer, input.locale);
  const confirmed = await hasConfirmedBooking(db, conversation.spaceId, conversation.renterId);
  const members = await db
    .select({
      userId: conversationMembers.userId,
      lastReadId: conversationMembers.lastReadId,
      readAt: conversationMembers.readAt,
    })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversation.id));
  const roleOf = (userId: string): MessageSenderRole =>
    userId === conversation.renterId ? 'renter' : userId === conversation.hostId ? 'host' : 'admin';
  let contacts: Conversation['contacts'] = null;
  if (confirmed) {
    const [renter] = await db.select().from(users).where(eq(users.id, conversation.renterId));
    const [renterBooking] = await db
      .select({ phone: bookings.contactPhone, email: bookings.renterEmail })
      .from(bookings)
      .where(
        and(
          eq(bookings.spaceId, conversation.spaceId),
          eq(bookings.renterId, conversation.renterId),
          inArray(bookings.status, ['confirmed', 'completed']),
        ),
      )
      .orderBy(desc(bookings.createdAt))
      .limit(1);
    const [host] = await db.select().from(users).where(eq(users.id, conversation.hostId));
    contacts = {
      renter: {
        name: renter ? displayName(renter) : '',
        phone: renterBooking?.phone ?? renter?.phone ?? null,
        email: renterBooking?.email ?? renter?.email ?? null,
      },
      host: {
        name: host ? displayName(host) : '',
        phone: row!.contactPhone,
        email: row!.contactEmail,
      },
    };
  }
  const [blocked] = await db
    .select({ at: messageBlocks.createdAt })
    .from(messageBlocks)
    .where(
      and(
        eq(messageBlocks.blockerId, conversation.hostId),
        eq(messageBlocks.blockedId, conversation.renterId),
      ),
    );
  const bookingRows = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      date: bookings.date,
    })
    .from(messages)
    .innerJoin(bookings, eq(bookings.id, messages.bookingId))
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(messages.id);
  return {
    ...summary!,
    contactsHidden: contactsHidden({
      contactPrivate: row!.contactPrivate,
      hasConfirmedBooking: confirmed,
    }),
    contacts,
    reads: members
      .filter((m) => m.userId !== input.viewer.id)
      .map((m) => ({
        role: roleOf(m.userId),
        upTo: m.lastReadId,
        at: m.readAt?.toISOString() ?? null,
      })),
    blocked: Boolean(blocked),
    bookings: bookingRows,
  };
}

/** A page of a conversation's messages: the newest, older ones (`before`) or newer (`after`). */
export async function thread(
  db: Db,
  input: { conversationId: string; viewer: Viewer; before?: number; after?: number },
): Promise<Thread> {
  const { conversation } = await access(db, input.conversationId, input.viewer);
  const where = and(
    eq(messages.conversationId, conversation.id),
    input.before ? lt(messages.id, input.before) : undefined,
    input.after ? gt(messages.id, input.after) : undefined,
  );
  const rows = input.after
    ? await db
        .select()
        .from(messages)
        .where(where)
        .orderBy(messages.id)
        .limit(THREAD_PAGE_SIZE + 1)
    : (
        await db
          .select()
          .from(messages)
          .where(where)
          .orderBy(desc(messages.id))
          .limit(THREAD_PAGE_SIZE + 1)
      ).reverse();
  const more = rows.length > THREAD_PAGE_SIZE;
  const page = input.after ? rows.slice(0, THREAD_PAGE_SIZE) : rows.slice(more ? 1 : 0);
  return { messages: await present(db, page, input.viewer.id), hasOlder: !input.after && more };
}

/**
 * Messages after `after` in the viewer's conversations (or one conversation), oldest first: what
 * a reconnecting client missed. At most `limit`; the client asks again from the last one.
 */
export async function missedMessages(
  db: Db,
  input: { viewer: Viewer; after: number; conversationId?: string; limit: number },
) {
  const rows = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        gt(messages.id, input.after),
        input.conversationId
          ? eq(conversations.id, input.conversationId)
          : or(
              eq(conversations.renterId, input.viewer.id),
              eq(conversations.hostId, input.viewer.id),
              sql`exists (select 1 from ${conversationMembers} cm where cm.conversation_id = ${conversations.id} and cm.user_id = ${input.viewer.id})`,
            ),
      ),
    )
    .orderBy(messages.id)
    .limit(input.limit);
  return Promise.all(rows.map((r) => liveMessageEvent(db, r.message)));
}

/** May this viewer follow this conversation live? (404 otherwise, like every route.) */
export async function assertCanFollow(db: Db, conversationId: string, viewer: Viewer) {
  await access(db, conversationId, viewer);
}

/** Unread messages and conversations of the viewer as renter or host (the header's badge). */
export async function unread(db: Db, viewer: Viewer): Promise<Unread> {
  const rows = await db
    .select({ unread: unreadCount(viewer.id) })
    .from(conversations)
    .where(or(eq(conversations.renterId, viewer.id), eq(conversations.hostId, viewer.id)));
  const counts = rows.map((r) => Number(r.unread));
  return {
    conversations: counts.filter((n) => n > 0).length,
    messages: counts.reduce((a, b) => a + b, 0),
  };
}

/** A participant reports a message to the admins' desk (once per message and person). */
export async function reportMessage(
  db: Db,
  input: { messageId: number; viewer: Viewer; reason: string },
) {
  const [message] = await db
    .select({ conversationId: messages.conversationId, senderId: messages.senderId })
    .from(messages)
    .where(eq(messages.id, input.messageId));
  if (!message) throw notFound();
  const { role } = await access(db, message.conversationId, input.viewer);
  if (role === 'admin' || message.senderId === input.viewer.id) throw notFound();
  try {
    await db
      .insert(messageReports)
      .values({ messageId: input.messageId, reporterId: input.viewer.id, reason: input.reason });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('MESSAGE_ALREADY_REPORTED');
    throw error;
  }
}

/** The host blocks (or unblocks) the conversation's renter from messaging them. */
export async function setBlocked(
  db: Db,
  input: { conversationId: string; viewer: Viewer; blocked: boolean },
) {
  const { conversation, role } = await access(db, input.conversationId, input.viewer);
  if (role !== 'host') throw new AppError('FORBIDDEN');
  if (input.blocked)
    await db
      .insert(messageBlocks)
      .values({ blockerId: conversation.hostId, blockedId: conversation.renterId })
      .onConflictDoNothing();
  else
    await db
      .delete(messageBlocks)
      .where(
        and(
          eq(messageBlocks.blockerId, conversation.hostId),
          eq(messageBlocks.blockedId, conversation.renterId),
        ),
      );
  return { blocked: input.blocked };
}

/** The admins' desk: reported messages, newest first. */
export async function listReports(db: Db) {
  const rows = await db
    .select({ report: messageReports, message: messages })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .orderBy(desc(messageReports.createdAt))
    .limit(100);
  const names = await namesOf(db, [
    ...rows.map((r) => r.report.reporterId),
    ...rows.flatMap((r) => (r.message.senderId ? [r.message.senderId] : [])),
  ]);
  return {
    reports: rows.map(({ report, message }) => ({
      id: report.id,
      reason: report.reason,
      createdAt: report.createdAt.toISOString(),
      reporterName: names.get(report.reporterId) ?? '',
      conversationId: message.conversationId,
      message: {
        id: message.id,
        body: message.body,
        senderName: message.senderId ? (names.get(message.senderId) ?? null) : null,
      },
    })),
  };
}

/** The host's choice: keep their contact private on this space until a booking is confirmed. */
export async function setContactPrivacy(
  db: Db,
  input: { spaceId: string; viewer: Viewer; contactPrivate: boolean },
) {
  if (!UUID.test(input.spaceId)) throw new AppError('SPACE_NOT_FOUND');
  const [row] = await db
    .update(spaces)
    .set({ contactPrivate: input.contactPrivate })
    .where(and(eq(spaces.id, input.spaceId), eq(spaces.hostId, input.viewer.id)))
    .returning({ contactPrivate: spaces.contactPrivate });
  if (!row) throw new AppError('SPACE_NOT_FOUND');
  return row;
}
