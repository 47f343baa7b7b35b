import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine, icsDateTime, renderIcs, renderIcsCalendar } from './ics.ts';

const event = {
  uid: 'booking-0f9c@hourspace.sa',
  stamp: new Date('2026-11-23T09:15:00Z'),
  // 10:00–12:00 in Riyadh (UTC+3)
  start: new Date('2030-01-06T10:00:00+03:00'),
  end: new Date('2030-01-06T12:00:00+03:00'),
  summary: 'قاعة اجتماعات العليا, الرياض',
  location: 'طريق الملك فهد; حي العليا، الرياض',
  description: 'Guests: 4\nTotal: SAR 300',
};

describe('renderIcs', () => {
  const ics = renderIcs(event);

  it('is one VCALENDAR with one VEVENT and the required properties', () => {
    const unfolded = ics.replace(/\r\n /g, '');
    const lines = unfolded.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((l) => l.startsWith('PRODID:'))).toHaveLength(1);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain('UID:booking-0f9c@hourspace.sa');
    expect(lines).toContain('DTSTAMP:20261123T091500Z');
    expect(lines).toContain('DTSTART:20300106T070000Z');
    expect(lines).toContain('DTEND:20300106T090000Z');
    expect(lines).toContain('SUMMARY:قاعة اجتماعات العليا\\, الرياض');
    expect(lines).toContain('LOCATION:طريق الملك فهد\\; حي العليا، الرياض');
    expect(lines).toContain('DESCRIPTION:Guests: 4\\nTotal: SAR 300');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.at(-1)).toBe('');
  });

  it('publishes a confirmed event by default, and a cancellation of the same UID on request', () => {
    expect(ics.split('\r\n')).toContain('METHOD:PUBLISH');
    expect(ics.split('\r\n')).toContain('STATUS:CONFIRMED');
    const cancel = renderIcs({ ...event, status: 'CANCELLED', sequence: 1 }, 'CANCEL').split(
      '\r\n',
    );
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain('SEQUENCE:1');
    expect(cancel).toContain('UID:booking-0f9c@hourspace.sa');
    expect(cancel).not.toContain('METHOD:PUBLISH');
  });

  it('ends every line in CRLF, with no bare LF', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(/[^\r]\n/.test(ics)).toBe(false);
  });

  it('keeps every line within 75 octets', () => {
    const long = renderIcs({ ...event, description: 'وصف طويل جدًا '.repeat(40) });
    for (const line of long.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
  });
});

describe('foldIcsLine', () => {
  it('leaves a short line alone', () => {
    expect(foldIcsLine('SUMMARY:Short')).toBe('SUMMARY:Short');
  });

  it('folds at 75 octets and unfolds to the same text, never splitting a character', () => {
    const line = `DESCRIPTION:${'مساحة'.repeat(30)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(new TextEncoder().encode(parts[0]).length).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) {
      expect(part.startsWith(' ')).toBe(true);
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('escapeIcsText and icsDateTime', () => {
  it('escapes the four special characters', () => {
    expect(escapeIcsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });
  it('drops the control characters TEXT may not hold, keeping tabs and newlines', () => {
    expect(escapeIcsText('a\u0007b\u001bc\u007fd\te\r\nf')).toBe('abcd\te\\nf');
  });
  it('writes UTC basic format', () => {
    expect(icsDateTime(new Date('2031-02-03T04:05:06.789Z'))).toBe('20310203T040506Z');
  });
});

describe('renderIcsCalendar', () => {
  const second = {
    ...event,
    uid: 'block-1@hourspace.sa',
    start: new Date('2030-01-07T05:00:00Z'),
    end: new Date('2030-01-07T06:00:00Z'),
    summary: 'Blocked',
    location: undefined,
    description: undefined,
  };

  it('writes the calendar properties and every event, each once', () => {
    const ics = renderIcsCalendar(
      {
        prodId: '-//HourSpace//Calendar feed//EN',
        name: 'HourSpace — قاعة, العليا',
        timeZoneHint: 'Asia/Riyadh',
        refreshMinutes: 60,
      },
      [event, second],
    );
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toContain('PRODID:-//HourSpace//Calendar feed//EN');
    expect(lines).toContain('X-WR-CALNAME:HourSpace — قاعة\\, العليا');
    expect(lines).toContain('NAME:HourSpace — قاعة\\, العليا');
    expect(lines).toContain('X-WR-TIMEZONE:Asia/Riyadh');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT60M');
    expect(lines).toContain('X-PUBLISHED-TTL:PT60M');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('UID:block-1@hourspace.sa');
    expect(lines).toContain('DTSTART:20300107T050000Z');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('is a valid, empty calendar without events, and renderIcs is its one-event case', () => {
    const empty = renderIcsCalendar({}, []).split('\r\n');
    expect(empty).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//HourSpace//Bookings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'END:VCALENDAR',
      '',
    ]);
    expect(renderIcs(event)).toBe(renderIcsCalendar({}, [event]));
  });
});
