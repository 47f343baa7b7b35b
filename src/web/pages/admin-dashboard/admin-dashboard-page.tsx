import {
  Banknote,
  CalendarCheck,
  FileText,
  History,
  LogIn,
  MessageSquareText,
  ShieldAlert,
  Store,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '#web/lib/paths.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { PageLoading } from '#web/components/ui/page-loading.tsx';
import { AuditLog } from '#web/features/admin/components/audit-log.tsx';
import { SpacesReview } from '#web/features/admin/components/spaces-review.tsx';
import { useAuth } from '#web/lib/session/auth-context.tsx';
import { cn } from '#web/lib/cn.ts';
import { loadTextSections, useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

/** The payouts (issue 32): a chunk of its own with its texts, fetched when the section opens. */
const AdminPayouts = lazy(async () => {
  const [module] = await Promise.all([
    import('#web/features/money/components/admin-payouts.tsx'),
    loadTextSections(['money']),
  ]);
  return { default: module.AdminPayouts };
});
/** The e-invoices (issue 33): a chunk of its own with its texts, fetched when the section opens. */
const AdminInvoices = lazy(async () => {
  const [module] = await Promise.all([
    import('#web/features/admin/components/admin-invoices.tsx'),
    loadTextSections(['invoices']),
  ]);
  return { default: module.AdminInvoices };
});
/** The bookings' review: a chunk of its own, fetched when its section opens (the desk's budget). */
const BookingsReview = lazy(async () => ({
  default: (await import('#web/features/admin/components/bookings-review.tsx')).BookingsReview,
}));

/** The messages section and its texts load on their own when opened (the desk's budget). */
const MessagesDesk = lazy(async () => {
  const [module] = await Promise.all([
    import('#web/features/messages/components/messages-desk.tsx'),
    loadTextSections(['messages']),
  ]);
  return { default: module.MessagesDesk };
});

const SECTIONS = [
  { id: 'spaces', icon: Store },
  { id: 'bookings', icon: CalendarCheck },
  { id: 'payouts', icon: Banknote },
  { id: 'invoices', icon: FileText },
  { id: 'audit', icon: History },
  { id: 'messages', icon: MessageSquareText },
] as const;
type Section = (typeof SECTIONS)[number]['id'];

/** Signed out: the sign-in prompt, which comes back here afterwards. */
function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <LogIn aria-hidden className="size-10 text-brand-700" />
      <h2 className="text-2xl font-bold text-ink">{t('admin.signIn.title')}</h2>
      <p className="text-muted">{t('admin.signIn.text')}</p>
      <Button asChild size="lg">
        <Link to={`${paths.auth}?redirect=${encodeURIComponent(paths.adminDashboard)}`}>
          {t('admin.signIn.button')}
        </Link>
      </Button>
    </section>
  );
}

/** Signed in without the admin role (the server answers 403 too; this is only the courtesy). */
function NotAllowed() {
  const { t } = useTranslation();
  return (
    <section
      data-testid="not-allowed"
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <ShieldAlert aria-hidden className="size-10 text-red-700" />
      <h2 className="text-2xl font-bold text-ink">{t('admin.forbidden.title')}</h2>
      <p className="text-muted">{t('admin.forbidden.text')}</p>
      <Button asChild variant="outline">
        <Link to={paths.home}>{t('admin.forbidden.home')}</Link>
      </Button>
    </section>
  );
}

function ReviewDesk() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const section: Section = SECTIONS.some((s) => s.id === wanted) ? (wanted as Section) : 'spaces';
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <nav aria-label={t('admin.sections.label')} className="flex flex-wrap gap-2">
        {SECTIONS.map(({ id, icon: Icon }) => (
          <Link
            key={id}
            to={`?tab=${id}`}
            aria-current={section === id ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault();
              setParams({ tab: id }, { replace: true });
            }}
            className={cn(
              'inline-flex h-11 items-center gap-2 rounded-xl px-4 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              section === id
                ? 'bg-ink text-white'
                : 'border border-sand-200 bg-white text-ink hover:border-brand-500',
            )}
          >
            <Icon aria-hidden className="size-4" />
            {t(`admin.sections.${id}`)}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="admin-section-title" className="flex flex-col gap-4">
        <h2 id="admin-section-title" className="text-2xl font-bold text-ink">
          {t(`admin.sections.${section}`)}
        </h2>
        {section === 'spaces' && <SpacesReview />}
        {section === 'bookings' && (
          <Suspense fallback={<PageLoading />}>
            <BookingsReview />
          </Suspense>
        )}
        {section === 'payouts' && (
          <Suspense fallback={<PageLoading />}>
            <AdminPayouts />
          </Suspense>
        )}
        {section === 'invoices' && (
          <Suspense fallback={<PageLoading />}>
            <AdminInvoices />
          </Suspense>
        )}
        {section === 'audit' && <AuditLog />}
        {section === 'messages' && (
          <Suspense fallback={<PageLoading />}>
            <MessagesDesk />
          </Suspense>
        )}
      </section>
    </div>
  );
}

/**
 * /admin/dashboard — the review desk, guarded on the server too (docs/architecture.md: beyond
 * the first product description).
 */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  usePageMeta(t('admin.title'));
  const { user, loading, rolesLoaded, isAdmin } = useAuth();
  let body;
  if (!user && loading) body = <PageLoading />;
  else if (!user) body = <SignInPrompt />;
  else if (!rolesLoaded) body = <PageLoading />;
  else if (!isAdmin) body = <NotAllowed />;
  else body = <ReviewDesk />;
  return (
    <>
      <PageHeader title={t('admin.title')} intro={isAdmin ? t('admin.intro') : undefined} />
      {body}
    </>
  );
}
