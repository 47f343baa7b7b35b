import { Expand, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { SpaceImage } from '#shared/schemas/spaces.ts';
import { Button } from '#web/components/ui/button.tsx';
import { NativeDialog } from '#web/components/ui/native-dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { imageSrcSet } from '#web/lib/space-image.ts';

const SWIPE_PX = 50;

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

/**
 * The pictures: arrow keys and buttons move between them (arrows follow the reading direction),
 * a swipe does on touch screens, and "full screen" opens the current one in a dialog.
 */
export function Gallery({ images, name }: { images: SpaceImage[]; name: string }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const start = useRef<number | null>(null);
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  // In RTL the "next" picture is to the left: keys and swipes follow what the eye sees.
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(rtl ? -1 : 1);
    else if (event.key === 'ArrowLeft') go(rtl ? 1 : -1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const dx = event.clientX - start.current;
    start.current = null;
    if (Math.abs(dx) < SWIPE_PX) return;
    go(dx < 0 !== rtl ? 1 : -1);
  };
  const image = images[index];
  if (!image) return null;
  // Arrows point the way the pictures move: flipped in right-to-left.
  const previous = <Chevron pointsLeft={!rtl} />;
  const next = <Chevron pointsLeft={rtl} />;
  const label = (i: number) => t('space.gallery.picture', { n: i + 1, count, name });

  const picture = (img: SpaceImage, i: number, className: string, high: boolean) => (
    <img
      src={img.variants[0]?.url}
      srcSet={imageSrcSet(img)}
      sizes="(min-width: 1280px) 800px, 100vw"
      width={img.width}
      height={img.height}
      alt={label(i)}
      fetchPriority={high ? 'high' : 'auto'}
      loading={high ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );

  return (
    <section aria-roledescription={t('space.gallery.role')} aria-label={t('space.gallery.label')}>
      <div
        role="group"
        tabIndex={0}
        onKeyDown={onKey}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        className="relative touch-pan-y overflow-hidden rounded-card bg-sand-100 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        aria-label={label(index)}
      >
        {picture(image, index, 'aspect-[3/2] w-full object-cover select-none', index === 0)}
        {count > 1 && (
          <>
            <Button
              variant="outline"
              size="icon"
              className="absolute start-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90"
              aria-label={t('space.gallery.previous')}
              onClick={() => go(-1)}
            >
              {previous}
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="absolute end-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90"
              aria-label={t('space.gallery.next')}
              onClick={() => go(1)}
            >
              {next}
            </Button>
          </>
        )}
        <Button
          variant="outline"
          size="sm"
          className="absolute end-3 bottom-3 bg-white/90"
          aria-haspopup="dialog"
          onClick={() => setFull(true)}
        >
          <Expand aria-hidden />
          {t('space.gallery.fullScreen')}
        </Button>
      </div>
      <NativeDialog
        open={full}
        onClose={() => setFull(false)}
        labelledBy="gallery-full-title"
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/95 p-4"
      >
        <div
          onKeyDown={onKey}
          className="flex size-full flex-col items-center justify-center gap-3"
        >
          <h2 id="gallery-full-title" className="sr-only">
            {label(index)}
          </h2>
          <div
            className="flex max-h-[85dvh] w-full max-w-6xl touch-pan-y justify-center"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
          >
            {picture(image, index, 'max-h-[85dvh] w-auto max-w-full object-contain', false)}
          </div>
          <div className="flex items-center gap-3">
            {count > 1 && (
              <Button
                variant="outline"
                size="icon"
                className="rounded-full"
                aria-label={t('space.gallery.previous')}
                onClick={() => go(-1)}
              >
                {previous}
              </Button>
            )}
            <span className="text-white" aria-hidden>
              {index + 1} / {count}
            </span>
            {count > 1 && (
              <Button
                variant="outline"
                size="icon"
                className="rounded-full"
                aria-label={t('space.gallery.next')}
                onClick={() => go(1)}
              >
                {next}
              </Button>
            )}
            <Button
              variant="outline"
              size="icon"
              className="rounded-full"
              aria-label={t('space.gallery.close')}
              onClick={() => setFull(false)}
            >
              <X aria-hidden />
            </Button>
          </div>
        </div>
      </NativeDialog>
      {count > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {images.map((img, i) => (
            <li key={i} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
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
