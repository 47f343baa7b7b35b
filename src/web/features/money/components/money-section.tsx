import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';

/**
 * One panel of the Hosting area's money (the payout account, the invoicing details): its titled
 * card with an icon and a line of introduction, and "loading" while its data comes.
 */
export function MoneySection({
  id,
  testId,
  icon: Icon,
  title,
  intro,
  loading,
  children,
}: {
  /** the heading's id (the section is labelled by it) */
  id: string;
  testId: string;
  icon: LucideIcon;
  title: string;
  intro: string;
  loading: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <div className="flex flex-col gap-1">
        <h3 id={id} className="flex items-center gap-2 text-lg font-bold text-ink">
          <Icon aria-hidden className="size-5 text-brand-700" />
          {title}
        </h3>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      {loading && (
        <p role="status" className="text-muted">
          {t('money.earnings.loading')}
        </p>
      )}
      {children}
    </section>
  );
}
