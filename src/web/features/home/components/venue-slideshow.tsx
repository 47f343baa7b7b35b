import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Link } from 'react-router';
import { exploreHref } from '#web/lib/paths.ts';
import { cn } from '#web/lib/cn.ts';
import { scrollStripTo, STRIP_SCROLL, stripIndex, stripRestsOn } from '#web/lib/scroll-strip.ts';
import eventHall640 from '#web/assets/illustrations/event-hall-640.webp';
import eventHall960 from '#web/assets/illustrations/event-hall-960.webp';
import eventHall1280 from '#web/assets/illustrations/event-hall-1280.webp';
import meetingRoom640 from '#web/assets/illustrations/meeting-room-640.webp';
import meetingRoom960 from '#web/assets/illustrations/meeting-room-960.webp';
import meetingRoom1280 from '#web/assets/illustrations/meeting-room-1280.webp';
import outdoor640 from '#web/assets/illustrations/outdoor-venues-640.webp';
import outdoor960 from '#web/assets/illustrations/outdoor-venues-960.webp';
import outdoor1280 from '#web/assets/illustrations/outdoor-venues-1280.webp';
import photoStudio640 from '#web/assets/illustrations/photo-studio-640.webp';
import photoStudio960 from '#web/assets/illustrations/photo-studio-960.webp';
import photoStudio1280 from '#web/assets/illustrations/photo-studio-1280.webp';
import podcasts640 from '#web/assets/illustrations/podcasts-640.webp';
import podcasts960 from '#web/assets/illustrations/podcasts-960.webp';
import podcasts1280 from '#web/assets/illustrations/podcasts-1280.webp';

type SlideType = 'event_hall' | 'photo_studio' | 'meeting_room' | 'podcasts' | 'outdoor_venues';
const slides: { type: SlideType; small: string; medium: string; large: string }[] = [
  { type: 'event_hall', small: eventHall640, medium: eventHall960, large: eventHall1280 },
  { type: 'photo_studio', small: photoStudio640, medium: photoStudio960, large: photoStudio1280 },
  { type: 'meeting_room', small: meetingRoom640, medium: meetingRoom960, large: meetingRoom1280 },
  { type: 'podcasts', small: podcasts640, medium: podcasts960, large: podcasts1280 },
  { type: 'outdoor_venues', small: outdoor640, medium: outdoor960, large: outdoor1280 },
];

