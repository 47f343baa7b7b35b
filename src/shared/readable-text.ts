import { ERROR_CODES } from './message-codes.ts';

/**
 * What a person must never read in a text meant for them (issue 31): an error or reason code
 * (`SLOT_TAKEN`, `CONFLICT`) or an id (a UUID). Codes are for programs; people get the code's
 * text from the catalogue, and a booking's reference instead of its id. The tests of the
 * catalogues and of the screens that name bookings run every text they show through this.
 */
const UPPER_SNAKE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
// No word boundaries: the shape alone is an id, whatever touches it.
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const CODE_WORDS = new RegExp(`\\b(?:${ERROR_CODES.join('|')})\\b`, 'g');

/**
 * Capitals with underscores that are not codes but names a person must type as written: the
 * server setting the "origin not trusted" error tells its operator to set.
 */
const NAMES_TO_TYPE = new Set(['PUBLIC_URL']);

/** The codes and ids in `text`, in order (empty when a person can read all of it). */
export function unreadableParts(text: string): string[] {
  const found = [
    ...[...text.matchAll(UPPER_SNAKE)].filter((m) => !NAMES_TO_TYPE.has(m[0])),
    ...text.matchAll(CODE_WORDS),
    ...text.matchAll(UUID),
  ];
  return [...new Map(found.map((m) => [m.index, m[0]])).entries()]
    .sort(([a], [b]) => a - b)
    .map(([, part]) => part);
}

/**
 * The codes and ids a person would read on a rendered screen: each of its texts (one by one, so
 * neighbours run together by `textContent` hide nothing) and its labels.
 */
export function unreadablePartsOn(element: Element): string[] {
  const texts: string[] = [];
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    texts.push(node.nodeValue ?? '');
  for (const e of element.querySelectorAll('[aria-label], [title], [alt]'))
    for (const name of ['aria-label', 'title', 'alt']) texts.push(e.getAttribute(name) ?? '');
  return texts.flatMap(unreadableParts);
}
