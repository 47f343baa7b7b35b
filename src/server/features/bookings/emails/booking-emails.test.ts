import { describe, expect, it } from 'vitest';
import { bookingConfirmedEmail } from './confirmed.ts';
import { bookingRejectedEmail } from './rejected.ts';
import { spaceName } from '#shared/domain/listing-text.ts';
import { formatDate, formatPrice, formatTime } from '#shared/format.ts';

const space = { id: 'sp-1', nameAr: 'استوديو العليا', nameEn: 'Olaya studio' };
const booking = {
  id: 'bk-1',
  reference: 'HS-7K3Q9M',
  date: '2030-01-06',
  startTime: '10:00',
  endTime: '12:30',
  guests: 4,
  totalHalalas: 37_550,
  vatHalalas: null as number | null,
  contactPhone: '+966512345678',
  renterEmail: 'r@x.sa',
  renterName: 'فيصل',
  space: { ...space, address: 'طريق الملك فهد', cancellationPolicy: 'moderate' as const },
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

  it('booking confirmed: carries the listing’s cancellation policy, in either language', () => {
    const decidedAt = new Date('2029-12-01T08:00:00Z');
    const ar = bookingConfirmedEmail({ ...base, locale: 'ar', booking, decidedAt });
    expect(ar.text).toContain('سياسة الإلغاء');
    expect(ar.text).toContain('معتدلة: الإلغاء مجاني حتى 72 ساعة قبل موعد البدء');
    const en = bookingConfirmedEmail({ ...base, locale: 'en', booking, decidedAt });
    expect(en.text).toContain('Cancellation policy');
    expect(en.text).toContain('Moderate: free cancellation until 72 hours before the start');
    const strict = bookingConfirmedEmail({
      ...base,
      locale: 'ar',
      booking: { ...booking, space: { ...booking.space, cancellationPolicy: 'strict' } },
      decidedAt,
    });
    expect(strict.text).toContain('صارمة: الإلغاء مجاني حتى 7 أيام قبل موعد البدء');
  });

  it('says the total includes VAT, and shows the VAT part for a VAT-registered host', () => {
    const registered = { ...booking, vatHalalas: 4_898 }; // 375.50 × 15 / 115 = 48.98
    const ar = bookingConfirmedEmail({
      ...base,
      locale: 'ar',
      booking: registered,
      decidedAt: new Date(),
    });
    expect(ar.text).toContain('الإجمالي (شامل ضريبة القيمة المضافة)');
    expect(ar.text).toContain('منها ضريبة القيمة المضافة (15%)');
    expect(ar.text).toContain('48.98');
    const en = bookingConfirmedEmail({
      ...base,
      locale: 'en',
      booking: registered,
      decidedAt: new Date(),
    });
    expect(en.text).toContain('Total (VAT included)');
    expect(en.text).toContain('Of which VAT (15%)');
    expect(en.html).toContain('48.98');
    const unregistered = bookingConfirmedEmail({
      ...base,
      locale: 'en',
      booking,
      decidedAt: new Date(),
    });
    expect(unregistered.text).toContain('Total (VAT included)');
    expect(unregistered.text).not.toContain('Of which VAT');
  });
  it.each([
    [
      'ar',
      'التاريخ: الأحد، 6 يناير 2030 · 2 رمضان 1451 هـ',
      'الضيوف: 4 ضيوف',
      'المساحة: \u2068استوديو العليا\u2069',
    ],
    [
      'en',
      'Date: Sunday, 6 January 2030 · 2 Ramadan 1451 AH',
      'Guests: 4 guests',
      'Space: \u2068Olaya studio\u2069',
    ],
  ] as const)(
    'booking confirmed (%s): the Hijri date beside the Gregorian, counted guests, isolated names, in the email and its .ics',
    (locale, date, guests, spaceRow) => {
      const mail = bookingConfirmedEmail({
        ...base,
        locale,
        booking,
        decidedAt: new Date('2029-12-01T08:00:00Z'),
      });
      expect(mail.text).toContain(date);
      expect(mail.text).toContain(guests);
      expect(mail.text).toContain(spaceRow);
      // The address the host wrote, isolated in HTML for either language's layout.
      expect(mail.html).toContain('<bdi dir="auto">\u2068طريق الملك فهد\u2069</bdi>');
      const ics = String(mail.attachments![0]!.content).replace(/\r\n /g, '');
      // RFC 5545 escapes commas in TEXT.
      expect(ics).toContain(date.replace(/,/g, '\\,'));
      expect(ics).toContain(guests);
    },
  );

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
