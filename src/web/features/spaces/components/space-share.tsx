import { AtSign, Link2, MessageCircle, Send, Share, Share2, X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import type { Locale } from '#shared/constants.ts';
import { canonicalUrl } from '#shared/page-heads.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { siteOrigin } from '#web/lib/site-origin.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { shareLinks } from '../share-links.ts';

/** The panel's id: its button opens it by invoker command, before the app and after. */
export const SHARE_PANEL_ID = 'space-share';

const itemClass =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start font-semibold text-ink transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500';

/** X's mark, simplified (lucide has no brand icons): one bold stroke, one thin. */
function XMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-5 text-brand-700" fill="currentColor">
      <path d="M3.5 3.5h5.2l11.8 17h-5.2z" />
      <path d="M19.6 3.5h-1.9l-6 6.7 1 1.4zM4.4 20.5h1.9l6-6.7-1-1.4z" />
    </svg>
  );
}

/**
 * "Share" beside a space's title (issue 36, decision 079). The button opens a popover by invoker
 * command (`commandfor`, decision 073; `popovertarget` where the browser has no invoker commands,
 * which its own popover code answers): the first tap opens it from the server's HTML, before the
 * app has arrived. The panel's links (WhatsApp, X, Telegram, email) are plain links carrying the
 * space's name and its canonical URL in the page's language, so they work without the app too.
 * "Copy link" needs the app (the clipboard): tapped before it, the boot script keeps the tap and
 * the app does it once live (src/web/lib/early-input.ts). Where the browser has `navigator.share`
 * (phones), one more item opens the system's share sheet — drawn only once the app runs, since it
 * cannot work before (and the server cannot know). The browser closes the panel on Escape and on
 * a tap outside it (`popover="auto"`); the app closes it after a choice.
 */
export function SpaceShare({ spaceId, name }: { spaceId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const panel = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const url = canonicalUrl(siteOrigin(), `/space/${spaceId}`, locale);
  const text = t('share.message', { name, app: t('app.name') });
  const links = shareLinks({ name, text, url });
  // (A browser without popovers has no hidePopover: the panel is then always in the page.)
  const close = () => panel.current?.hidePopover?.();
  const copy = async () => {
    close();
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('share.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('share.copyFailed') });
    }
  };
  const systemShare = async () => {
    close();
    try {
      await navigator.share({ title: name, text, url });
    } catch {
      // Dismissed by the visitor (AbortError), or refused: nothing to say.
    }
  };
  const canShare = hydrated && typeof navigator.share === 'function';

  const link = (href: string, label: string, icon: ReactNode, newTab = true) => (
    <li>
      <a
        href={href}
        className={itemClass}
        onClick={close}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {icon}
        <span>{label}</span>
        {newTab && <span className="sr-only">{t('share.newTab')}</span>}
      </a>
    </li>
  );

  return (
    <>
      <button
        type="button"
        commandfor={SHARE_PANEL_ID}
        command="toggle-popover"
        popoverTarget={SHARE_PANEL_ID}
        aria-label={t('share.buttonLabel')}
        className="share-button inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-sand-200 bg-white px-4 text-sm font-semibold text-ink transition-colors hover:border-brand-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Share2 aria-hidden className="size-4" />
        {t('share.button')}
      </button>
      <div
        ref={panel}
        id={SHARE_PANEL_ID}
        popover="auto"
        role="dialog"
        aria-labelledby="space-share-title"
        className="share-panel rounded-3xl border border-sand-200 bg-white p-3 text-ink shadow-card"
      >
        <div className="flex items-center justify-between gap-2 ps-3">
          <h2 id="space-share-title" className="font-bold text-ink">
            {t('share.title')}
          </h2>
          <button
            type="button"
            commandfor={SHARE_PANEL_ID}
            command="hide-popover"
            popoverTarget={SHARE_PANEL_ID}
            popoverTargetAction="hide"
            aria-label={t('share.close')}
            className="inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <ul className="mt-1 flex flex-col gap-0.5">
          {link(
            links.whatsapp,
            t('share.whatsapp'),
            <MessageCircle aria-hidden className="size-5 text-brand-700" />,
          )}
          {link(links.x, t('share.x'), <XMark />)}
          {link(
            links.telegram,
            t('share.telegram'),
            <Send aria-hidden className="size-5 text-brand-700 rtl:-scale-x-100" />,
          )}
          {link(
            links.email,
            t('share.email'),
            <AtSign aria-hidden className="size-5 text-brand-700" />,
            false,
          )}
          <li>
            <button type="button" className={itemClass} onClick={() => void copy()}>
              <Link2 aria-hidden className="size-5 text-brand-700" />
              <span>{t('share.copy')}</span>
            </button>
          </li>
          {canShare && (
            <li>
              <button type="button" className={itemClass} onClick={() => void systemShare()}>
                <Share aria-hidden className="size-5 text-brand-700" />
                <span>{t('share.more')}</span>
              </button>
            </li>
          )}
        </ul>
      </div>
    </>
  );
}
