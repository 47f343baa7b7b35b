import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layouts/root-layout.tsx';

/** The spec's route table (§2). Pages load on demand. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../pages/home/home-page.tsx')).HomePage }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../pages/not-found/not-found-page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
]);
