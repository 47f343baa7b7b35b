import { LogIn, LogOut, Menu, MessageSquareText, ShieldCheck, UserRound, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { displayName } from '#shared/domain/display-name.ts';
import { useAuth } from '#web/lib/session/auth-context.tsx';
import { onUnreadChanged } from '#web/lib/unread-changed.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { formatNumber } from '#shared/format.ts';
import type { Locale } from '#shared/constants.ts';
import { cn } from '#web/lib/cn.ts';
import { paths } from '#web/lib/paths.ts';
import { LanguageToggle } from './language-toggle.tsx';
import { Logo } from './logo.tsx';

/** docs/product-spec.md §9: the bar gains its background after 20 px of scroll. */
export const SCROLL_THRESHOLD_PX = 20;

/** The mobile menu; the boot script toggles it by this id before hydration. */
const MENU_ID = 'mobile-menu';

const links = [
  { to: paths.home, label: 'nav.home', end: true },
  { to: paths.howItWorks, label: 'nav.howItWorks' },
  { to: paths.explore, label: 'nav.explore' },
  { to: paths.listYourSpace, label: 'nav.hostWithUs' },
  { to: paths.contact, label: 'nav.contact' },
] as const;

const iconButtonClass =
  'inline-flex size-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500';

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

/** Unread messages of the signed-in person (issue 34), asked again on every page change. */
function useUnread(signedIn: boolean, pathname: string) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    let abort = new AbortController();
    const ask = () => {
      abort.abort();
      abort = new AbortController();
      apiFetch<{ messages: number }>('/api/me/unread', { signal: abort.signal }).then(
        (u) => setCount(u.messages),
        () => {},
      );
    };
    ask();
    // …and again when a conversation marks messages read (src/web/lib/unread-changed.ts)
    const stop = onUnreadChanged(ask);
    return () => {
      stop();
      abort.abort();
    };
  }, [signedIn, pathname]);
  return signedIn ? count : 0;
}

