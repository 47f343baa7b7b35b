import { Languages } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import type { Locale } from '#shared/constants.ts';
import { cn } from '#web/lib/cn.ts';
import { setLocale } from '#web/lib/i18n.ts';

/**
 * A link to this page in `to` (`?lang=`, decision 036), so it works before the app has taken a
 * pre-rendered page over (decision 038); once it has, the switch happens in place and the URL
 * loses its `lang` (the choice is saved, and a reload must not bring the old one back). The
 * header's switch and the footer's language links (decision 079) are both this.
 */
export function useLanguageLink(to: Locale) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(search);
  query.set('lang', to);
  const href = `${pathname}?${query}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window opens the page in the other language.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void setLocale(to);
    if (!search.includes('lang=')) return;
    query.delete('lang');
    void navigate(
      { pathname, search: `${query}`, hash },
      { replace: true, preventScrollReset: true },
    );
  };
  return { href, hrefLang: to, onClick };
}

/** Switches Arabic ↔ English: an icon on desktop, a labelled item in the mobile menu. */
export function LanguageToggle({
  variant,
  className,
}: {
  variant: 'icon' | 'item';
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const other: Locale = i18n.language === 'ar' ? 'en' : 'ar';
  const label = t('language.switchTo');
  const link = useLanguageLink(other);
  if (variant === 'icon') {
    return (
      <a
        {...link}
        aria-label={t('language.switchToLabel')}
        title={t('language.switchToLabel')}
        className={cn(
          'inline-flex size-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500',
          className,
        )}
      >
        <Languages aria-hidden className="size-5" />
      </a>
    );
  }
  return (
    <a
      {...link}
      className={cn(
        'flex w-full items-center gap-3 rounded-xl px-4 py-3 text-start font-semibold text-ink hover:bg-brand-50',
        className,
      )}
    >
      <Languages aria-hidden className="size-5 text-brand-700" />
      <span>{t('language.label')}:</span>
      <span lang={other}>{label}</span>
    </a>
  );
}
