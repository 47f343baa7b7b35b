import { useState } from 'react';
import { SLOT_TAKEN, SPACE_ARCHIVED_REASON } from '#shared/domain/booking-lifecycle.ts';
import type { AdminAuditEntry } from '#shared/schemas/admin.ts';
import { BookingReference } from '#web/components/booking-reference.tsx';
import { useTranslation, type MessageKey } from '#web/lib/i18n.ts';
import { formatBookingDate, formatTime, isolate } from '#shared/format.ts';
import { getAuditLog } from '../api/get-audit-log.ts';
import { formatInstant } from '../format-instant.ts';
import { usePolled } from '../hooks/use-polled.ts';
import { ListState } from '#web/components/list-state.tsx';
import { Pager } from './pager.tsx';

/**
 * What an entry is about. Names and emails are people's own words, in either script: each is
 * isolated (`<bdi>`) so an Arabic name in the English desk (or the reverse) keeps its direction
 * and does not drag the separators and the date with it.
 */
function Subject({ entry, locale }: { entry: AdminAuditEntry; locale: 'ar' | 'en' }) {
  const d = entry.details ?? {};
  const name = (locale === 'ar' ? (d.nameAr ?? d.nameEn) : (d.nameEn ?? d.nameAr)) as
    string | null | undefined;
  if (entry.subjectType === 'booking' && typeof d.date === 'string') {
    const when = `${formatBookingDate(d.date, locale, 'medium')} ${formatTime(String(d.startTime), locale)}`;
    return (
      <>
        <bdi>{name ?? ''}</bdi> · {when}
        {d.renterEmail ? (
          <>
            {' · '}
            <bdi>{String(d.renterEmail)}</bdi>
          </>
        ) : null}
      </>
    );
  }
  // Never the subject's id: a person cannot read it (a booking is named by its reference).
  return <bdi>{name ?? ''}</bdi>;
}

/**
 * The codes a reason may be instead of an admin's words, each read as text in the desk's
 * language: a person never reads the code itself (issue 31).
 */
const REASON_TEXTS = {
  [SLOT_TAKEN]: 'admin.audit.reasonCode.SLOT_TAKEN',
  [SPACE_ARCHIVED_REASON]: 'admin.audit.reasonCode.SPACE_ARCHIVED',
} as const satisfies Record<string, MessageKey>;

function isReasonCode(reason: string): reason is keyof typeof REASON_TEXTS {
  return Object.hasOwn(REASON_TEXTS, reason);
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
        retry={t('admin.retry')}
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
                  <span className="font-normal">
                    <Subject entry={entry} locale={i18n.language} />
                  </span>
                </p>
                {entry.reference && <BookingReference reference={entry.reference} />}
                <p className="text-muted">
                  {entry.actor
                    ? t('admin.audit.by', { name: isolate(entry.actor.name) })
                    : entry.details?.automatic === true
                      ? t('admin.audit.automatic')
                      : t('admin.audit.unknownActor')}{' '}
                  ·{' '}
                  <time dateTime={entry.createdAt}>
                    {formatInstant(entry.createdAt, i18n.language)}
                  </time>
                </p>
                {entry.reason && (
                  <p className="text-ink">
                    <span className="text-muted">{t('admin.audit.reason')}: </span>
                    {isReasonCode(entry.reason) ? (
                      t(REASON_TEXTS[entry.reason])
                    ) : (
                      <bdi>{entry.reason}</bdi>
                    )}
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
