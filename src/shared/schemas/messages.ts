import { z } from 'zod';
import { MESSAGE_TEXT_MAX, REPORT_REASON_MAX } from '../domain/messages.ts';
import { fieldRule } from '../message-codes.ts';

/**
 * Conversations between renters and hosts (issue 34): what is sent, what the inbox and a thread
 * show, and the live stream's events (docs/messages-live.md). The web's forms validate with the
 * same schemas as the server.
 */

const missingOrWrongType = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? fieldRule('required') : fieldRule('invalid');

export const messageTextField = z
  .string({ error: missingOrWrongType })
  .trim()
  .min(1, { error: fieldRule('required') })
  .max(MESSAGE_TEXT_MAX, { error: fieldRule('tooLong') });

export const sendMessageSchema = z.object({ body: messageTextField });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const reportMessageSchema = z.object({
  reason: z
    .string({ error: missingOrWrongType })
    .trim()
    .min(1, { error: fieldRule('required') })
    .max(REPORT_REASON_MAX, { error: fieldRule('tooLong') }),
});

export const readSchema = z.object({
  /** the newest message the reader has seen */
  upTo: z
    .number({ error: missingOrWrongType })
    .int({ error: fieldRule('invalid') })
    .min(1, {
      error: fieldRule('invalid'),
    }),
});

export const blockSchema = z.object({ blocked: z.boolean({ error: missingOrWrongType }) });
export const contactPrivacySchema = z.object({
  contactPrivate: z.boolean({ error: missingOrWrongType }),
});

/** A numeric cursor in a query string (a message id). */
const idCursor = z
  .string({ error: fieldRule('invalid') })
  .regex(/^\d{1,18}$/, { error: fieldRule('invalid') })
  .transform(Number)
  .optional();

export const inboxQuerySchema = z.object({
  cursor: z
    .string({ error: fieldRule('invalid') })
    .max(200, { error: fieldRule('invalid') })
    .optional(),
});
export const threadQuerySchema = z.object({ before: idCursor, after: idCursor });
export const streamQuerySchema = z.object({
  after: idCursor,
  conversation: z.string().max(200).optional(),
});

export const messageKindSchema = z.enum(['text', 'booking']);
export const senderRoleSchema = z.enum(['renter', 'host', 'admin']);

export const messageSchema = z.object({
  id: z.number(),
  conversationId: z.string(),
  kind: messageKindSchema,
  senderRole: senderRoleSchema,
  /** null for a booking line and an admin's message (shown as "HourSpace") */
  senderName: z.string().nullable(),
  mine: z.boolean(),
  body: z.string(),
  /** what was hidden from this message (phone, email, link, handle); empty when nothing */
  maskedKinds: z.array(z.enum(['phone', 'email', 'link', 'handle'])),
  bookingReference: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const contactSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const conversationSummarySchema = z.object({
  id: z.string(),
  space: z.object({ id: z.string(), name: z.string() }),
  /** the other side: the host's name to a renter, the renter's to a host */
  withName: z.string(),
  myRole: senderRoleSchema,
  lastMessage: messageSchema.nullable(),
  lastMessageAt: z.string(),
  unread: z.number(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const inboxSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  nextCursor: z.string().nullable(),
});
export type Inbox = z.infer<typeof inboxSchema>;

export const conversationSchema = conversationSummarySchema.extend({
  /** contacts are masked in messages until a booking is confirmed (the host's choice) */
  contactsHidden: z.boolean(),
  /** both sides' contacts once a booking is confirmed; null before */
  contacts: z.object({ renter: contactSchema, host: contactSchema }).nullable(),
  /** when each other participant last read, and up to which message */
  reads: z.array(z.object({ role: senderRoleSchema, upTo: z.number(), at: z.string().nullable() })),
  /** the host blocked this renter (the host sees it; the renter sees that sending is refused) */
  blocked: z.boolean(),
  bookings: z.array(
    z.object({ id: z.string(), reference: z.string(), status: z.string(), date: z.string() }),
  ),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const threadSchema = z.object({
  messages: z.array(messageSchema),
  /** an older page exists */
  hasOlder: z.boolean(),
});
export type Thread = z.infer<typeof threadSchema>;

export const sentMessageSchema = z.object({ message: messageSchema });

export const unreadSchema = z.object({ conversations: z.number(), messages: z.number() });
export type Unread = z.infer<typeof unreadSchema>;

export const conversationRefSchema = z.object({ id: z.string() });

export const messageReportsSchema = z.object({
  reports: z.array(
    z.object({
      id: z.string(),
      reason: z.string(),
      createdAt: z.string(),
      reporterName: z.string(),
      conversationId: z.string(),
      message: z.object({ id: z.number(), body: z.string(), senderName: z.string().nullable() }),
    }),
  ),
});

export const responseTimeSchema = z.object({
  /** the median minutes, or null below RESPONSE_TIME_MIN_SAMPLES answered openings */
  medianMinutes: z.number().nullable(),
  samples: z.number(),
});
export const hostResponseTimesSchema = z.object({
  hosts: z.array(
    z.object({
      hostId: z.string(),
      name: z.string(),
      medianMinutes: z.number().nullable(),
      samples: z.number(),
    }),
  ),
});

/** The live stream's events (docs/messages-live.md). */
export type LiveEvent =
  | { type: 'message'; message: Omit<Message, 'mine'> & { senderId: string | null } }
  | {
      type: 'read';
      conversationId: string;
      userId: string;
      role: string;
      upTo: number;
      at: string;
    };
