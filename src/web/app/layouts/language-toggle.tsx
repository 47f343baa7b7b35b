import { Languages } from 'lucide-react';
import { useTranslation } from '../../lib/i18n.ts';
import type { Locale } from '#shared/constants.ts';
import { cn } from '../../lib/cn.ts';
import { setLocale } from '../../lib/i18n.ts';

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
  if (variant === 'icon') {
    return (
      <button
        type="button"
        onClick={() => void setLocale(other)}
        aria-label={t('language.switchToLabel')}
        title={t('language.switchToLabel')}
        className={cn(
          'inline-flex size-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500',
          className,
        )}
      >
        <Languages aria-hidden className="size-5" />
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void setLocale(other)}
      className={cn(
        'flex w-full items-center gap-3 rounded-xl px-4 py-3 text-start font-semibold text-ink hover:bg-brand-50',
        className,
      )}
    >
      <Languages aria-hidden className="size-5 text-brand-700" />
      <span>{t('language.label')}:</span>
      <span lang={other}>{label}</span>
    </button>
  );
}
