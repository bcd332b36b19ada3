// The app's routes. Each screen is loaded on demand, so a provider's first page carries only the
// frame and that page's code; the admin screens come with a frame of their own.

import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/AppLayout';
import { NotFound } from '../components/NotFound';
import { PageLoader } from '../components/PageLoader';
import { routePatterns } from '../config/paths';

export const routes: RouteObject[] = [
  {
    path: routePatterns.welcome,
    HydrateFallback: PageLoader,
    lazy: async () => ({ Component: (await import('./routes/WelcomeRoute')).default }),
  },
  {
    // The room display for the projector: public, outside the providers' frame and the admin frame.
    path: routePatterns.screen,
    HydrateFallback: PageLoader,
    lazy: async () => ({ Component: (await import('./routes/RoomDisplayRoute')).default }),
  },
  {
    element: <AppLayout />,
    HydrateFallback: PageLoader,
    children: [
      { path: routePatterns.home, lazy: async () => ({ Component: (await import('./routes/HomeRoute')).default }) },
      { path: routePatterns.profile, lazy: async () => ({ Component: (await import('./routes/ProfileRoute')).default }) },
      { path: routePatterns.presenters, lazy: async () => ({ Component: (await import('./routes/PresentersRoute')).default }) },
      { path: routePatterns.questions, lazy: async () => ({ Component: (await import('./routes/QuestionsRoute')).default }) },
      { path: routePatterns.results, lazy: async () => ({ Component: (await import('./routes/ResultsRoute')).default }) },
      { path: routePatterns.match, lazy: async () => ({ Component: (await import('./routes/MatchRoute')).default }) },
      { path: routePatterns.signup, lazy: async () => ({ Component: (await import('./routes/SignupRoute')).default }) },
      { path: routePatterns.feedback, lazy: async () => ({ Component: (await import('./routes/FeedbackRoute')).default }) },
      { path: routePatterns.join, lazy: async () => ({ Component: (await import('./routes/JoinRoute')).default }) },
      { path: '*', Component: NotFound },
    ],
  },
  {
    // Admin screens: their own frame and code, loaded only when an admin route opens.
    HydrateFallback: PageLoader,
    lazy: async () => ({ Component: (await import('./routes/AdminRoute')).default }),
    children: [
      { path: routePatterns.events, lazy: async () => ({ Component: (await import('./routes/EventsRoute')).default }) },
      { path: routePatterns.event, lazy: async () => ({ Component: (await import('./routes/EventRoute')).default }) },
      { path: routePatterns.insights, lazy: async () => ({ Component: (await import('./routes/InsightsRoute')).default }) },
      { path: routePatterns.invite, lazy: async () => ({ Component: (await import('./routes/InviteRoute')).default }) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/** Resolves once the router has the current route's code (its lazy modules) and can render it. */
export function routeReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
