/**
 * A strip of pictures that scrolls sideways and snaps to each (CSS scroll snap, decision 073):
 * a swipe moves it natively, and its buttons move it by one picture or to one. The boot script
 * (scripts/vite/boot-preloads.ts) does the same for buttons with `data-scroll-target` until the
 * app has taken a pre-rendered page over; this is the app's copy of those few lines.
 */

/** The picture a strip shows: the nearest snap position, whatever the writing direction. */
export function stripIndex(strip: HTMLElement) {
  const width = strip.clientWidth;
  if (!width) return 0;
  return Math.min(strip.children.length - 1, Math.round(Math.abs(strip.scrollLeft) / width));
}

/** Brings picture `index` (wrapping around) into the strip; smooth unless motion is reduced. */
export function scrollStripTo(strip: HTMLElement, index: number, smooth = true) {
  const count = strip.children.length;
  if (!count) return;
  const next = ((index % count) + count) % count;
  const rtl = getComputedStyle(strip).direction === 'rtl';
  const still = !smooth || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  strip.scrollTo({
    left: (rtl ? -1 : 1) * next * strip.clientWidth,
    behavior: still ? 'instant' : 'smooth',
  });
}
