import { ArrowRight, CheckCheck, Flag, Mail, Phone } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Locale } from '#shared/constants.ts';
import { formatNumber, formatTime } from '#shared/format.ts';
import type { Conversation, LiveEvent, Message } from '#shared/schemas/messages.ts';
import { MESSAGE_TEXT_MAX } from '#shared/domain/messages.ts';
import { localSaudiMobile, normalizeSaudiMobile } from '#shared/domain/phone.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { paths } from '#web/lib/paths.ts';
import { announceUnreadChanged } from '#web/lib/unread-changed.ts';
import {
  getConversation,
  getThread,
  markRead,
  reportMessage,
  sendMessage,
  setBlocked,
} from '../api.ts';
import { connectLive } from '../live-connection.ts';
import { messagePreview } from './message-text.ts';

const riyadhTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Riyadh',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));

/** Adds messages by id, in id order, each once. */
function merge(list: Message[], more: Message[]) {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * One conversation: its messages (older pages on demand), live delivery and read receipts,
 * contacts once a booking is confirmed, the composer, reporting and (for the host) blocking.
 */
export function ConversationView({ id, viewerId }: { id: string; viewerId: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [details, setDetails] = useState<Conversation | null>(null);
  const [list, setList] = useState<Message[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [missing, setMissing] = useState(false);
  const [live, setLive] = useState(false);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const refresh = useCallback(() => {
    getConversation(id).then(setDetails, (e: unknown) => {
      if (e instanceof ApiRequestError && e.status === 404) setMissing(true);
    });
  }, [id]);

  useEffect(() => {
    refresh();
    let connection: { close(): void } | null = null;
    let cancelled = false;
    getThread(id)
      .then((thread) => {
        if (cancelled) return;
        setList(thread.messages);
        setHasOlder(thread.hasOlder);
        connection = connectLive({
          url: `/api/messages/live?conversation=${encodeURIComponent(id)}`,
          after: thread.messages.at(-1)?.id ?? 0,
          onStatus: setLive,
          onEvent: (event: LiveEvent) => {
            if (event.type === 'message') {
              const { senderId, ...rest } = event.message;
              setList((l) => merge(l, [{ ...rest, mine: senderId === viewerId }]));
            } else if (event.userId !== viewerId) {
              setDetails((d) =>
                d
                  ? {
                      ...d,
                      reads: [
                        ...d.reads.filter((r) => r.role !== event.role),
                        { role: event.role as 'renter', upTo: event.upTo, at: event.at },
                      ],
                    }
                  : d,
              );
            }
          },
        });
      })
      .catch((e: unknown) => {
        if (e instanceof ApiRequestError && e.status === 404) setMissing(true);
      });
    return () => {
      cancelled = true;
      connection?.close();
    };
  }, [id, viewerId, refresh]);

  // Read what is shown, and keep the newest in view.
  const newest = list.at(-1)?.id;
  useEffect(() => {
    if (!newest) return;
    endRef.current?.scrollIntoView?.({ block: 'end' });
    if (document.visibilityState !== 'hidden')
      void markRead(id, newest).then(announceUnreadChanged, () => {});
  }, [id, newest]);

  if (missing)
    return <p className="mx-auto max-w-3xl px-4 py-12 text-muted">{t('errors:NOT_FOUND')}</p>;
  if (!details) return null;

  const older = async () => {
    const thread = await getThread(id, list[0]?.id);
    setList((l) => merge(l, thread.messages));
    setHasOlder(thread.hasOlder);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const { message } = await sendMessage(id, body);
      setList((l) => merge(l, [message]));
      setBody('');
      if (message.maskedKinds.length > 0) setNotice(t('messages.masked'));
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : t('messages.failed'));
    } finally {
      setBusy(false);
    }
  };

  const report = async (m: Message) => {
    const reason = window.prompt(t('messages.reportReason'));
    if (!reason?.trim()) return;
    try {
      await reportMessage(m.id, reason.trim());
      setNotice(t('messages.reported'));
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : t('messages.failed'));
    }
  };

  const toggleBlock = async () => {
    const { blocked } = await setBlocked(id, !details.blocked);
    setDetails({ ...details, blocked });
    setNotice(blocked ? t('messages.blocked') : null);
  };

  const otherRead = Math.max(
    0,
    ...details.reads.filter((r) => r.role !== details.myRole).map((r) => r.upTo),
  );
  const lastMine = [...list].reverse().find((m) => m.mine);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6">
      <Link
        to={paths.messages}
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700"
      >
        <ArrowRight aria-hidden className="size-4 ltr:rotate-180" />
        {t('messages.back')}
      </Link>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-ink">
          <bdi>{details.withName}</bdi>
          <span className="text-muted"> · </span>
          <Link to={paths.space(details.space.id)} className="text-brand-700 hover:underline">
            <bdi>{details.space.name}</bdi>
          </Link>
        </h1>
        <span role="status" className="text-sm text-muted" data-testid="live-status">
          {live ? t('messages.live') : t('messages.offline')}
        </span>
      </header>

      {details.contacts ? (
        <section
          aria-labelledby="contacts-title"
          className="rounded-2xl border border-sand-200 bg-white p-4"
          data-testid="contacts"
        >
          <h2 id="contacts-title" className="mb-2 font-semibold text-ink">
            {t('messages.contacts')}
          </h2>
          <dl className="grid gap-2 sm:grid-cols-2">
            {(['renter', 'host'] as const).map((role) => {
              const c = details.contacts![role];
              return (
                <div key={role} className="flex flex-col gap-1">
                  {/* The role and the name on lines of their own: "Host:" beside an Arabic name
                      in an English page (or the reverse) never reorders. */}
                  <dt className="flex flex-col">
                    <span className="text-sm text-muted">{t(`messages.${role}`)}</span>
                    <bdi className="self-start font-semibold text-ink">{c.name}</bdi>
                  </dt>
                  {c.phone && (
                    <dd className="flex items-center gap-2">
                      <Phone aria-hidden className="size-4 text-brand-700" />
                      <a
                        dir="ltr"
                        href={`tel:${normalizeSaudiMobile(c.phone) ?? c.phone}`}
                        className="text-brand-700 hover:underline"
                      >
                        {localSaudiMobile(normalizeSaudiMobile(c.phone) ?? c.phone)}
                      </a>
                    </dd>
                  )}
                  {c.email && (
                    <dd className="flex items-center gap-2">
                      <Mail aria-hidden className="size-4 text-brand-700" />
                      <a
                        dir="ltr"
                        href={`mailto:${c.email}`}
                        className="text-brand-700 hover:underline"
                      >
                        {c.email}
                      </a>
                    </dd>
                  )}
                </div>
              );
            })}
          </dl>
        </section>
      ) : (
        details.contactsHidden && (
          <p className="rounded-xl bg-sand-100 p-3 text-sm text-ink">{t('messages.hiddenNote')}</p>
        )
      )}

      {hasOlder && (
        <Button variant="outline" size="sm" className="self-center" onClick={() => void older()}>
          {t('messages.older')}
        </Button>
      )}
      <ol className="flex flex-col gap-3" aria-label={t('messages.title')} data-testid="thread">
        {list.map((m) => (
          <li
            key={m.id}
            className={
              m.kind === 'booking'
                ? 'self-center rounded-full bg-sand-100 px-3 py-1 text-sm text-ink'
                : `flex max-w-[85%] flex-col gap-1 rounded-2xl p-3 ${
                    m.mine
                      ? 'self-end bg-brand-700 text-white'
                      : 'self-start border border-sand-200 bg-white text-ink'
                  }`
            }
          >
            {m.kind === 'text' && (
              <span className={`text-xs font-semibold ${m.mine ? 'text-brand-50' : 'text-muted'}`}>
                {m.mine ? (
                  t('messages.you')
                ) : m.senderRole === 'admin' ? (
                  t('messages.team')
                ) : (
                  <bdi>{m.senderName}</bdi>
                )}
              </span>
            )}
            <p dir="auto" className="whitespace-pre-wrap break-words">
              {messagePreview(m, t)}
            </p>
            {m.kind === 'text' && (
              <span
                className={`flex items-center gap-2 text-xs ${m.mine ? 'text-brand-50' : 'text-muted'}`}
              >
                <time dateTime={m.createdAt}>{formatTime(riyadhTime(m.createdAt), locale)}</time>
                {m.mine && m === lastMine && otherRead >= m.id && (
                  <span className="inline-flex items-center gap-1" data-testid="read-receipt">
                    <CheckCheck aria-hidden className="size-3" />
                    {t('messages.read')}
                  </span>
                )}
                {!m.mine && details.myRole !== 'admin' && (
                  <button
                    type="button"
                    onClick={() => void report(m)}
                    className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
                  >
                    <Flag aria-hidden className="size-3" />
                    {t('messages.report')}
                  </button>
                )}
              </span>
            )}
          </li>
        ))}
      </ol>
      <div ref={endRef} />

      {notice && (
        <p role="status" className="rounded-xl bg-brand-50 p-3 text-sm text-ink">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <form onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor="message-body" className="font-semibold text-ink">
          {t('messages.write')}
        </label>
        <textarea
          id="message-body"
          dir="auto"
          rows={3}
          maxLength={MESSAGE_TEXT_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          className="w-full rounded-xl border border-control bg-white p-3 text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
        />
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted">
            {t('messages.counter', {
              used: formatNumber(body.length, locale),
              max: formatNumber(MESSAGE_TEXT_MAX, locale),
            })}
          </span>
          <Button type="submit" disabled={busy || !body.trim()}>
            {busy ? t('messages.sending') : t('messages.send')}
          </Button>
        </div>
      </form>
      {details.myRole === 'host' && (
        <Button variant="link" size="sm" className="self-start" onClick={() => void toggleBlock()}>
          {details.blocked ? t('messages.unblock') : t('messages.block')}
        </Button>
      )}
    </div>
  );
}
