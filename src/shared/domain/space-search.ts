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
