import { Star } from 'lucide-react';
import { REVIEW_STARS } from '#shared/domain/reviews.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/i18n.ts';

const SCALE = Array.from({ length: REVIEW_STARS.max }, (_, i) => i + 1);

/**
 * Stars as a picture, read out as "4 out of 5". An average is drawn to the nearest half star
 * (4.3 → four and a half); classes only, as the CSP refuses inline styles.
 */
export function Stars({ value, className }: { value: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t('reviews.stars.aria', { stars: value })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {SCALE.map((n) => {
        const fill = Math.max(0, Math.min(1, Math.round((value - (n - 1)) * 2) / 2));
        return (
          <span key={n} className="relative inline-block size-[1em]">
            <Star
              aria-hidden
              className="absolute inset-0 size-full text-sand-200"
              fill="currentColor"
            />
            {fill > 0 && (
              <span
                className={cn(
                  'absolute inset-y-0 start-0 overflow-hidden',
                  fill === 1 ? 'w-full' : 'w-1/2',
                )}
              >
                <Star aria-hidden className="size-[1em] text-gold-500" fill="currentColor" />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

/** Choosing 1 to 5 stars: a radio group, so keys, labels and screen readers work as for any choice. */
export function StarsInput({
  value,
  onChange,
  name,
  labelledBy,
  invalid,
}: {
  value: number | null;
  onChange: (stars: number) => void;
  name: string;
  labelledBy: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-invalid={invalid}
      className="flex flex-col gap-1"
    >
      <div className="flex gap-1">
        {SCALE.map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-lg p-1 has-focus-visible:outline-2 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={`${t('reviews.stars.aria', { stars: n })} — ${t(`reviews.form.star.${n}` as 'reviews.form.star.1')}`}
            />
            <Star
              aria-hidden
              className={cn(
                'size-9',
                value !== null && n <= value ? 'text-gold-500' : 'text-sand-200',
              )}
              fill="currentColor"
            />
          </label>
        ))}
      </div>
      <p aria-hidden className="h-5 text-sm font-semibold text-ink">
        {value !== null ? t(`reviews.form.star.${value}` as 'reviews.form.star.1') : ''}
      </p>
    </div>
  );
}
