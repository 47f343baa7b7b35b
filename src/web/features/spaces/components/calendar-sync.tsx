import { CalendarSync as CalendarSyncIcon, Copy, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/field.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { getCalendarFeedUrl } from '../api/get-calendar-feed-url.ts';
import { regenerateCalendarFeedUrl } from '../api/regenerate-calendar-feed-url.ts';

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; url: string };

/**
 * "Sync with your calendar" for one of the host's spaces (docs/decisions/026-calendar-feed.md):
 * a dialog with the space's secret feed URL to paste into Google Calendar or Outlook, a copy
 * button, and "Make a new link" (after a confirmation: the old link stops working at once).
 * The URL is fetched when the dialog opens, never before: the first request makes it.
 */
export function CalendarSync({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const request = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const helpId = useId();

  // The URL is asked for when the dialog opens (and on retry); an unmounted row stops asking.
  const load = () => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState({ status: 'loading' });
    getCalendarFeedUrl(spaceId, controller.signal).then(
      ({ url }) => setState({ status: 'ready', url }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ status: 'error' });
      },
    );
  };
  useEffect(() => () => request.current?.abort(), []);

  const close = (next: boolean) => {
    if (next || busy) return;
    request.current?.abort();
    setOpen(false);
    setConfirming(false);
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('account.calendar.copied') });
    } catch {
      // No clipboard (an old browser, a denied permission): the link is selected for the user.
      inputRef.current?.select();
      toast({ variant: 'destructive', title: t('account.calendar.copyFailed') });
    }
  };

  const regenerate = async () => {
    setBusy(true);
    try {
      const { url } = await regenerateCalendarFeedUrl(spaceId);
      setState({ status: 'ready', url });
      toast({ title: t('account.calendar.regenerated') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('account.calendar.regenerateFailed'),
        description: error instanceof ApiRequestError ? error.message : t('errors:INTERNAL_ERROR'),
      });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setOpen(true);
          load();
        }}
      >
        <CalendarSyncIcon aria-hidden />
        {t('account.calendar.open')}
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent closeLabel={t('account.calendar.close')}>
          <DialogHeader>
            <DialogTitle>{t('account.calendar.title')}</DialogTitle>
            <DialogDescription>{t('account.calendar.description')}</DialogDescription>
          </DialogHeader>

          {state.status === 'loading' && (
            <p role="status" className="text-muted">
              {t('account.calendar.loading')}
            </p>
          )}
          {state.status === 'error' && (
            <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-red-50 p-4">
              <p className="font-semibold text-red-800">{t('account.calendar.error')}</p>
              <Button variant="outline" size="sm" onClick={load}>
                {t('account.calendar.retry')}
              </Button>
            </div>
          )}
          {state.status === 'ready' && (
            <>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={inputId} className="text-sm font-semibold text-ink">
                  {t('account.calendar.linkLabel')}
                </label>
                <div className="flex gap-2">
                  <Input
                    ref={inputRef}
                    id={inputId}
                    readOnly
                    dir="ltr"
                    value={state.url}
                    aria-describedby={helpId}
                    onFocus={(event) => event.currentTarget.select()}
                    className="h-11 min-w-0 flex-1 text-start font-mono text-sm"
                  />
                  <Button onClick={() => void copy(state.url)} className="shrink-0">
                    <Copy aria-hidden />
                    {t('account.calendar.copy')}
                  </Button>
                </div>
                <p id={helpId} className="text-sm text-muted">
                  {t('account.calendar.private')}
                </p>
              </div>

              <div className="flex flex-col gap-1 text-sm text-ink">
                <p className="font-semibold">{t('account.calendar.helpTitle')}</p>
                <ul className="list-disc ps-5 leading-relaxed">
                  <li>{t('account.calendar.helpGoogle')}</li>
                  <li>{t('account.calendar.helpOutlook')}</li>
                </ul>
                <p className="text-muted">{t('account.calendar.helpDelay')}</p>
              </div>

              {confirming ? (
                <div
                  role="group"
                  aria-labelledby={`${helpId}-confirm`}
                  className="flex flex-col gap-3 rounded-2xl border border-gold-400 bg-gold-400/10 p-4"
                >
                  <p id={`${helpId}-confirm`} className="font-semibold text-ink">
                    {t('account.calendar.regenerateTitle')}
                  </p>
                  <p className="text-sm text-ink">{t('account.calendar.regenerateText')}</p>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => void regenerate()} disabled={busy}>
                      {t('account.calendar.regenerateConfirm')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setConfirming(false)}
                      disabled={busy}
                    >
                      {t('account.calendar.regenerateKeep')}
                    </Button>
                  </div>
                </div>
              ) : (
                <DialogFooter>
                  <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                    <RefreshCw aria-hidden />
                    {t('account.calendar.regenerate')}
                  </Button>
                </DialogFooter>
              )}
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
