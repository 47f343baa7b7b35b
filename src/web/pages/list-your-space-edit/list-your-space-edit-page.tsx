import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { HostSpace } from '#shared/schemas/space-edit.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { usePublicConfig } from '#web/features/config/api/get-public-config.ts';
import { getMySpace } from '#web/features/listing/api/edit-space.ts';
import { EditWizard } from '#web/features/listing/components/edit-wizard.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { useAuth } from '#web/lib/session/auth-context.tsx';
import type { Locale } from '#shared/constants.ts';
import { wizardStepCount } from '#web/features/listing/components/wizard-step-table.ts';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; space: HostSpace };

/**
 * /list-your-space/:spaceId/edit — the host's own listing in the same wizard, prefilled from
 * GET /api/me/spaces/:id and saved with PATCH (what goes live at once and what waits for review
 * is the server's rule, docs/decisions/029).
 */
export default function ListYourSpaceEditPage() {
  const { t, i18n } = useTranslation();
  const steps = wizardStepCount(i18n.language as Locale);
  usePageMeta(t('listingEdit.title'), t('listSpace.meta.description', { steps }));
  const { spaceId = '' } = useParams();
  const { user, loading } = useAuth();
  const config = usePublicConfig();
  const [state, setState] = useState<State>({ status: 'loading' });
  const signInHref = `${paths.auth}?redirect=${encodeURIComponent(paths.editListing(spaceId))}`;

  useEffect(() => {
    if (!user) return;
    const controller = new AbortController();
    getMySpace(spaceId, controller.signal).then(
      (space) => setState({ status: 'ready', space }),
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [spaceId, user]);

  return (
    <>
      <PageHeader title={t('listingEdit.title')} />
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
        {!loading && !user ? (
          <Link to={signInHref} className={buttonVariants({ variant: 'primary' })}>
            {t('auth.prompt.list')}
          </Link>
        ) : state.status === 'ready' ? (
          <EditWizard
            space={state.space}
            signInHref={signInHref}
            translationOn={config?.translation ?? false}
            doneHref={paths.account}
          />
        ) : state.status === 'failed' ? (
          <div className="flex flex-col items-start gap-4">
            <p role="alert" className="text-red-800">
              {t('listingEdit.loadError')}
            </p>
            <Link to={paths.account} className={buttonVariants({ variant: 'outline' })}>
              {t('listingEdit.backToSpaces')}
            </Link>
          </div>
        ) : (
          <div role="status" aria-busy className="min-h-[50vh]">
            <span className="sr-only">{t('listingEdit.loading')}</span>
          </div>
        )}
      </div>
    </>
  );
}
