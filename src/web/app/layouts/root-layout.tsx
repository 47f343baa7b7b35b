import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** A page's code taking longer than this shows the centred loading message. */
const LOADING_DELAY_MS = 200;

function useSlowNavigation() {
  const navigation = useNavigation();
  const loadingKey = navigation.state === 'loading' ? navigation.location.key : null;
  const [slowKey, setSlowKey] = useState<string | null>(null);
  useEffect(() => {
    if (!loadingKey) return;
    const timer = setTimeout(() => setSlowKey(loadingKey), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadingKey]);
  return loadingKey !== null && slowKey === loadingKey;
}

/** Header, page and footer around every route but /auth (spec §2); toasts live in providers.tsx. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const slow = useSlowNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('nav.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {slow ? (
          <PageLoading />
        ) : (
          // Keyed by path: each new page fades and slides in (0.5 s, none under reduced motion).
          <div key={pathname} className="page-enter flex flex-1 flex-col">
            <Outlet />
          </div>
        )}
      </main>
      <SiteFooter />
      {/* New pages start at the top; back and forward restore where the reader was. */}
      <ScrollRestoration />
    </div>
  );
}
