import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Locale } from '#shared/constants.ts';
import { formatMinutes } from '#shared/format-count.ts';
import { formatNumber } from '#shared/format.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { paths } from '#web/lib/paths.ts';
import { Inbox } from './inbox.tsx';

interface Reports {
  reports: {
    id: string;
    reason: string;
    reporterName: string;
    conversationId: string;
    message: { id: number; body: string; senderName: string | null };
  }[];
}
interface ResponseTimes {
  hosts: { hostId: string; name: string; medianMinutes: number | null; samples: number }[];
}

/**
 * The admins' desk for conversations (issue 34): reported messages with a link to read the whole
 * conversation (and write in it as HourSpace), and each host's median answer time.
 */
export function MessagesDesk() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [reports, setReports] = useState<Reports['reports'] | null>(null);
  const [hosts, setHosts] = useState<ResponseTimes['hosts'] | null>(null);
  useEffect(() => {
    apiFetch<Reports>('/api/admin/message-reports').then(
      (r) => setReports(r.reports),
      () => {},
    );
    apiFetch<ResponseTimes>('/api/admin/response-times').then(
      (r) => setHosts(r.hosts),
      () => {},
    );
  }, []);

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="desk-reports" className="flex flex-col gap-3">
        <h3 id="desk-reports" className="text-xl font-bold text-ink">
          {t('messages.desk.reports')}
        </h3>
        {reports?.length === 0 && <p className="text-muted">{t('messages.desk.noReports')}</p>}
        <ul className="flex flex-col gap-3">
          {reports?.map((r) => (
            <li
              key={r.id}
              className="flex flex-col gap-1 rounded-2xl border border-sand-200 bg-white p-4"
            >
              <p dir="auto" className="text-ink">
                {r.message.senderName && (
                  <bdi className="font-semibold">{r.message.senderName}: </bdi>
                )}
                {r.message.body}
              </p>
              <p className="text-sm text-muted">
                {t('messages.desk.reportedBy', { name: r.reporterName, reason: r.reason })}
              </p>
              <Link
                to={paths.conversation(r.conversationId)}
                className="self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                {t('messages.desk.open')}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="desk-times" className="flex flex-col gap-3">
        <h3 id="desk-times" className="text-xl font-bold text-ink">
          {t('messages.desk.responseTimes')}
        </h3>
        {hosts?.length === 0 && <p className="text-muted">{t('messages.desk.noHosts')}</p>}
        {hosts && hosts.length > 0 && (
          <table className="w-full border-collapse rounded-2xl bg-white text-start">
            <thead>
              <tr className="border-b border-sand-200 text-sm text-muted">
                <th scope="col" className="p-3 text-start">
                  {t('messages.desk.host')}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t('messages.desk.median')}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t('messages.desk.answers')}
                </th>
              </tr>
            </thead>
            <tbody>
              {hosts.map((h) => (
                <tr key={h.hostId} className="border-b border-sand-200 last:border-0">
                  <td className="p-3">
                    <bdi>{h.name}</bdi>
                  </td>
                  <td className="p-3">
                    {h.medianMinutes === null
                      ? t('messages.desk.notYet')
                      : formatMinutes(h.medianMinutes, locale)}
                  </td>
                  <td className="p-3">{formatNumber(h.samples, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="desk-conversations" className="flex flex-col gap-3">
        <h3 id="desk-conversations" className="text-xl font-bold text-ink">
          {t('messages.desk.conversations')}
        </h3>
        <Inbox all />
      </section>
    </div>
  );
}
