import type { CSSProperties } from 'react';
import { Check, Send } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { formatNumber } from '#shared/format.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { REVIEW_STEP, stepTitle } from './wizard-step-table.ts';

/** Every step of the table, then the review. */
const TITLES = Array.from({ length: REVIEW_STEP + 1 }, (_, index) => stepTitle(index));

/**
 * The steps as a numbered list, then the review (the submit button's icon, not a number: it is not
 * one of the steps "Step 1 of 5" counts): done ones ticked, the current one marked for screen
 * readers.
 */
export function WizardProgress({ step }: { step: number }) {
  const { t, i18n } = useTranslation();
  const total = REVIEW_STEP;
  // One column per title, whatever the number of steps.
  const columns = { '--wizard-columns': TITLES.length } as CSSProperties;
  return (
    <nav aria-label={t('listSpace.progress.label')} className="flex flex-col gap-3">
      <p className="text-sm font-semibold text-brand-700">
        {step < total
          ? t('listSpace.progress.stepOf', {
              n: formatNumber(step + 1, i18n.language),
              total: formatNumber(total, i18n.language),
            })
          : t('listSpace.steps.review')}
      </p>
      <div className="h-2 overflow-hidden rounded-full bg-sand-200" role="presentation" aria-hidden>
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${Math.round((Math.min(step, total) / total) * 100)}%` }}
        />
      </div>
      <ol
        className="hidden gap-2 md:grid md:grid-cols-[repeat(var(--wizard-columns),minmax(0,1fr))]"
        style={columns}
      >
        {TITLES.map((key, index) => (
          <li
            key={key}
            aria-current={index === step ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2 text-sm',
              index === step
                ? 'font-bold text-ink'
                : index < step
                  ? 'text-brand-700'
                  : 'text-muted',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                index < step && 'bg-brand-700 text-white',
                index === step && 'bg-gold-400 text-brand-900',
                index > step && 'bg-sand-200 text-muted',
              )}
            >
              {index < step ? (
                <Check className="size-4" />
              ) : index === REVIEW_STEP ? (
                <Send className="size-4 rtl:-scale-x-100" />
              ) : (
                formatNumber(index + 1, i18n.language)
              )}
            </span>
            {t(key)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
