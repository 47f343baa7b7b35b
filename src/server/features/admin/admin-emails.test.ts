import { describe, expect, it } from 'vitest';
import {
  bookingConfirmedEmail,
  bookingRejectedEmail,
  spaceApprovedEmail,
  spaceRejectedEmail,
} from './admin-emails.ts';
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
  space: { ...space, address: 'طريق الملك فهد', city: 'riyadh' },
};
const base = { publicUrl: 'https://hourspace.sa' };

describe('decision emails', () => {
  it('approved: in the host language, right to left in Arabic, with a link to the space', () => {
    const ar = spaceApprovedEmail({ ...base, locale: 'ar', to: 'h@x.sa', hostName: 'نورة', space });
    expect(ar.subject).toBe('تمت الموافقة على مساحتك «استوديو العليا»');
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.text).toContain('https://hourspace.sa/space/sp-1');
    const en = spaceApprovedEmail({ ...base, locale: 'en', to: 'h@x.sa', hostName: 'Sam', space });
    expect(en.subject).toBe('Your space “Olaya studio” is approved');
    expect(en.html).toContain('dir="ltr"');
  });

  it('rejected: carries the reason, escaped in the HTML part', () => {
    const mail = spaceRejectedEmail({
      ...base,
      locale: 'en',
      to: 'h@x.sa',
      hostName: 'Sam',
      space,
      reason: 'Photos <blurry> & dark',
    });
    expect(mail.text).toContain('Photos <blurry> & dark');
    expect(mail.html).toContain('Photos &lt;blurry&gt; &amp; dark');
    expect(mail.html).not.toContain('<blurry>');
  });

  it('booking confirmed: details in the reader language and an .ics attachment', () => {
    const mail = bookingConfirmedEmail({
      ...base,
      locale: 'ar',
      to: 'r@x.sa',
      renterName: 'فيصل',
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
      to: 'r@x.sa',
      renterName: 'Lina',
      booking,
    });
    expect(plain.text).toContain('the host did not accept');
    expect(plain.text).not.toContain('Note:');
    expect(plain.attachments).toBeUndefined();
    const noted = bookingRejectedEmail({
      ...base,
      locale: 'ar',
      to: 'r@x.sa',
      renterName: 'لينا',
      booking,
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
