import { MessageSquareText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MESSAGE_TEXT_MAX } from '#shared/domain/messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/lib/session/auth-context.tsx';
import { askHost } from '../api.ts';

/**
 * "Ask the host" on a space's page (issue 34): a question before booking, sent into the renter's
 * conversation with the host. Contacts in it are masked when the host keeps theirs private.
 */
export function AskHost({ spaceId, contactPrivate }: { spaceId: string; contactPrivate: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ conversationId: string; masked: boolean } | null>(null);

  if (!user)
    return (
      <Link
        to={`${paths.auth}?redirect=${encodeURIComponent(paths.space(spaceId))}`}
        className="inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <MessageSquareText aria-hidden className="size-5" />
        {t('messages.ask.signIn')}
      </Link>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const { message } = await askHost(spaceId, body);
      setSent({ conversationId: message.conversationId, masked: message.maskedKinds.length > 0 });
      setBody('');
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : t('messages.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby="ask-host-title">
      <h3 id="ask-host-title" className="flex items-center gap-2 font-semibold text-ink">
        <MessageSquareText aria-hidden className="size-5 text-brand-700" />
        {t('messages.ask.title')}
      </h3>
      <p className="text-sm text-muted">{t('messages.ask.intro')}</p>
      {contactPrivate && <p className="text-sm text-muted">{t('messages.ask.private')}</p>}
      <label className="sr-only" htmlFor="ask-host-body">
        {t('messages.ask.placeholder')}
      </label>
      <textarea
        id="ask-host-body"
        dir="auto"
        rows={3}
        maxLength={MESSAGE_TEXT_MAX}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        placeholder={t('messages.ask.placeholder')}
        className="w-full rounded-xl border border-control bg-white p-3 text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {sent && (
        <div
          role="status"
          className="flex flex-col gap-1 rounded-xl bg-brand-50 p-3 text-sm text-ink"
        >
          <p>{t('messages.ask.sent')}</p>
          {sent.masked && <p>{t('messages.masked')}</p>}
          <Link
            to={paths.conversation(sent.conversationId)}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {t('messages.ask.open')}
          </Link>
        </div>
      )}
      <Button type="submit" disabled={busy || !body.trim()} className="self-start">
        {busy ? t('messages.sending') : t('messages.send')}
      </Button>
    </form>
  );
}
