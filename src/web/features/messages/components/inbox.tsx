import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ConversationSummary } from '#shared/schemas/messages.ts';
import type { Locale } from '#shared/constants.ts';
import { formatDate, formatNumber, formatTime } from '#shared/format.ts';
import { formatTimeOfDay } from '#shared/domain/booking-slots.ts';
import { riyadhClock, riyadhToday } from '#shared/domain/riyadh-calendar.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { paths } from '#web/lib/paths.ts';
import { getInbox } from '../api.ts';
import { messagePreview } from './message-text.ts';

/**
 * When a conversation last moved, as a Saudi reads it: today's as a time ("8:15 م"), older ones as
 * their date — both on Riyadh's clock, whatever the device's time zone (a message at 01:30 in
 * Riyadh belongs to that day, not to the UTC day before).
 */
export function lastMovedAt(iso: string, locale: Locale, now = new Date()): string {
  const { date, minutes } = riyadhClock(new Date(iso));
  return date === riyadhToday(now)
    ? formatTime(formatTimeOfDay(minutes), locale)
    : formatDate(date, locale);
}

/** The inbox: newest first, a page at a time (keyset cursor from the server). */
export function Inbox({ all = false }: { all?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [items, setItems] = useState<ConversationSummary[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState(false);

  useEffect(() => {
    getInbox(undefined, all)
      .then((page) => {
        setItems(page.conversations);
        setCursor(page.nextCursor);
      })
      .catch(() => setError(true));
  }, [locale, all]);

  const more = async () => {
    if (!cursor) return;
    const page = await getInbox(cursor, all);
    setItems((list) => [...(list ?? []), ...page.conversations]);
    setCursor(page.nextCursor);
  };

  if (error) return <p className="text-red-700">{t('errors:INTERNAL_ERROR')}</p>;
  if (!items) return null;
  if (items.length === 0) return <p className="text-muted">{t('messages.empty')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
        {items.map((c) => (
          <li key={c.id}>
            <Link
              to={paths.conversation(c.id)}
              className="flex flex-col gap-1 p-4 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <span className="flex items-center justify-between gap-3">
                <span className="font-semibold text-ink">
                  <bdi>{c.withName}</bdi>
                  <span className="text-muted"> · </span>
                  <bdi>{c.space.name}</bdi>
                </span>
                <time dateTime={c.lastMessageAt} className="shrink-0 text-sm text-muted">
                  {lastMovedAt(c.lastMessageAt, locale)}
                </time>
              </span>
              <span className="flex items-center justify-between gap-3">
                <span dir="auto" className="line-clamp-1 text-sm text-muted">
                  {c.lastMessage ? messagePreview(c.lastMessage, t) : ''}
                </span>
                {c.unread > 0 && (
                  <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {t('messages.unread', { count: formatNumber(c.unread, locale) })}
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {cursor && (
        <Button variant="outline" onClick={() => void more()} className="self-center">
          {t('messages.loadMore')}
        </Button>
      )}
    </div>
  );
}
