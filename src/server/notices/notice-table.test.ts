import { describe, expect, it } from 'vitest';
import { BOOKING_TRANSITIONS, type BookingTransition } from '#shared/domain/booking-lifecycle.ts';
import {
  NEW_SPACE_STATUS,
  SPACE_TRANSITIONS,
  type SpaceTransition,
} from '#shared/domain/space-lifecycle.ts';
import {
  bookingEvent,
  NOTICES,
  spaceEvent,
  type Audience,
  type NoticeRow,
} from './notice-table.ts';
import { WHATSAPP_TEMPLATES } from './whatsapp-templates.ts';

const AUDIENCES: readonly Audience[] = ['renter', 'host', 'admins', 'team', 'account'];

/** A row tells someone, or says why nobody is told. */
function expectDecided(row: NoticeRow | undefined, what: string) {
  expect(row, `${what} has no row in the notice table`).toBeDefined();
  const told = AUDIENCES.filter((a) => row![a]);
  if (told.length === 0) expect(row!.untold, `${what}: nobody is told and no reason`).toBeTruthy();
  for (const audience of told) {
    const channels = row![audience]!;
    expect(channels.email ?? channels.whatsapp, `${what} → ${audience}: no channel`).toBeTruthy();
  }
}

describe('the notice table', () => {
  it('has a row for every edge of the booking state graph, and for the request that starts it', () => {
    expectDecided(NOTICES.booking.requested, 'a booking request');
    for (const [transition, edge] of Object.entries(BOOKING_TRANSITIONS)) {
      for (const from of edge.from) {
        const event = bookingEvent(transition as BookingTransition, from);
        expectDecided(NOTICES.booking[event], `booking ${transition} from ${from}`);
      }
    }
  });

  it('has a row for every edge of the space state graph, and for the listing that starts it', () => {
    expect(NEW_SPACE_STATUS).toBe('pending');
    expectDecided(NOTICES.space.submitted, 'a new listing');
    for (const [transition, edge] of Object.entries(SPACE_TRANSITIONS)) {
      for (const from of edge.from) {
        const event = spaceEvent(transition as SpaceTransition, from);
        expectDecided(NOTICES.space[event], `space ${transition} from ${from}`);
      }
    }
  });

  it('fails loudly for an edge it does not know', () => {
    expect(() => bookingEvent('confirm', 'cancelled')).toThrow(/No notice row/);
    expect(() => spaceEvent('approve', 'archived')).toThrow(/No notice row/);
  });

  it('decides every row, and names only WhatsApp templates that exist', () => {
    for (const [subject, rows] of Object.entries(NOTICES)) {
      for (const [event, row] of Object.entries(rows as Record<string, NoticeRow>)) {
        expectDecided(row, `${subject}.${event}`);
        for (const audience of AUDIENCES) {
          const template = row[audience]?.whatsapp;
          if (template) expect(Object.keys(WHATSAPP_TEMPLATES)).toContain(template);
        }
      }
    }
  });

  it('names only the audiences and channels each sender sends (tellOfBooking, tellOfSpace)', () => {
    const sent = {
      booking: { renter: ['email', 'whatsapp'], host: ['email', 'whatsapp'], admins: ['email'] },
      space: { host: ['email'], admins: ['email'] },
      account: { account: ['email'] },
      contact: { team: ['email'] },
      // features/messages/message-notices.ts
      message: { renter: ['email', 'whatsapp'], host: ['email', 'whatsapp'] },
    } as const;
    for (const [subject, rows] of Object.entries(NOTICES)) {
      const senders: Partial<Record<Audience, readonly string[]>> =
        sent[subject as keyof typeof sent];
      for (const [event, row] of Object.entries(rows as Record<string, NoticeRow>)) {
        for (const audience of AUDIENCES) {
          for (const channel of Object.keys(row[audience] ?? {})) {
            expect(senders[audience] ?? [], `${subject}.${event} → ${audience}`).toContain(channel);
          }
        }
      }
    }
  });
});
