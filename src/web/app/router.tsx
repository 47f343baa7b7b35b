import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** `lazy` for a page module: each page is its own chunk, loaded on demand (spec §2). */
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const notFound = page(() => import('../pages/not-found/not-found-page.tsx'));

/** The spec's route table (§2). /auth stands alone; every other route shares the layout. */
export const routes: RouteObject[] = [
  {
    path: '/auth',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    ...page(() => import('../pages/auth/auth-page.tsx')),
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      { index: true, ...page(() => import('../pages/home/home-page.tsx')) },
      {
        path: 'how-it-works',
        ...page(() => import('../pages/how-it-works/how-it-works-page.tsx')),
      },
      {
        path: 'explore-spaces',
        ...page(() => import('../pages/explore-spaces/explore-spaces-page.tsx')),
      },
      { path: 'space/:spaceId', ...page(() => import('../pages/space/space-page.tsx')) },
      {
        path: 'host-with-us',
        ...page(() => import('../pages/host-with-us/host-with-us-page.tsx')),
      },
      {
        path: 'list-your-space',
        ...page(() => import('../pages/list-your-space/list-your-space-page.tsx')),
      },
      { path: 'contact', ...page(() => import('../pages/contact/contact-page.tsx')) },
      { path: 'faq', ...page(() => import('../pages/faq/faq-page.tsx')) },
      { path: 'account', ...page(() => import('../pages/account/account-page.tsx')) },
      {
        path: 'admin/dashboard',
        ...page(() => import('../pages/admin-dashboard/admin-dashboard-page.tsx')),
      },
      // Placeholders in the spec: they show the not-found page.
      { path: 'about', ...notFound },
      { path: 'terms', ...notFound },
      { path: 'privacy', ...notFound },
      { path: '*', ...notFound },
    ],
  },
];

export const router = createBrowserRouter(routes);