const ROTATE_MS = 6000;
/** The strip of slides: its buttons name it (`data-scroll-target`) for the boot script. */
const STRIP = 'venue-slides';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** On the server and while hydrating a pre-rendered page: motion, then the browser's answer. */
function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * Five venue types (docs/product-spec.md §2, Home), as the WAI-ARIA carousel pattern: previous/next
 * and per-slide buttons, arrow keys, swipe, auto-rotation that pauses on hover and focus, a pause
 * button, and no rotation at all for people who ask for reduced motion.
 *
 * The slides are a strip that scrolls sideways and snaps to each (decision 076, as the space
 * page's gallery, decision 073): a swipe moves it natively, and until the app has taken the page
 * over the boot script moves it for the buttons (`data-scroll-target`), so the first tap needs no
 * app. The app then follows the strip's position for the current slide.
 */
export function VenueSlideshow() {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const strip = useRef<HTMLDivElement>(null);

  const rotating = playing && !hovered && !focused && !reducedMotion;
  // The current slide is the app's at once (the strip follows smoothly, and reports where it is).
  const go = useCallback((to: number) => {
    const next = (to + slides.length) % slides.length;
    setIndex(next);
    if (strip.current) scrollStripTo(strip.current, next);
  }, []);
  // Moved before the app arrived: the current slide is the one the strip shows.
  useEffect(() => {
    if (strip.current) setIndex(stripIndex(strip.current));
  }, []);

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => go(index + 1), ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating, go, index]);

  // In Arabic "next" lies to the left: keys follow the reading direction.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index + (rtl ? 1 : -1));
    else if (event.key === 'ArrowRight') go(index + (rtl ? -1 : 1));
    else return;
    event.preventDefault();
  };

  const PreviousIcon = rtl ? ChevronRight : ChevronLeft;
  const NextIcon = rtl ? ChevronLeft : ChevronRight;
  const controlClass =
    'inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-ink shadow-card transition hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-500';

  return (
    <section
      aria-roledescription={t('home.slideshow.roledescription')}
      aria-label={t('home.slideshow.title')}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div
        ref={strip}
        id={STRIP}
        className={cn(
          'flex aspect-[3/2] snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-3xl bg-brand-900 shadow-card [scrollbar-width:none] sm:aspect-[16/9]',
          STRIP_SCROLL,
        )}
        aria-live={rotating ? 'off' : 'polite'}
        onScroll={(event) => {
          const at = stripRestsOn(event.currentTarget);
          if (at !== null) setIndex(at);
        }}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.type}
            role="group"
            aria-roledescription={t('home.slideshow.slideRoledescription')}
            aria-label={t('home.slideshow.slideLabel', { current: i + 1, total: slides.length })}
            aria-current={i === index}
            className="relative w-full shrink-0 snap-center snap-always"
          >
            {/* Lazy: a picture loads as its slide comes near, not with the page's first screen. */}
            <img
              src={slide.large}
              srcSet={`${slide.small} 640w, ${slide.medium} 960w, ${slide.large} 1280w`}
              sizes="(min-width: 1280px) 1200px, 100vw"
              width={1280}
              height={853}
              alt=""
              loading="lazy"
              decoding="async"
              draggable={false}
              className="size-full object-cover select-none"
            />
            <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 via-black/60 to-transparent p-5 pt-16 sm:p-8 sm:pt-24">
              <h3 className="text-2xl font-bold text-white sm:text-3xl">
                {t(`home.slideshow.${slide.type}.title`)}
              </h3>
              <p className="mt-1 max-w-xl text-white">{t(`home.slideshow.${slide.type}.text`)}</p>
              <Link
                to={exploreHref({ type: slide.type })}
                className="mt-3 inline-flex h-10 items-center rounded-full bg-white px-5 text-sm font-semibold text-brand-700 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                {t('home.slideshow.explore')} — {t(`spaceTypes.${slide.type}`)}
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="mt-4 flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={controlClass}
            data-scroll-target={STRIP}
            data-scroll-step="-1"
            aria-controls={STRIP}
            onClick={() => go(index - 1)}
            aria-label={t('home.slideshow.previous')}
          >
            <PreviousIcon aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            className={controlClass}
            data-scroll-target={STRIP}
            data-scroll-step="1"
            aria-controls={STRIP}
            onClick={() => go(index + 1)}
            aria-label={t('home.slideshow.next')}
          >
            <NextIcon aria-hidden className="size-5" />
          </button>
          {!reducedMotion && (
            <button
              type="button"
              className={controlClass}
              onClick={() => setPlaying((p) => !p)}
              aria-label={playing ? t('home.slideshow.pause') : t('home.slideshow.play')}
            >
              {playing ? (
                <Pause aria-hidden className="size-5" />
              ) : (
                <Play aria-hidden className="size-5 rtl:rotate-180" />
              )}
            </button>
          )}
        </div>
        <div
          className="flex items-center gap-1"
          role="group"
          aria-label={t('home.slideshow.picker')}
        >
          {slides.map((slide, i) => (
            <button
              key={slide.type}
              type="button"
              data-scroll-target={STRIP}
              data-scroll-index={i}
              aria-controls={STRIP}
              onClick={() => go(i)}
              aria-label={t('home.slideshow.goTo', { n: i + 1 })}
              aria-current={i === index}
              className="group inline-flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <span
                className={cn(
                  'h-2 rounded-full transition-all',
                  i === index
                    ? 'w-6 bg-brand-700'
                    : 'w-2 bg-brand-700/30 group-hover:bg-brand-700/60',
                )}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
