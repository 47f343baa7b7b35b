import { ChevronLeft, ChevronRight, MessageSquareText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Locale } from '#shared/constants.ts';
import { formatCount } from '#shared/format-count.ts';
import { paths } from '#web/lib/paths.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { getUnread } from '#web/features/messages/api.ts';

/**
 * The account page's way to the messages (issue 34: "unread counts in the header and the account
 * page"): how many messages wait unread, counted in Arabic's plural forms ("رسالتان بانتظارك").
 * Asked once when the page opens; the header's badge asks again on every page change.
 */
export function MessagesEntry() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    getUnread().then(
      (u) => live && setUnread(u.messages),
      () => live && setUnread(null),
    );
    return () => {
      live = false;
    };
  }, []);
  const Chevron = i18n.dir() === 'rtl' ? ChevronLeft : ChevronRight;
  return (
    <Link
      to={paths.messages}
      data-testid="account-messages"
      className="mt-6 flex items-center gap-3 rounded-3xl border border-sand-200 bg-white p-6 hover:border-brand-700"
    >
      <MessageSquareText aria-hidden className="size-5 shrink-0 text-brand-700" />
      <span className="flex grow flex-col">
        <span className="font-semibold text-ink">{t('account.messages.title')}</span>
        {unread != null && (
          <span className={unread > 0 ? 'font-semibold text-brand-700' : 'text-sm text-muted'}>
            {unread > 0
              ? t('account.messages.unread', { count: formatCount(unread, 'messages', locale) })
              : t('account.messages.none')}
          </span>
        )}
      </span>
      <Chevron aria-hidden className="size-5 shrink-0 text-muted" />
    </Link>
  );
}
