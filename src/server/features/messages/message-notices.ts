import { and, eq, gt, ne, or, isNull, desc } from 'drizzle-orm';
import type { Locale } from '#shared/constants.ts';
import { displayName } from '#shared/domain/display-name.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { isolate } from '#shared/format.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { conversationMembers, conversations, messages, spaces, users } from '#server/db/schema.ts';
import { renderEmail } from '#server/emails/email-layout.ts';
import { enqueueMail } from '#server/jobs/enqueue-mail.ts';
import { MESSAGE_NOTICE_JOB, type MessageNoticeJob } from '#server/jobs/job-kinds.ts';
import { enqueueJob } from '#server/jobs/queue.ts';
import { enqueueWhatsApp } from '#server/jobs/enqueue-whatsapp.ts';
import { NOTICES } from '#server/notices/notice-table.ts';
import { greeting, wordsFor } from '#server/notices/words.ts';
import { recipientLocale } from '#server/users/recipient-locale.ts';

/**
 * A participant away from the page hears of new messages by email (notice table: message
 * `received`): at most one per conversation per `NOTICE_EVERY_MS`, sent `NOTICE_DELAY_MS` after
 * the message so a reader who is on the page (and reads it live) gets none, and never for
 * messages they have read. The member row's `notice_queued` lets one job wait per person and
 * conversation; `notified_at` is when the last email went.
 */
export const NOTICE_EVERY_MS = 15 * 60_000;
export const NOTICE_DELAY_MS = 2 * 60_000;
/** A WhatsApp notice quotes the message up to this many characters. */
const WHATSAPP_TEXT_MAX = 200;

/** In the sender's transaction: queue the recipient's notice unless one already waits. */
export async function queueMessageNotice(
  tx: Tx,
  conversationId: string,
  userId: string,
  now: Date,
) {
  await tx.insert(conversationMembers).values({ conversationId, userId }).onConflictDoNothing();
  const [member] = await tx
    .update(conversationMembers)
    .set({ noticeQueued: true })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
        eq(conversationMembers.noticeQueued, false),
      ),
    )
    .returning({ notifiedAt: conversationMembers.notifiedAt });
  if (!member) return;
  const due = Math.max(
    now.getTime() + NOTICE_DELAY_MS,
    (member.notifiedAt?.getTime() ?? 0) + NOTICE_EVERY_MS,
  );
  const payload: MessageNoticeJob = { conversationId, userId };
  await enqueueJob(tx, { kind: MESSAGE_NOTICE_JOB, payload, runAt: new Date(due) });
}

/**
 * The notice job: the newest message the person has not read, by email in their language, or
 * nothing when they have read everything meanwhile.
 */
export async function sendMessageNotice(
  db: Db,
  job: MessageNoticeJob,
  settings: { publicUrl: string; now?: Date },
) {
  const row = NOTICES.message.received;
  await db.transaction(async (tx) => {
    const [member] = await tx
      .update(conversationMembers)
      .set({ noticeQueued: false })
      .where(
        and(
          eq(conversationMembers.conversationId, job.conversationId),
          eq(conversationMembers.userId, job.userId),
        ),
      )
      .returning();
    if (!member) return;
    const [newest] = await tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, job.conversationId),
          gt(messages.id, member.lastReadId),
          or(isNull(messages.senderId), ne(messages.senderId, job.userId)),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(1);
    if (!newest) return;
    const [context] = await tx
      .select({
        renterId: conversations.renterId,
        hostId: conversations.hostId,
        nameAr: spaces.nameAr,
        nameEn: spaces.nameEn,
      })
      .from(conversations)
      .innerJoin(spaces, eq(spaces.id, conversations.spaceId))
      .where(eq(conversations.id, job.conversationId));
    const [person] = await tx.select().from(users).where(eq(users.id, job.userId));
    if (!context || !person) return;
    const audience = person.id === context.renterId ? 'renter' : 'host';
    if (!row[audience]?.email) return;
    const [sender] = newest.senderId
      ? await tx.select().from(users).where(eq(users.id, newest.senderId))
      : [];
    const locale: Locale = recipientLocale(person.locale, 'ar');
    const words = wordsFor(locale).message.received;
    const space = spaceName(context, locale);
    const text = newest.kind === 'booking' ? words.bookingLine(newest.body) : newest.body;
    const conversationUrl = new URL(
      `/messages/${job.conversationId}`,
      settings.publicUrl,
    ).toString();
    const mail = renderEmail({
      locale,
      to: person.email,
      subject: words.subject(space),
      greeting: greeting(locale, displayName(person)),
      paragraphs: [
        newest.senderRole === 'admin' || !sender
          ? words.fromTeam
          : words.body(isolate(displayName(sender))),
        isolate(text),
      ],
      button: { label: words.button, url: conversationUrl },
      footnote: words.footnote,
    });
    await enqueueMail(tx, `message:${job.conversationId}:${job.userId}:${newest.id}`, mail);
    const whatsapp = row[audience].whatsapp;
    if (whatsapp)
      // Only to someone who agreed to WhatsApp notices (enqueueWhatsApp checks, and the worker
      // again at sending).
      await enqueueWhatsApp(
        tx,
        person,
        whatsapp,
        {
          sender:
            newest.senderRole === 'admin' || !sender
              ? wordsFor(locale).message.received.team
              : displayName(sender),
          space,
          text: text.length > WHATSAPP_TEXT_MAX ? `${text.slice(0, WHATSAPP_TEXT_MAX - 1)}…` : text,
          link: conversationUrl,
        },
        `message-${job.conversationId}-${newest.id}`,
      );
    await tx
      .update(conversationMembers)
      .set({ notifiedAt: settings.now ?? new Date() })
      .where(
        and(
          eq(conversationMembers.conversationId, job.conversationId),
          eq(conversationMembers.userId, job.userId),
        ),
      );
  });
}
