// The app's routes. Each screen is loaded on demand, so a provider's first page carries only the
// frame and that page's code; the admin screens come with a frame of their own. A screen whose
// code fails to load reloads the page once (src/app/staleCode.ts).

import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/AppLayout';
import { NotFound } from '../components/NotFound';
import { PageLoader } from '../components/PageLoader';
import { routePatterns } from '../config/paths';
import { followNavigations, loadCode } from './staleCode';

/** A screen loaded on demand; code that fails to load reloads the page once (src/app/staleCode.ts). */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await loadCode(load)).default,
});

export const routes: RouteObject[] = [
  {
    path: routePatterns.welcome,
    HydrateFallback: PageLoader,
    lazy: screen(() => import('./routes/WelcomeRoute')),
  },
  {
    // The room display for the projector: public, outside the providers' frame and the admin frame.
    path: routePatterns.screen,
    HydrateFallback: PageLoader,
    lazy: screen(() => import('./routes/RoomDisplayRoute')),
  },
  {
    element: <AppLayout />,
    HydrateFallback: PageLoader,
    children: [
      { path: routePatterns.home, lazy: screen(() => import('./routes/HomeRoute')) },
      { path: routePatterns.profile, lazy: screen(() => import('./routes/ProfileRoute')) },
      { path: routePatterns.presenters, lazy: screen(() => import('./routes/PresentersRoute')) },
      { path: routePatterns.questions, lazy: screen(() => import('./routes/QuestionsRoute')) },
      { path: routePatterns.results, lazy: screen(() => import('./routes/ResultsRoute')) },
      { path: routePatterns.match, lazy: screen(() => import('./routes/MatchRoute')) },
      { path: routePatterns.signup, lazy: screen(() => import('./routes/SignupRoute')) },
      { path: routePatterns.feedback, lazy: screen(() => import('./routes/FeedbackRoute')) },
      { path: routePatterns.join, lazy: screen(() => import('./routes/JoinRoute')) },
      { path: '*', Component: NotFound },
    ],
  },
  {
    // Admin screens: their own frame and code, loaded only when an admin route opens.
    HydrateFallback: PageLoader,
    lazy: screen(() => import('./routes/AdminRoute')),
    children: [
      { path: routePatterns.events, lazy: screen(() => import('./routes/EventsRoute')) },
      { path: routePatterns.event, lazy: screen(() => import('./routes/EventRoute')) },
      { path: routePatterns.insights, lazy: screen(() => import('./routes/InsightsRoute')) },
      { path: routePatterns.invite, lazy: screen(() => import('./routes/InviteRoute')) },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  // A screen whose code fails to load is reloaded at the address the visitor was going to.
  followNavigations(() => {
    const location = router.state.navigation.location;
    return location ? `${location.pathname}${location.search}${location.hash}` : undefined;
  });
  return router;
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
