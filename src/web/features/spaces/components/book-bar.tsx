import { CalendarCheck } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/**
 * On a phone the booking form sits far down the space page (under the gallery and the details):
 * this bar stays at the bottom of the screen with the price and a button that brings the form
 * into view and puts the keyboard in its first field. It hides while the form itself is on
 * screen, and from `lg` up, where the form stands beside the details.
 *
 * It is in the server's HTML and the button is a link to the form (`#booking`), so a tap works
 * before the app has taken the page over (issue 19, decision 041); once it has, the page scrolls
 * smoothly and the first field takes the focus.
 */
export function BookBar({ price, targetId }: { price: string; targetId: string }) {
  const { t } = useTranslation();
  const [formInView, setFormInView] = useState(false);
  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => setFormInView(entry?.isIntersecting ?? false),
      { threshold: 0.15 },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);

  const goToForm = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    target.querySelector<HTMLElement>('input, select, button')?.focus({ preventScroll: true });
  };

  return (
    <div
      data-testid="book-bar"
      hidden={formInView}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-sand-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden',
        formInView && 'hidden',
      )}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
        <p className="text-ink">
          <span className="text-lg font-bold text-brand-700">{price}</span>{' '}
          <span className="text-sm text-muted">{t('explore.card.perHour')}</span>
        </p>
        <a
          href={`#${targetId}`}
          onClick={goToForm}
          className="inline-flex h-11 items-center gap-2 rounded-xl bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <CalendarCheck aria-hidden className="size-5" />
          {t('space.bookBar.book')}
        </a>
      </div>
    </div>
  );
}
