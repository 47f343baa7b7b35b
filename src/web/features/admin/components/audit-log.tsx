import { useState } from 'react';
import type { AdminAuditEntry } from '#shared/schemas/admin.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDate, formatTime } from '#shared/format.ts';
import { getAuditLog } from '../api/get-audit-log.ts';
import { formatInstant } from '../format-instant.ts';
import { usePolled } from '../hooks/use-polled.ts';
import { ListState } from './list-state.tsx';
import { Pager } from './pager.tsx';

function subject(entry: AdminAuditEntry, locale: 'ar' | 'en') {
  const d = entry.details ?? {};
  const name = (locale === 'ar' ? (d.nameAr ?? d.nameEn) : (d.nameEn ?? d.nameAr)) as
    string | null | undefined;
  if (entry.subjectType === 'booking' && typeof d.date === 'string') {
    const when = `${formatDate(d.date, locale, 'medium')} ${formatTime(String(d.startTime), locale)}`;
    return `${name ?? ''} · ${when}${d.renterEmail ? ` · ${String(d.renterEmail)}` : ''}`;
  }
  return name ?? entry.subjectId;
}

/** Who decided what, when and why (newest first). */
export function AuditLog() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = usePolled(`audit:${page}`, (signal) => getAuditLog({ page }, signal));
  return (
    <div className="flex flex-col gap-4">
      <ListState
        result={audit}
        empty={t('admin.empty.audit')}
        failed={t('admin.loadError.audit')}
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <ol className="flex flex-col divide-y divide-sand-200 rounded-3xl border border-sand-200 bg-white">
            {data.items.map((entry) => (
              <li
                key={entry.id}
                data-testid="audit-entry"
                className="flex flex-col gap-1 p-4 text-sm"
              >
                <p className="font-semibold text-ink">
                  {t(
                    `admin.audit.${entry.action.replace('.', '_')}` as 'admin.audit.space_approve',
                  )}
                  {' — '}
                  <span className="font-normal">{subject(entry, i18n.language)}</span>
                </p>
                <p className="text-muted">
                  {entry.actor
                    ? t('admin.audit.by', { name: entry.actor.name })
                    : t('admin.audit.unknownActor')}{' '}
                  ·{' '}
                  <time dateTime={entry.createdAt}>
                    {formatInstant(entry.createdAt, i18n.language)}
                  </time>
                </p>
                {entry.reason && (
                  <p className="text-ink">
                    <span className="text-muted">{t('admin.audit.reason')}: </span>
                    {entry.reason}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </ListState>
      {audit.data && (
        <Pager
          page={page}
          pageSize={audit.data.pageSize}
          total={audit.data.total}
          onChange={setPage}
        />
      )}
    </div>
  );
}
