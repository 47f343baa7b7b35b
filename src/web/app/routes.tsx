import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { loadTextSections, type TextSection } from '../lib/i18n.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * `lazy` for a page module: each page is its own chunk, loaded on demand (docs/product-spec.md §2),
 * together with the text sections it reads (fetched in parallel with the code, not after it).
 */
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
  sections: TextSection[] = [],
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), loadTextSections(sections)]);
    return { Component: module.default };
  },
});

const notFound = page(() => import('../pages/not-found/not-found-page.tsx'));

/**
 * The route table in docs/product-spec.md §2. /auth stands alone; every other route shares the
 * layout.
 */
export const routes: RouteObject[] = [
  {
    path: '/auth',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    ...page(() => import('../pages/auth/auth-page.tsx'), ['auth']),
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      { index: true, ...page(() => import('../pages/home/home-page.tsx')) },
      {
        path: 'how-it-works',
        ...page(() => import('../pages/how-it-works/how-it-works-page.tsx'), ['how-it-works']),
      },
      {
        id: 'explore-spaces',
        path: 'explore-spaces',
        // The loader fetches the results while the page's code downloads (issue 5, speed). Its
        // module is a tiny chunk of its own (the home page's budget has no room for it), asked
        // for beside the page's chunk, which needs it too.
        loader: async (args) =>
          (await import('../features/spaces/api/search-spaces.ts')).exploreLoader(args),
        ...page(
          () => import('../pages/explore-spaces/explore-spaces-page.tsx'),
          ['spaces', 'date-picker', 'reviews'],
        ),
      },
      {
        id: 'space',
        path: 'space/:spaceId',
        loader: async (args) =>
          (await import('../features/spaces/api/get-space.ts')).spaceLoader(args, async (id) =>
            (await import('../features/reviews/api/get-space-reviews.ts')).getSpaceReviews(id),
          ),
        ...page(
          () => import('../pages/space/space-page.tsx'),
          ['spaces', 'booking', 'date-picker', 'messages'],
        ),
      },
      {
        path: 'host-with-us',
        ...page(() => import('../pages/host-with-us/host-with-us-page.tsx'), ['host-with-us']),
      },
      {
        path: 'list-your-space',
        ...page(
          () => import('../pages/list-your-space/list-your-space-page.tsx'),
          ['list-your-space'],
        ),
      },
      {
        path: 'list-your-space/new',
        ...page(
          () => import('../pages/list-your-space-new/list-your-space-new-page.tsx'),
          ['listing'],
        ),
      },
      {
        path: 'list-your-space/:spaceId/edit',
        ...page(
          () => import('../pages/list-your-space-edit/list-your-space-edit-page.tsx'),
          ['listing', 'listing-edit'],
        ),
      },
      { path: 'contact', ...page(() => import('../pages/contact/contact-page.tsx'), ['contact']) },
      { path: 'faq', ...page(() => import('../pages/faq/faq-page.tsx'), ['faq']) },
      {
        path: 'reset-password',
        ...page(() => import('../pages/reset-password/reset-password-page.tsx'), ['auth']),
      },
      {
        path: 'account/confirm-email',
        ...page(() => import('../pages/confirm-email/confirm-email-page.tsx'), ['account', 'auth']),
      },
      {
        path: 'account',
        ...page(
          () => import('../pages/account/account-page.tsx'),
          ['account', 'auth', 'booking', 'date-picker', 'reviews'],
        ),
      },
      {
        path: 'messages',
        ...page(() => import('../pages/messages/messages-page.tsx'), ['messages']),
      },
      {
        path: 'messages/:conversationId',
        ...page(() => import('../pages/conversation/conversation-page.tsx'), ['messages']),
      },
      {
        path: 'admin/dashboard',
        ...page(() => import('../pages/admin-dashboard/admin-dashboard-page.tsx'), ['admin']),
      },
      // The business's own pages (issue 38): Markdown in content/pages/, pre-rendered.
      ...(['about', 'terms', 'privacy'] as const).map((name) => ({
        id: name,
        path: name,
        loader: async (args: LoaderFunctionArgs) =>
          (await import('../features/pages/api/get-content-page.ts')).contentPageLoader(name)(args),
        ...page(() => import('../pages/legal/legal-page.tsx')),
      })),
      { path: '*', ...notFound },
    ],
  },
];
