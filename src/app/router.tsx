// The app's routes. Each route's screen is loaded on demand, so the first page stays small.

import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from '../components/AppLayout';
import { NotFound } from '../components/NotFound';
import { PageLoader } from '../components/PageLoader';
import { routePatterns } from '../config/paths';

export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      HydrateFallback: PageLoader,
      children: [
        { path: routePatterns.home, lazy: async () => ({ Component: (await import('./routes/HomeRoute')).default }) },
        { path: '*', Component: NotFound },
      ],
    },
  ]);
}
