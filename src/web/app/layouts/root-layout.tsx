import { useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { cn } from '#web/lib/cn.ts';
import { PageLoading } from '#web/components/ui/page-loading.tsx';
import { SiteHeader } from './site-header.tsx';
import { serverRenderedPart } from '#web/lib/server-rendered-part.tsx';

// In the server's HTML, but below the fold: its code is not part of the first page's JavaScript
// (the home page's budget, docs/benchmarks.md); React hydrates it alone once it has arrived.
const SiteFooter = serverRenderedPart(() =>
  import('./site-footer.tsx').then((module) => module.SiteFooter),
);

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

/**
 * Header, page and footer around every route but /auth (docs/product-spec.md §2); toasts live in
 * providers.tsx.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const slow = useSlowNavigation();
  // The first page of a visit is not a page *change*: it shows at once, without the fade from
  // transparent that would hold back its first paint (and the page's largest image) by 0.5 s.
  const [firstPath] = useState(pathname);
  const [changed, setChanged] = useState(false);
  if (!changed && pathname !== firstPath) setChanged(true);
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
          <div key={pathname} className={cn('flex flex-1 flex-col', changed && 'page-enter')}>
            <Outlet />
          </div>
        )}
      </main>
      {/* In the pre-rendered HTML (decision 075), hydrated on its own once its code is in. */}
      <SiteFooter />
      {/* New pages start at the top; back and forward restore where the reader was. */}
      <ScrollRestoration />
    </div>
  );
}
