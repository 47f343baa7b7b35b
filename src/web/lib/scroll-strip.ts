/**
 * A strip of pictures that scrolls sideways and snaps to each (CSS scroll snap, decision 073):
 * a swipe moves it natively, and its buttons move it by one picture or to one. The boot script
 * (scripts/vite/boot-script.ts) does the same for buttons with `data-scroll-target` until the
 * app has taken a pre-rendered page over; this is the app's copy of those few lines. Whether a
 * move is smooth is the strip's CSS (`STRIP_SCROLL`: smooth, instant when motion is reduced), so
 * the boot script needs no media query for it (decision 076).
 */

/** The strip's scroll behaviour: smooth, unless the visitor asks for reduced motion. */
export const STRIP_SCROLL = 'scroll-smooth motion-reduce:scroll-auto';

/** The picture a strip shows: the nearest snap position, whatever the writing direction. */
export function stripIndex(strip: HTMLElement) {
  const width = strip.clientWidth;
  if (!width) return 0;
  return Math.min(strip.children.length - 1, Math.round(Math.abs(strip.scrollLeft) / width));
}

/**
 * The picture a strip has come to rest on, or null while it is between two (a smooth move or a
 * swipe under way): what it shows is followed without passing through the pictures it crosses.
 */
export function stripRestsOn(strip: HTMLElement) {
  const width = strip.clientWidth;
  const at = width ? Math.abs(strip.scrollLeft) / width : 0;
  return Math.abs(at - Math.round(at)) < 0.02 ? stripIndex(strip) : null;
}

/**
 * Brings picture `index` (wrapping around) into the strip: as its CSS says (`STRIP_SCROLL`), or
 * at once when `smooth` is false.
 */
export function scrollStripTo(strip: HTMLElement, index: number, smooth = true) {
  const count = strip.children.length;
  if (!count) return;
  const next = ((index % count) + count) % count;
  const rtl = getComputedStyle(strip).direction === 'rtl';
  strip.scrollTo({
    left: (rtl ? -1 : 1) * next * strip.clientWidth,
    behavior: smooth ? 'auto' : 'instant',
  });
}
