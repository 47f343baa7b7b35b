import { describe, expect, it } from 'vitest';
import {
  CONTACT_MARKER as M,
  contactsHidden,
  latinDigits,
  maskContacts,
  type MaskedKind,
} from './contact-masking.ts';

/** [message, what it must read after masking, what was hidden] */
type Case = [string, string, MaskedKind[]];

const hidden: Case[] = [
  // phone numbers, Latin digits
  ['جوالي 0551234567 كلمني', `جوالي ${M} كلمني`, ['phone']],
  ['call me on 055 123 4567 please', `call me on ${M} please`, ['phone']],
  ['رقمي 055-123-4567', `رقمي ${M}`, ['phone']],
  ['+966 55 123 4567 whatsapp anytime', `${M} whatsapp anytime`, ['phone']],
  ['اتصل على 00966551234567', `اتصل على ${M}`, ['phone']],
  ['966551234567 واتس', `${M} واتس`, ['phone']],
  ['my number: 55 123 4567', `my number: ${M}`, ['phone']],
  ['(055) 123.45.67', M, ['phone']],
  ['0 5 5 1 2 3 4 5 6 7 تواصل معي', `${M} تواصل معي`, ['phone']],
  ['الهاتف الثابت 011 456 7890', `الهاتف الثابت ${M}`, ['phone']],
  ['toll free 800 123 4567', `toll free ${M}`, ['phone']],
  ['الرقم الموحد 9200 12345', `الرقم الموحد ${M}`, ['phone']],
  ['UK office +44 20 7946 0958', `UK office ${M}`, ['phone']],
  // Arabic-Indic and Persian digits
  ['جوالي ٠٥٥١٢٣٤٥٦٧', `جوالي ${M}`, ['phone']],
  ['رقمي ٠٥٥ ١٢٣ ٤٥٦٧ تواصل واتس', `رقمي ${M} تواصل واتس`, ['phone']],
  ['۰۵۵۱۲۳۴۵۶۷ هذا رقمي', `${M} هذا رقمي`, ['phone']],
  ['٠٥٥-١٢٣-4567 mixed digits', `${M} mixed digits`, ['phone']],
  ['+٩٦٦٥٥١٢٣٤٥٦٧', M, ['phone']],
  // words between the groups, digit words
  ['رقمي 055 ثم 123 ثم 4567', `رقمي ${M}`, ['phone']],
  ['055 and then 123 and 4567', M, ['phone']],
  ['صفر خمسة خمسة واحد اثنين ثلاثة أربعة خمسة ستة سبعة', M, ['phone']],
  ['zero five five one two three four five six seven', M, ['phone']],
  ['0 five 5 1 two 3 4 5 six 7 ok?', `${M} ok?`, ['phone']],
  ['05٥ 1two3 ٤٥٦٧', M, ['phone']],
  // emails and their spellings
  ['راسلني sara.events@gmail.com', `راسلني ${M}`, ['email']],
  ['email me at Sara_Q@company.com.sa thanks', `email me at ${M} thanks`, ['email']],
  ['sara (at) gmail (dot) com', M, ['email']],
  ['sara [at] outlook [dot] sa', M, ['email']],
  ['sara at gmail dot com', M, ['email']],
  ['sara @ hotmail . com', M, ['email']],
  ['ايميلي sara@gmail', `ايميلي ${M}`, ['email']],
  ['sara at yahoo', M, ['email']],
  ['الايميل sara نقطة events at gmail نقطة com', `الايميل sara نقطة ${M}`, ['email']],
  // WhatsApp and social links
  ['كلمني واتس wa.me/966551234567', `كلمني واتس ${M}`, ['link']],
  ['https://wa.me/966551234567?text=hi', M, ['link']],
  ['wa . me / 966551234567', M, ['link']],
  ['wa dot me/966551234567', M, ['link']],
  ['join https://chat.whatsapp.com/AbCdEf123', `join ${M}`, ['link']],
  ['t.me/sara_events', M, ['link']],
  ['instagram.com/sara.events للصور', `${M} للصور`, ['link']],
  ['https://www.snapchat.com/add/saraev', M, ['link']],
  // handles
  ['سناب: sara_events', M, ['handle']],
  ['انستا @sara.events', M, ['handle']],
  ['follow @sara_events for photos', `follow ${M} for photos`, ['handle']],
  ['my snap is saraq88', `my ${M}`, ['handle']],
  // more than one kind in one message
  ['رقمي 0551234567 والايميل sara@gmail.com', `رقمي ${M} والايميل ${M}`, ['phone', 'email']],
  ['0551234567 / sara@x.co', `${M} / ${M}`, ['phone', 'email']],
];

const kept: string[] = [
  'هل يوجد مواقف لـ 20 سيارة؟',
  'Is there parking for 20 cars?',
  'نحتاج القاعة يوم 2026-12-05 من 10:00 إلى 14:00',
  'We are 35 guests, from 9 to 11 in the morning.',
  'السعر 450 ريال للساعة؟ وهل يشمل الضريبة 15%؟',
  'can we bring our own catering for 120 people?',
  'عندنا 3 فعاليات: 12 و 19 و 26 ديسمبر',
  'المساحة 250 متر مربع و 4 غرف',
  'حجزي رقم HS-7K3Q9M',
  'Booking for 2 hours, 1,250 SAR total',
  'نبي نوصل الساعة ٩ ونطلع ١١',
  'one or two projectors? we need five microphones',
  'خمسة أشخاص فقط وثلاث طاولات',
  'the room on floor 5, door 12',
  'سعر 1500 و 2000 و 3000 للباقات',
  'صفحة المساحة https://hourspace.sa/spaces/abc فيها الصور',
];

describe('maskContacts', () => {
  it.each(hidden)('hides the contact in %j', (message, expected, kinds) => {
    const result = maskContacts(message);
    expect(result.text).toBe(expected);
    expect(result.kinds).toEqual(kinds);
  });

  it.each(kept)('leaves %j as written', (message) => {
    expect(maskContacts(message)).toEqual({ text: message, kinds: [] });
  });

  it('has at least 40 cases, evasions included', () => {
    expect(hidden.length + kept.length).toBeGreaterThanOrEqual(40);
  });

  it('hides every number of a long message and keeps the words between them', () => {
    const result = maskContacts('أنا سارة، جوالي 0551234567 وجوال أخوي 0509876543، نبي 30 كرسي');
    expect(result.text).toBe(`أنا سارة، جوالي ${M} وجوال أخوي ${M}، نبي 30 كرسي`);
    expect(result.kinds).toEqual(['phone']);
  });

  it('reads Arabic-Indic and Persian digits as Latin ones', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ 0123')).toBe('0123456789 0123456789 0123');
  });
});

describe('contactsHidden', () => {
  it('hides only when the host keeps contacts private and nothing is confirmed yet', () => {
    expect(contactsHidden({ contactPrivate: true, hasConfirmedBooking: false })).toBe(true);
    expect(contactsHidden({ contactPrivate: true, hasConfirmedBooking: true })).toBe(false);
    expect(contactsHidden({ contactPrivate: false, hasConfirmedBooking: false })).toBe(false);
    expect(contactsHidden({ contactPrivate: false, hasConfirmedBooking: true })).toBe(false);
  });
});
