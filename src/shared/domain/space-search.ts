/**
 * Pure rules of the space search (issue 5): calendar dates, the weekday a date falls on, and the
 * opaque keyset cursor. No I/O; the server and the web both use them.
 */
import { DAYS, RIYADH_UTC_OFFSET_MINUTES, type Day } from '../constants.ts';

/** The filters a URL can carry, in the order they are written back to it. */
export const SEARCH_PARAMS = [
  'q',
  'type',
  'city',
  'date',
  'guests',
  'minPrice',
  'maxPrice',
  'amenities',
  'sort',
] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` that names a real day of the Gregorian calendar (no 2031-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1900 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d
  );
}

/** Today's date in Riyadh (UTC+3, no daylight saving) as `YYYY-MM-DD`. */
export function riyadhToday(now: Date = new Date()): string {
  return new Date(now.getTime() + RIYADH_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The weekday of a calendar date (a wall-clock date: no time zone can move it). */
export function weekdayOf(isoDate: string): Day {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 = Sunday; DAYS is Monday first.
  const sundayFirst = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return DAYS[(sundayFirst + 6) % 7]!;
}

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
