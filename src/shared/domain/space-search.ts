/**
 * Pure rules of the space search (issue 5): the URL's filters and the
 * opaque keyset cursor (dates are in riyadh-calendar.ts). No I/O; the server and the web both use them.
 */

/** The filters a URL can carry, in the order they are written back to it. */
export const SEARCH_PARAMS = [
  'q',
  'type',
  'city',
  'date',
  'startTime',
  'endTime',
  'guests',
  'minPrice',
  'maxPrice',
  'amenities',
  'sort',
] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];

/**
 * A keyset cursor: the sort keys and id of the last item of a page. Opaque to clients
 * (base64url JSON), so its shape can change without breaking a shared link's first page.
 */
export interface SearchCursor {
  /** the sort these keys belong to */
  sort: string;
  keys: (string | number)[];
  id: string;
}

const toBase64Url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

export function encodeCursor(cursor: SearchCursor): string {
  return toBase64Url(JSON.stringify([cursor.sort, cursor.keys, cursor.id]));
}

/** The cursor, or null when the text is not one this server made. */
export function decodeCursor(text: string): SearchCursor | null {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(fromBase64Url(text));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [sort, keys, id] = value as unknown[];
  if (typeof sort !== 'string' || typeof id !== 'string' || !Array.isArray(keys)) return null;
  if (!keys.every((k) => typeof k === 'string' || (typeof k === 'number' && Number.isFinite(k))))
    return null;
  return { sort, keys: keys as (string | number)[], id };
}

/**
 * A cursor's timestamp key: `created_at` as PostgreSQL writes it (`2026-11-28 03:52:09.123456+00`),
 * and a moment PostgreSQL can read — every field in its range (month 1–12, a day the month has,
 * hour < 24, an offset within ±15:59, year 1–9999). The pattern alone let `2026-99-99 99:99:99+99`
 * through to the cast, a 500 (issue 37): a cursor the server did not issue must be a 400.
 */
const CURSOR_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?$/;
export function isCursorTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = CURSOR_TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offsetHours = Number(m[9]);
  const offsetMinutes = Number(m[10] ?? '0');
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  // Days of the month in 2001 (not a leap year), plus February's 29th in a leap year.
  const days = new Date(Date.UTC(2001, month, 0)).getUTCDate() + (month === 2 && leap ? 1 : 0);
  if (day > days || hour > 23 || minute > 59 || second > 59) return false;
  return offsetHours <= 15 && offsetMinutes <= 59;
}

/** A cursor's whole-number key: what a PostgreSQL `int` holds (the cast of a bigger one is a 500). */
export function isCursorInt(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= -2_147_483_648 &&
    value <= 2_147_483_647
  );
}

const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A cursor's row id: a uuid in the lower case PostgreSQL writes. */
export const isCursorId = (value: unknown): value is string =>
  typeof value === 'string' && CURSOR_ID.test(value);

/** The most words of a text search that are matched; the rest of a long query is ignored. */
export const SEARCH_WORDS_MAX = 8;

/**
 * Words that carry no meaning of their own in a search of spaces: Arabic particles and English
 * function words. Left in, a two-word query such as "قاعة في جدة" would rank every description
 * with "في" beside the spaces that are in Jeddah (decision 036).
 */
const STOP_WORDS = new Set([
  'في',
  'من',
  'على',
  'علي',
  'الى',
  'إلى',
  'عن',
  'مع',
  'او',
  'أو',
  'ثم',
  'و',
  'a',
  'an',
  'and',
  'at',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/**
 * The words of a text search, each matched on its own (decision 036): split at anything that is
 * not a letter, a digit or a combining mark (tashkeel stays with its word), without stop words,
 * repeats and what is past SEARCH_WORDS_MAX. An empty list means "no words": no text filter.
 */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}\p{M}]+/u)) {
    const key = word.toLowerCase();
    // A word of tashkeel alone is no word once normalised.
    if (
      !/[\p{L}\p{N}]/u.test(key) ||
      STOP_WORDS.has(key) ||
      words.some((w) => w.toLowerCase() === key)
    )
      continue;
    words.push(word);
    if (words.length === SEARCH_WORDS_MAX) break;
  }
  return words;
}