export function SiteHeader() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { user, isAdmin, signOut, sessionEnding } = useAuth();
  const navigate = useNavigate();
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  // Home first, then sign out: a page that needs a session (/account, /admin) must not see the
  // session end while it is still shown, or it sends the reader to sign in again
  // (/auth?redirect=…) instead of home (docs/product-spec.md: sign-out goes to /, from every page).
  const logOut = () =>
    signOut(async () => {
      await navigate(paths.home);
    });
  const allLinks = isAdmin
    ? [...links, { to: paths.adminDashboard, label: 'nav.admin' as const }]
    : links;
  const { pathname } = useLocation();
  // The menu remembers the path it was opened on, so it is closed again on every route change.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  // While the session ends, the page change home asks nothing (the auth context's rule).
  const unread = useUnread(Boolean(user) && !sessionEnding, pathname);
  const unreadLabel =
    unread > 0
      ? t('nav.messagesUnread', { count: formatNumber(unread, locale) })
      : t('nav.messages');
  // Before the app takes a pre-rendered page over, the boot script opens and closes the menu
  // (scripts/vite/boot-preloads.ts, decision 038): a tap in the first second is never lost. The
  // header takes over the state it left, in the commit that hydrates the page (nothing can
  // toggle it in between).
  useLayoutEffect(() => {
    if (document.getElementById(MENU_ID)?.dataset.open === 'true')
      // eslint-disable-next-line react-hooks/set-state-in-effect -- reads what the boot script left, once
      setOpenOn(window.location.pathname);
  }, []);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-full px-3.5 py-2 text-[0.95rem] font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
      isActive
        ? 'bg-brand-50 text-brand-700'
        : 'text-ink/80 hover:bg-brand-50/60 hover:text-brand-700',
    );
  const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'block rounded-xl px-4 py-3 font-semibold',
      isActive ? 'bg-brand-50 text-brand-700' : 'text-ink hover:bg-brand-50',
    );

  return (
    // Its look when scrolled or with the menu open (the boot script's before the app, the app's
    // after: both set the menu's data-open) is CSS's (src/web/styles.css, decision 079): from the
    // scroll position itself where the browser can, else from data-scrolled.
    <header
      data-scrolled={scrolled}
      className="site-header sticky top-0 z-50 transition-[background-color,box-shadow,backdrop-filter] duration-300"
    >
      <div className="mx-auto flex h-20 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label={t('nav.main')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {allLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={'end' in link} className={linkClass}>
                  {link.to === paths.adminDashboard && (
                    <ShieldCheck aria-hidden className="me-1 inline size-4 align-[-2px]" />
                  )}
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageToggle variant="icon" />
          {user ? (
            <>
              <span
                className="max-w-44 truncate text-sm font-semibold text-ink"
                data-testid="greeting"
              >
                {t('nav.greeting', { name: displayName(user) })}
              </span>
              <Link
                to={paths.messages}
                aria-label={unreadLabel}
                title={unreadLabel}
                className={cn(iconButtonClass, 'relative')}
                data-testid="messages-link"
              >
                <MessageSquareText aria-hidden className="size-5" />
                {unread > 0 && (
                  <span
                    aria-hidden
                    className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-gold-400 px-1 text-center text-xs leading-5 font-bold text-brand-900"
                  >
                    {formatNumber(unread, locale)}
                  </span>
                )}
              </Link>
              <Link
                to={paths.account}
                aria-label={t('nav.profile')}
                title={t('nav.profile')}
                className={iconButtonClass}
              >
                <UserRound aria-hidden className="size-5" />
              </Link>
              <button
                type="button"
                onClick={() => void logOut()}
                aria-label={t('nav.logout')}
                title={t('nav.logout')}
                className={iconButtonClass}
              >
                <LogOut aria-hidden className="size-5 rtl:rotate-180" />
              </button>
            </>
          ) : (
            <Link
              to={paths.auth}
              className="inline-flex h-10 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <LogIn aria-hidden className="size-4 rtl:rotate-180" />
              {t('nav.login')}
            </Link>
          )}
        </div>
        {/* Both icons, shown by aria-expanded, and both labels: the boot script can toggle it. */}
        <button
          type="button"
          className="group inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          data-label-open={t('nav.openMenu')}
          data-label-close={t('nav.closeMenu')}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          <X aria-hidden className="hidden size-6 group-aria-expanded:block" />
          <Menu aria-hidden className="size-6 group-aria-expanded:hidden" />
        </button>
      </div>
      {/* Opens and closes from height 0 to its content's height in 0.3 s (grid-rows 0fr → 1fr). */}
      <div
        id={MENU_ID}
        data-open={menuOpen}
        inert={!menuOpen}
        className="mobile-menu grid grid-rows-[0fr] transition-[grid-template-rows] duration-300 ease-[ease-in-out] data-[open=true]:grid-rows-[1fr] md:hidden"
      >
        <div className="overflow-hidden">
          <nav aria-label={t('nav.mobile')} className="border-t border-sand-200 px-4 pt-2 pb-4">
            <ul className="flex flex-col gap-1">
              {user && (
                <li className="px-4 py-2 text-sm font-semibold text-muted">
                  {t('nav.greeting', { name: displayName(user) })}
                </li>
              )}
              {allLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={'end' in link} className={mobileLinkClass}>
                    {link.to === paths.adminDashboard && (
                      <ShieldCheck aria-hidden className="me-1 inline size-4 align-[-2px]" />
                    )}
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
              {user ? (
                <>
                  <li>
                    <NavLink to={paths.messages} className={mobileLinkClass}>
                      {unreadLabel}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={paths.account} className={mobileLinkClass}>
                      {t('nav.profile')}
                    </NavLink>
                  </li>
                  <li>
                    <button
                      type="button"
                      onClick={() => void logOut()}
                      className="block w-full rounded-xl px-4 py-3 text-start font-semibold text-ink hover:bg-brand-50"
                    >
                      {t('nav.logout')}
                    </button>
                  </li>
                </>
              ) : (
                <li>
                  <NavLink to={paths.auth} className={mobileLinkClass}>
                    {t('nav.login')}
                  </NavLink>
                </li>
              )}
              <li>
                <LanguageToggle variant="item" />
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
