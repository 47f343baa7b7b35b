import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { formatNumber } from '#shared/format.ts';
import { useTranslation } from '#web/lib/i18n.ts';

/** Previous / next through a list; the chevrons point the reading direction. */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('admin.pager.label')} className="flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronLeft aria-hidden className="rtl:rotate-180" />
        {t('admin.pager.previous')}
      </Button>
      <span className="text-sm text-muted" aria-live="polite">
        {t('admin.pager.status', {
          page: formatNumber(page, i18n.language),
          pages: formatNumber(pages, i18n.language),
        })}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        {t('admin.pager.next')}
        <ChevronRight aria-hidden className="rtl:rotate-180" />
      </Button>
    </nav>
  );
}
