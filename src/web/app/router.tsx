import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

/** The browser's router over the spec's route table (routes.tsx, shared with the server). */
export const createAppRouter = () => createBrowserRouter(routes);
