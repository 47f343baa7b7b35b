import { describe, expect, it } from 'vitest';
import { bookingConfirmedEmail, bookingRejectedEmail } from './booking-emails.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatDate, formatPrice, formatTime } from '#shared/format.ts';

const space = { id: 'sp-1', nameAr: 'استوديو العليا', nameEn: 'Olaya studio' };
const booking = {
  id: 'bk-1',
  date: '2030-01-06',
  startTime: '10:00',
  endTime: '12:30',
  guests: 4,
  totalHalalas: 37_550,
  contactPhone: '+966512345678',
  renterEmail: 'r@x.sa',
  renterName: 'فيصل',
  space: { ...space, address: 'طريق الملك فهد' },
};
const base = { publicUrl: 'https://hourspace.sa' };

describe('booking decision emails', () => {
  it('booking confirmed: details in the reader language and an .ics attachment', () => {
    const mail = bookingConfirmedEmail({
      ...base,
      locale: 'ar',
      booking,
      decidedAt: new Date('2029-12-01T08:00:00Z'),
    });
    expect(mail.text).toContain('375.50');
    expect(mail.attachments).toHaveLength(1);
    const ics = mail.attachments![0]!;
    expect(ics.contentType).toMatch(/^text\/calendar/);
    expect(ics.content).toContain('DTSTART:20300106T070000Z');
    expect(ics.content).toContain('DTEND:20300106T093000Z');
    expect(ics.content).toContain('DTSTAMP:20291201T080000Z');
  });

  it('booking rejected: says the host did not accept, with the optional note', () => {
    const plain = bookingRejectedEmail({
      ...base,
      locale: 'en',
      booking: { ...booking, renterName: 'Lina' },
    });
    expect(plain.text).toContain('the host did not accept');
    expect(plain.text).not.toContain('Note:');
    expect(plain.attachments).toBeUndefined();
    const noted = bookingRejectedEmail({
      ...base,
      locale: 'ar',
      booking: { ...booking, renterName: 'لينا' },
      reason: 'القاعة تحت الصيانة',
    });
    expect(noted.text).toContain('القاعة تحت الصيانة');
  });
});

describe('email formatting (docs/decisions/008)', () => {
  it('uses Latin digits and the Gregorian calendar in Arabic', () => {
    expect(formatDate('2030-01-06', 'ar')).toBe('الأحد، 6 يناير 2030');
    expect(formatDate('2030-01-06', 'en')).toBe('Sunday, 6 January 2030');
    expect(formatTime('14:30', 'en')).toBe('2:30 pm');
    expect(formatPrice(15_000, 'en')).toMatch(/^SAR\s150$/);
  });
  it('names a space in the reader language, else the one given', () => {
    expect(spaceName({ nameAr: null, nameEn: 'Hall' }, 'ar')).toBe('Hall');
    expect(spaceName({ nameAr: 'قاعة', nameEn: null }, 'en')).toBe('قاعة');
  });
});
