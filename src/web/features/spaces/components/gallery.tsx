import { Expand, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type UIEvent } from 'react';
import type { SpaceImage } from '#shared/schemas/spaces.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { scrollStripTo, STRIP_SCROLL, stripIndex } from '#web/lib/scroll-strip.ts';
import { imageSrcSet } from '#web/lib/space-image.ts';

/** A chevron drawn here (the shell's icons stay out of this page's chunk and vice versa). */
function Chevron({ pointsLeft }: { pointsLeft: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={pointsLeft ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
    </svg>
  );
}

const STRIP = 'gallery-strip';
const FULL = 'gallery-full';
const FULL_STRIP = 'gallery-full-strip';
const round = cn(buttonVariants({ variant: 'outline', size: 'icon' }), 'rounded-full');
/** A strip that scrolls sideways, one picture at a time, with no scroll bar. */
const strip = cn(
  'flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
  STRIP_SCROLL,
);

/**
 * The pictures (decision 073): a strip that scrolls sideways and snaps to each picture, so a swipe
 * moves it natively; the arrows move it by one (the boot script does this before the app has
 * arrived, the app after), the arrow keys too once the strip has focus (in the reading direction),
 * and "full screen" is a `<dialog>` opened by the browser (`commandfor`) with the same strip. All
 * of it works from the server's HTML; the app keeps the labels, the counter and the thumbnails in
 * step with what is shown.
 */
export function Gallery({ images, name }: { images: SpaceImage[]; name: string }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const [index, setIndex] = useState(0);
  const main = useRef<HTMLDivElement>(null);
  const full = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const count = images.length;

  // Moved before the app arrived: the labels follow what the strip shows.
  useEffect(() => {
    if (main.current) setIndex(stripIndex(main.current));
  }, []);
  // Full screen opens at the picture shown, and closing it leaves the page at the one seen last.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const toggled = (event: Event) => {
      const open = (event as ToggleEvent).newState === 'open';
      const from = open ? main.current : full.current;
      const to = open ? full.current : main.current;
      if (from && to) scrollStripTo(to, stripIndex(from), false);
    };
    element.addEventListener('toggle', toggled);
    return () => element.removeEventListener('toggle', toggled);
  }, []);

  const follow = (event: UIEvent<HTMLDivElement>) => setIndex(stripIndex(event.currentTarget));
  const step = (element: HTMLElement | null, delta: number) => {
    if (element) scrollStripTo(element, stripIndex(element) + delta);
  };
  // In RTL the "next" picture is to the left: keys follow what the eye sees.
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') step(event.currentTarget, rtl ? -1 : 1);
    else if (event.key === 'ArrowLeft') step(event.currentTarget, rtl ? 1 : -1);
    else return;
    event.preventDefault();
  };
  if (!count) return null;
  // Arrows point the way the pictures move: flipped in right-to-left.
  const previous = <Chevron pointsLeft={!rtl} />;
  const next = <Chevron pointsLeft={rtl} />;
  const label = (i: number) => t('space.gallery.picture', { n: i + 1, count, name });
  const arrows = (target: string, className: string) =>
    count > 1 ? (
      <>
        <button
          type="button"
          data-scroll-target={target}
          data-scroll-step="-1"
          className={cn(round, 'bg-white/90', className, 'start-3')}
          aria-label={t('space.gallery.previous')}
          aria-controls={target}
          onClick={() => step(document.getElementById(target), -1)}
        >
          {previous}
        </button>
        <button
          type="button"
          data-scroll-target={target}
          data-scroll-step="1"
          className={cn(round, 'bg-white/90', className, 'end-3')}
          aria-label={t('space.gallery.next')}
          aria-controls={target}
          onClick={() => step(document.getElementById(target), 1)}
        >
          {next}
        </button>
      </>
    ) : null;

  const picture = (img: SpaceImage, i: number, className: string, first: boolean) => (
    <img
      src={img.variants[0]?.url}
      srcSet={imageSrcSet(img)}
      sizes="(min-width: 1280px) 800px, 100vw"
      width={img.width}
      height={img.height}
      alt={label(i)}
      fetchPriority={first ? 'high' : 'auto'}
      loading={first ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className={className}
    />
  );

  return (
    <section aria-roledescription={t('space.gallery.role')} aria-label={t('space.gallery.label')}>
      <div className="relative overflow-hidden rounded-card bg-sand-100">
        <div
          ref={main}
          id={STRIP}
          role="group"
          tabIndex={0}
          aria-label={label(index)}
          onKeyDown={onKey}
          onScroll={follow}
          className={cn(strip, 'aspect-[3/2] rounded-card')}
        >
          {images.map((img, i) => (
            <div key={i} className="w-full shrink-0 snap-center snap-always">
              {picture(img, i, 'aspect-[3/2] size-full object-cover select-none', i === 0)}
            </div>
          ))}
        </div>
        {arrows(STRIP, 'absolute top-1/2 -translate-y-1/2')}
        <button
          type="button"
          commandfor={FULL}
          command="show-modal"
          aria-haspopup="dialog"
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'absolute end-3 bottom-3 bg-white/90',
          )}
        >
          <Expand aria-hidden />
          {t('space.gallery.fullScreen')}
        </button>
      </div>
      <dialog
        ref={dialog}
        id={FULL}
        aria-labelledby="gallery-full-title"
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-4 backdrop:bg-black/50"
      >
        <div className="flex size-full flex-col items-center justify-center gap-3">
          <h2 id="gallery-full-title" className="sr-only">
            {label(index)}
          </h2>
          <div
            ref={full}
            id={FULL_STRIP}
            role="group"
            tabIndex={0}
            aria-label={label(index)}
            onKeyDown={onKey}
            onScroll={follow}
            className={cn(strip, 'h-[85dvh] w-full max-w-6xl')}
          >
            {images.map((img, i) => (
              <div
                key={i}
                className="flex w-full shrink-0 snap-center snap-always items-center justify-center"
              >
                {picture(img, i, 'max-h-full w-auto max-w-full object-contain', false)}
              </div>
            ))}
          </div>
          <div className="flex items-center gap-3">
            {arrows(FULL_STRIP, '')}
            <span className="text-white" aria-hidden>
              {index + 1} / {count}
            </span>
            <button
              type="button"
              commandfor={FULL}
              command="close"
              className={round}
              aria-label={t('space.gallery.close')}
            >
              <X aria-hidden />
            </button>
          </div>
        </div>
      </dialog>
      {count > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {images.map((img, i) => (
            <li key={i} className="shrink-0">
              <button
                type="button"
                data-scroll-target={STRIP}
                data-scroll-index={i}
                aria-controls={STRIP}
                onClick={() => {
                  const element = document.getElementById(STRIP);
                  if (element) scrollStripTo(element, i);
                }}
                aria-label={label(i)}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block overflow-hidden rounded-lg ring-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  i === index ? 'ring-2 ring-brand-700' : 'opacity-80 hover:opacity-100',
                )}
              >
                <img
                  src={img.variants[0]?.url}
                  width={img.width}
                  height={img.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="h-16 w-24 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
