import { z } from 'zod';

/**
 * A space's calendar feed (docs/decisions/026-calendar-feed.md): the host's secret URL
 * `/api/calendar/<token>.ics`, read by Google Calendar or Outlook, and the host's routes that
 * show and replace it.
 */

/** 32 random bytes in base64url without padding: 43 characters of `A–Z a–z 0–9 - _`. */
export const CALENDAR_TOKEN_LENGTH = 43;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export const isCalendarToken = (value: string) => TOKEN.test(value);

/** `<token>.ics` → the token; anything else → null (the feed answers 404 alike). */
export function calendarTokenOfFile(file: string): string | null {
  return FEED_FILE.exec(file)?.[1] ?? null;
}

/** The feed's path for a token. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

/**
 * GET /api/calendar/:file. Any text is accepted here: a malformed name is an unknown feed, and
 * must answer the same 404 as one (never a 400 that tells the two apart).
 */
export const calendarFeedParamsSchema = z.object({ file: z.string() });

/** GET /api/me/spaces/:id/calendar and POST …/calendar/regenerate. */
export const spaceCalendarParamsSchema = z.object({ id: z.string().max(200) });

/** The feed's full URL (secret: anyone holding it reads the space's calendar). */
export const calendarFeedUrlSchema = z.object({ url: z.string() });
export type CalendarFeedUrl = z.infer<typeof calendarFeedUrlSchema>;
