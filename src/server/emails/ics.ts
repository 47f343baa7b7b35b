/**
 * The one iCalendar (RFC 5545) writer: the file attached to the renter's confirmation email
 * (`renderIcs`, one booking) and a space's subscribed feed (`renderIcsCalendar`, many events;
 * docs/decisions/026-calendar-feed.md). Times are written in UTC (`…Z`): every calendar shows
 * them in its own zone, and no VTIMEZONE block is needed. Lines end in CRLF and are folded at 75
 * octets without splitting a UTF-8 character (Arabic names are multi-byte).
 */
export interface CalendarEvent {
  uid: string;
  /** When the file was made, or (in a feed) when the event last changed: stable between fetches. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  /** STATUS; CONFIRMED unless told (a cancellation's file says CANCELLED). */
  status?: 'CONFIRMED' | 'CANCELLED';
  /** SEQUENCE: a revision of an event a calendar already holds must count up (0 when absent). */
  sequence?: number;
}

/** The calendar around the events; every property is optional. */
export interface CalendarProperties {
  /** PRODID; the booking emails' by default. */
  prodId?: string;
  /** The calendar's name in the client's list (NAME and X-WR-CALNAME). */
  name?: string;
  /** The zone a client should show the calendar in (X-WR-TIMEZONE); the times stay UTC. */
  timeZoneHint?: string;
  /** How often a subscribed client should fetch again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
  refreshMinutes?: number;
  /**
   * METHOD (RFC 5546): PUBLISH by default; CANCEL takes the event with the same UID out of the
   * calendar that holds it (a cancelled booking's email).
   */
  method?: 'PUBLISH' | 'CANCEL';
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** 20300106T070000Z */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * TEXT values: backslash, semicolon, comma and newlines are escaped (RFC 5545 §3.3.11); other
 * control characters, which TEXT may not hold (a host's note could), are dropped.
 */
export function escapeIcsText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- the very characters TEXT refuses
      .replace(/[\u0000-\u0008\u000A-\u001F\u007F]/g, '')
  );
}

/** Splits a content line into CRLF + space continued pieces of at most 75 octets each. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  // A continuation line starts with a space, which counts towards its 75 octets.
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.sequence ? [`SEQUENCE:${event.sequence}`] : []),
    `STATUS:${event.status ?? 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** A VCALENDAR of any number of events (none is a valid, empty calendar). */
export function renderIcsCalendar(
  calendar: CalendarProperties,
  events: readonly CalendarEvent[],
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.prodId ?? '-//HourSpace//Bookings//EN'}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${calendar.method ?? 'PUBLISH'}`,
    ...(calendar.name
      ? [`NAME:${escapeIcsText(calendar.name)}`, `X-WR-CALNAME:${escapeIcsText(calendar.name)}`]
      : []),
    ...(calendar.timeZoneHint ? [`X-WR-TIMEZONE:${calendar.timeZoneHint}`] : []),
    ...(calendar.refreshMinutes
      ? [
          `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`,
          `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`,
        ]
      : []),
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

/** The file of one event (the booking confirmation's attachment, or its cancellation's). */
export function renderIcs(event: CalendarEvent, method: 'PUBLISH' | 'CANCEL' = 'PUBLISH'): string {
  return renderIcsCalendar({ method }, [event]);
}
