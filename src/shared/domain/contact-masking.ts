/**
 * Contacts kept on the platform (issue 34, decision 057): before a booking is confirmed, in a
 * conversation about a space whose host keeps their contact private, phone numbers, email
 * addresses, WhatsApp links and social accounts in a message are replaced by `CONTACT_MARKER`
 * and the sender is told why. The browser runs the same rules to warn while typing; the server's
 * run is the one that counts.
 *
 * Phone numbers are found by their shape once their digits are gathered: Latin, Arabic-Indic
 * (٠١٢) and Persian (۰۱۲) digits and the digit words of both languages ("خمسة", "five"), with
 * spaces, dashes, dots, brackets or a few words between the groups. Only a gathered run shaped
 * like a phone number is hidden (a Saudi mobile, landline, 800/9200 number, or an international
 * one written with + or 00), so prices, guest counts, dates and times stay as written.
 */

export const CONTACT_MARKER = '[•••]';

export type MaskedKind = 'phone' | 'email' | 'link' | 'handle';

export interface MaskResult {
  text: string;
  /** What was hidden, each kind once, in a stable order. */
  kinds: MaskedKind[];
}

const KIND_ORDER: MaskedKind[] = ['phone', 'email', 'link', 'handle'];

const DIGIT_WORDS: Record<string, string> = {
  // Arabic, with the spellings people type (hamza or not, ت for ث in speech)
  صفر: '0',
  واحد: '1',
  وحده: '1',
  اثنين: '2',
  اثنان: '2',
  إثنين: '2',
  اتنين: '2',
  ثنين: '2',
  ثلاثة: '3',
  ثلاثه: '3',
  ثلاث: '3',
  تلاتة: '3',
  تلاته: '3',
  أربعة: '4',
  اربعة: '4',
  اربعه: '4',
  أربعه: '4',
  اربع: '4',
  أربع: '4',
  خمسة: '5',
  خمسه: '5',
  خمس: '5',
  ستة: '6',
  سته: '6',
  سبعة: '7',
  سبعه: '7',
  سبع: '7',
  ثمانية: '8',
  ثمانيه: '8',
  ثمان: '8',
  تمانية: '8',
  تمانيه: '8',
  تسعة: '9',
  تسعه: '9',
  تسع: '9',
  // English
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/** Arabic-Indic and Persian digits as Latin ones (other characters unchanged). */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** The digits of a gathered run that make a phone number. */
const PHONE_SHAPES = [
  /^0?5\d{8}$/, // Saudi mobile: 05x xxx xxxx, or 5x xxx xxxx
  /^(?:00)?9665\d{8}$/, // the same with the country code
  /^(?:00)?966?1\d{7,8}$/, // a landline with the country code
  /^01\d{8}$/, // a landline: 011 xxx xxxx
  /^800\d{7}$/, // toll-free
  /^9200\d{5}$/, // unified number
];
/** Written with + or 00 in front: any international number. */
const INTERNATIONAL = /^\d{8,15}$/;

interface Piece {
  start: number;
  end: number;
  digits: string;
  /** a + or 00 right before the first digit */
  plus: boolean;
}

const TOKEN = /[0-9\u0660-\u0669\u06F0-\u06F9]+|[\p{L}\p{M}]+/gu;
/** What may stand between two groups of one number: separators, and at most a few short words. */
const GAP_MAX_CHARS = 24;
const GAP_MAX_WORDS = 3;
const GAP_CHARS = /^[\s\-‐‑–—.·_/\\()[\]{},;*#+|~'"«»]*$/u;

function digitPieces(text: string): Piece[][] {
  const runs: Piece[][] = [];
  let current: Piece[] = [];
  let gapWords = 0;
  let lastEnd = -1;
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    const start = match.index;
    const end = start + token.length;
    const latin = latinDigits(token);
    const digits = /^\d+$/.test(latin) ? latin : DIGIT_WORDS[token.toLowerCase()];
    if (digits === undefined) {
      // a word that is not a digit: it may sit inside a number ("05 ثم 123") if short
      if (current.length > 0) {
        gapWords += 1;
        if (gapWords > GAP_MAX_WORDS || start - lastEnd > GAP_MAX_CHARS) {
          runs.push(current);
          current = [];
        }
      }
      continue;
    }
    if (current.length > 0) {
      const gap = text.slice(lastEnd, start);
      const gapText = gap.replace(/[\p{L}\p{M}]+/gu, '');
      if (gap.length > GAP_MAX_CHARS || !GAP_CHARS.test(gapText) || gap.includes('\n\n')) {
        runs.push(current);
        current = [];
      }
    }
    if (current.length === 0) gapWords = 0;
    const before = text.slice(Math.max(0, start - 3), start);
    current.push({ start, end, digits, plus: /\+\s*$/.test(before) });
    lastEnd = end;
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

function isPhone(digits: string, plus: boolean): boolean {
  if (PHONE_SHAPES.some((shape) => shape.test(digits))) return true;
  if (plus && INTERNATIONAL.test(digits)) return true;
  return digits.startsWith('00') && INTERNATIONAL.test(digits.slice(2)) && digits.length >= 11;
}

/** The spans of phone numbers in a text. */
function phoneSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const run of digitPieces(text)) {
    let i = 0;
    while (i < run.length) {
      let best = -1;
      let digits = '';
      for (let j = i; j < run.length; j += 1) {
        digits += run[j]!.digits;
        if (digits.length > 16) break;
        if (isPhone(digits, run[i]!.plus)) best = j;
      }
      if (best >= 0) {
        let start = run[i]!.start;
        // a + or an opening bracket right before the number belongs to it
        const lead = /[+(]\s*$/.exec(text.slice(Math.max(0, start - 3), start));
        if (lead) start -= lead[0].length;
        spans.push([start, run[best]!.end]);
        i = best + 1;
      } else {
        i += 1;
      }
    }
  }
  return spans;
}

const EMAIL_PROVIDERS = 'gmail|hotmail|outlook|yahoo|icloud|live|msn|proton(?:mail)?|aol|ymail';
const TLD = '(?:com|net|org|sa|edu|gov|io|me|co|info|biz|ae)';
const AT = String.raw`(?:\s*@\s*|\s*[([{<]\s*(?:at|@|آت|ات)\s*[)\]}>]\s*|\s+(?:at|آت)\s+)`;
const DOT = String.raw`(?:\s*\.\s*|\s*[([{<]\s*(?:dot|نقطة|نقطه)\s*[)\]}>]\s*|\s+(?:dot|نقطة|نقطه|دوت)\s+)`;
const LOCAL = String.raw`[A-Za-z0-9](?:[A-Za-z0-9._%+-]*[A-Za-z0-9])?`;
const DOMAIN = String.raw`[A-Za-z0-9-]+(?:${DOT}[A-Za-z0-9-]+)*`;

const EMAIL_PATTERNS = [
  // sara@example.com, sara (at) example (dot) com, sara at example dot sa
  new RegExp(`${LOCAL}${AT}${DOMAIN}${DOT}${TLD}\\b`, 'giu'),
  // sara@gmail, sara at hotmail: a known provider needs no ending
  new RegExp(`${LOCAL}${AT}(?:${EMAIL_PROVIDERS})\\b`, 'giu'),
  // sara@something: any plain address-looking word with @ in the middle
  new RegExp(`${LOCAL}@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)+`, 'giu'),
];

const SOCIAL_HOSTS =
  '(?:wa\\.me|api\\.whatsapp\\.com|chat\\.whatsapp\\.com|whatsapp\\.com|t\\.me|telegram\\.(?:me|org)|instagram\\.com|instagr\\.am|snapchat\\.com|x\\.com|twitter\\.com|tiktok\\.com|facebook\\.com|fb\\.me|fb\\.com|m\\.me|linkedin\\.com|threads\\.net)';
const LINK_PATTERN = new RegExp(
  `(?:https?\\s*:\\s*/\\s*/\\s*)?(?:www\\.)?${SOCIAL_HOSTS.replace(/\\\\\./g, '\\s*\\.\\s*')}(?:\\s*/\\s*[^\\s]*)?`,
  'giu',
);
/** "wa . me / 9665…" and "wa dot me": the host with its dot spelt out */
const SPELT_LINK = /\bwa\s*(?:\.|dot|نقطة|\(dot\)|\[dot\])\s*me\b(?:\s*\/\s*\S*)?/giu;

const PLATFORM_WORDS =
  '(?:instagram|insta|ig|snapchat|snap|telegram|twitter|tiktok|tik\\s?tok|facebook|whatsapp|whats\\s?app|انستقرام|انستغرام|إنستغرام|انستا|إنستا|سناب\\s?شات|سناب|تلغرام|تليجرام|تيليجرام|تلجرام|تويتر|تيك\\s?توك|تيكتوك|فيسبوك|فيس|واتساب|واتس\\s?اب|واتس)';
const HANDLE_PATTERNS = [
  // "snap: sara_events", "انستا @sara.events"
  new RegExp(
    `(?<![\\p{L}])${PLATFORM_WORDS}(?:\\s*[:：]\\s*@?|\\s*@|\\s+(?:is|هو|حسابي)\\s+@?)\\s*[A-Za-z][A-Za-z0-9._]{2,29}`,
    'giu',
  ),
  // a bare @handle
  /(?<![A-Za-z0-9._%+-])@[A-Za-z][A-Za-z0-9._]{2,29}/gu,
];

function collect(pattern: RegExp, text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const match of text.matchAll(pattern))
    spans.push([match.index, match.index + match[0].length]);
  return spans;
}

/**
 * A message with every contact detail replaced by `CONTACT_MARKER` (neighbouring ones become one
 * marker), and the kinds of what was hidden. A text without contacts comes back unchanged.
 */
export function maskContacts(input: string): MaskResult {
  const found: { span: [number, number]; kind: MaskedKind }[] = [];
  const add = (kind: MaskedKind, spans: [number, number][]) => {
    for (const span of spans) found.push({ span, kind });
  };
  add('link', collect(LINK_PATTERN, input));
  add('link', collect(SPELT_LINK, input));
  for (const pattern of EMAIL_PATTERNS) add('email', collect(pattern, input));
  for (const pattern of HANDLE_PATTERNS) add('handle', collect(pattern, input));
  add('phone', phoneSpans(input));
  if (found.length === 0) return { text: input, kinds: [] };

  found.sort((a, b) => a.span[0] - b.span[0] || b.span[1] - a.span[1]);
  const merged: { start: number; end: number }[] = [];
  const kinds = new Set<MaskedKind>();
  for (const { span, kind } of found) {
    const last = merged.at(-1);
    if (last && span[0] <= last.end) {
      // overlapping detections are one contact: an email's digits are not a second phone
      if (span[1] > last.end) last.end = span[1];
      continue;
    } else {
      merged.push({ start: span[0], end: span[1] });
    }
    kinds.add(kind);
  }
  let text = '';
  let at = 0;
  for (const { start, end } of merged) {
    text += input.slice(at, start);
    if (!text.endsWith(CONTACT_MARKER)) text += CONTACT_MARKER;
    at = end;
  }
  text += input.slice(at);
  return { text, kinds: KIND_ORDER.filter((k) => kinds.has(k)) };
}

/**
 * Are contacts hidden in a conversation? Only when the host keeps them private and no booking of
 * this renter at this space is confirmed (or has taken place).
 */
export function contactsHidden(input: { contactPrivate: boolean; hasConfirmedBooking: boolean }) {
  return input.contactPrivate && !input.hasConfirmedBooking;
}
