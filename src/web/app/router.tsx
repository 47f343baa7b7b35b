import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

/**
 * The browser's router over the route table in docs/product-spec.md (routes.tsx, shared with the
 * server).
 */
export const createAppRouter = () => createBrowserRouter(routes);
