/**
 * "The unread count may have changed" (issue 34): a conversation marks messages read, and the
 * header's badge (which otherwise asks again only on a page change) asks at once, so it never
 * says "2" beside the thread where those two messages are being read.
 */
const EVENT = 'hourspace:unread-changed';

export function announceUnreadChanged() {
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` on each announcement; returns the function that stops listening. */
export function onUnreadChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
