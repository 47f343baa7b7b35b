import { Link } from 'react-router';
import { paths } from '#web/lib/paths.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { useAuth } from '#web/lib/session/auth-context.tsx';
import { usePublicConfig } from '#web/features/config/api/get-public-config.ts';
import { ListingWizard } from '#web/features/listing/components/listing-wizard.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import type { Locale } from '#shared/constants.ts';
import { wizardStepCount } from '#web/features/listing/components/wizard-step-table.ts';

const SIGN_IN_HREF = `${paths.auth}?prompt=list&redirect=${encodeURIComponent(paths.newListing)}`;

/**
 * /list-your-space/new — the listing wizard. Anyone may start filling it in; images and
 * submitting need an account, and the draft survives the sign-in detour (/auth?redirect=…).
 */
export default function ListYourSpaceNewPage() {
  const { t, i18n } = useTranslation();
  const steps = wizardStepCount(i18n.language as Locale);
  usePageMeta(t('listSpace.title'), t('listSpace.meta.description', { steps }));
  const { user, loading } = useAuth();
  const config = usePublicConfig();

  return (
    <>
      <PageHeader title={t('listSpace.title')} intro={t('listSpace.intro', { steps })}>
        {!loading && !user && (
          <p className="max-w-2xl rounded-xl bg-gold-400/25 p-3 text-sm font-semibold text-brand-900">
            {t('listSpace.signIn.banner')}{' '}
            <Link to={SIGN_IN_HREF} className="underline underline-offset-4">
              {t('auth.prompt.list')}
            </Link>
          </p>
        )}
      </PageHeader>
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
        {loading && !user ? (
          // The session is being asked for (a moment): the wizard waits to know who is here.
          <div role="status" aria-busy className="min-h-[50vh]" />
        ) : (
          <ListingWizard
            key={user?.id ?? 'visitor'}
            signedIn={Boolean(user)}
            signInHref={SIGN_IN_HREF}
            translationOn={config?.translation ?? false}
            userEmail={user?.email ?? undefined}
          />
        )}
      </div>
    </>
  );
}
