import { Mail, Phone, UserRound } from 'lucide-react';
import { lazy, Suspense, useRef, type KeyboardEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { displayName } from '#shared/domain/display-name.ts';
import { localSaudiMobile } from '#shared/domain/phone.ts';
import { paths } from '#web/lib/paths.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { PageLoading } from '#web/components/ui/page-loading.tsx';
import { useAuth } from '#web/lib/session/auth-context.tsx';
import { WhatsAppConsent } from '#web/features/account/components/whatsapp-consent.tsx';
import { MessagesEntry } from '#web/features/messages/components/messages-entry.tsx';
import { MyBookings } from '#web/features/bookings/components/my-bookings.tsx';
import { getMySpaces } from '#web/features/spaces/api/get-my-spaces.ts';
import { MySpaces } from '#web/features/spaces/components/my-spaces.tsx';
import { cn } from '#web/lib/cn.ts';
import { loadTextSections, useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

/** The Hosting tab's spaces, week and requests: their own chunk, fetched when the tab opens. */
const Hosting = lazy(async () => {
  const [module] = await Promise.all([
    import('#web/features/bookings/components/hosting.tsx'),
    loadTextSections(['hosting']),
  ]);
  return { default: module.Hosting };
});

/**
 * The host's earnings and payout account (issue 32): a chunk of its own with its text section,
 * fetched when the Hosting tab opens, so the page's budget pays nothing for them.
 */
const HostEarnings = lazy(async () => {
  const [module] = await Promise.all([
    import('#web/features/money/components/host-earnings.tsx'),
    loadTextSections(['money', 'invoices']),
  ]);
  return { default: module.HostEarnings };
});

/**
 * Password, signed-in devices and "download my data" (issue 38): below the fold, in a chunk of
 * their own fetched as the page renders, so the page's budget pays nothing for them.
 */
const AccountSecurity = lazy(async () => ({
  default: (await import('#web/features/account/components/account-security.tsx')).AccountSecurity,
}));

/** A completed booking's review form and stars: fetched once a booking shows them (the budget). */
const ReviewAction = lazy(async () => ({
  default: (await import('#web/features/reviews/components/review-action.tsx')).ReviewAction,
}));

const TABS = ['overview', 'hosting'] as const;
type Tab = (typeof TABS)[number];
/** `?tab=hosting`: the tab is in the URL, so a link or a reload opens it. */
const TAB_PARAM = 'tab';
/** `?review=<booking id>`: the review invitation's link opens that booking's review form. */
const REVIEW_PARAM = 'review';

/**
 * The signed-in user's page, in two tabs: their details, booking requests and listings; and
 * Hosting, where a host follows their spaces' requests, bookings and week. The Hosting tab is
 * there for everyone: for someone with no space yet it says how to list one. Below it, the host's
 * earnings and payout account (issue 32).
 */
export default function AccountPage() {
  const { t } = useTranslation();
  usePageMeta(t('account.title'));
  const { user, loading, refresh } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get(TAB_PARAM) === 'hosting' ? 'hosting' : 'overview';
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ overview: null, hosting: null });
  const select = (next: Tab, focus = false) => {
    const query = new URLSearchParams(params);
    if (next === 'overview') {
      query.delete(TAB_PARAM);
    } else {
      query.set(TAB_PARAM, next);
    }
    setParams(query);
    if (focus) tabRefs.current[next]?.focus();
  };
  // Arrow keys move between tabs (the tabs pattern of WAI-ARIA), in the reading direction.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.indexOf(tab);
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    if (event.key === 'Home') select(TABS[0], true);
    else if (event.key === 'End') select(TABS[TABS.length - 1]!, true);
    else if (step) select(TABS[(i + step + TABS.length) % TABS.length]!, true);
    else return;
    event.preventDefault();
  };
  if (!user && loading) return <PageLoading />;
  if (!user)
    return <Navigate to={`${paths.auth}?redirect=${encodeURIComponent(paths.account)}`} replace />;
  return (
    <>
      <PageHeader
        title={t('account.title')}
        intro={t('nav.greeting', { name: displayName(user) })}
      />
      <div
        className={cn(
          'mx-auto w-full px-4 pt-6 sm:px-6',
          tab === 'hosting' ? 'max-w-7xl' : 'max-w-3xl',
        )}
      >
        <div
          role="tablist"
          aria-label={t('account.tabs.label')}
          className="flex gap-1 border-b border-sand-200"
        >
          {TABS.map((value) => (
            <button
              key={value}
              ref={(node) => {
                tabRefs.current[value] = node;
              }}
              type="button"
              role="tab"
              id={`account-tab-${value}`}
              aria-selected={tab === value}
              aria-controls={tab === value ? `account-panel-${value}` : undefined}
              tabIndex={tab === value ? 0 : -1}
              onClick={() => select(value)}
              onKeyDown={onTabKey}
              className={
                tab === value
                  ? '-mb-px border-b-2 border-brand-700 px-4 py-2.5 font-semibold text-brand-700'
                  : 'px-4 py-2.5 font-semibold text-muted hover:text-ink'
              }
            >
              {t(`account.tabs.${value}`)}
            </button>
          ))}
        </div>
      </div>
      {tab === 'overview' ? (
        <section
          role="tabpanel"
          id="account-panel-overview"
          aria-labelledby="account-tab-overview"
          className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6"
        >
          <dl className="grid gap-3 rounded-3xl border border-sand-200 bg-white p-6">
            <div className="flex items-center gap-3">
              <UserRound aria-hidden className="size-5 text-brand-700" />
              <dt className="sr-only">{t('auth.fields.fullName')}</dt>
              <dd className="font-semibold text-ink">{displayName(user)}</dd>
            </div>
            <div className="flex items-center gap-3">
              <Mail aria-hidden className="size-5 text-brand-700" />
              <dt className="sr-only">{t('auth.fields.email')}</dt>
              <dd dir="ltr">{user.email}</dd>
            </div>
            {user.phone && (
              <div className="flex items-center gap-3">
                <Phone aria-hidden className="size-5 text-brand-700" />
                <dt className="sr-only">{t('auth.fields.phone')}</dt>
                <dd dir="ltr">{localSaudiMobile(user.phone)}</dd>
              </div>
            )}
          </dl>
          <MessagesEntry />
          {/* Keyed by the stored consent: the server's answer (after the local copy) resets it. */}
          <WhatsAppConsent
            key={user.whatsappOptInAt ?? 'off'}
            user={user}
            onChange={() => void refresh()}
          />
          <div className="mt-10 flex flex-col gap-10">
            <MyBookings
              renderExtra={(booking, { spaceName, update }) => (
                <Suspense fallback={null}>
                  <ReviewAction
                    booking={booking}
                    spaceName={spaceName}
                    openNow={params.get(REVIEW_PARAM) === booking.id}
                    onSaved={(review) => update({ ...booking, review })}
                  />
                </Suspense>
              )}
            />
            <MySpaces />
            {/* Settings last: a renter comes here for their bookings first. */}
            <Suspense fallback={<PageLoading />}>
              <AccountSecurity />
            </Suspense>
          </div>
        </section>
      ) : (
        <div
          role="tabpanel"
          id="account-panel-hosting"
          aria-labelledby="account-tab-hosting"
          className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6"
        >
          <Suspense fallback={<PageLoading />}>
            <div className="flex flex-col gap-12">
              <Hosting loadSpaces={getMySpaces} />
              <HostEarnings />
            </div>
          </Suspense>
        </div>
      )}
    </>
  );
}
