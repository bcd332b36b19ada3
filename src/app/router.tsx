// The app's routes. Each screen is loaded on demand, so a provider's first page carries only the
// frame and that page's code; the admin screens come with a frame of their own, which shows the
// sign-in form to anyone but an admin, and their code only once an admin is signed in. A screen
// whose code fails to load reloads the page once (src/app/staleCode.ts).

import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/AppLayout';
import { NotFound } from '../components/NotFound';
import { PageLoader } from '../components/PageLoader';
import { routePatterns } from '../config/paths';
import { readAdminSession } from '../lib/browserStorage';
import { followNavigations, loadCode } from './staleCode';

/** A screen loaded on demand; code that fails to load reloads the page once (src/app/staleCode.ts). */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await loadCode(load)).default,
});

/**
 * An admin screen: the admin frame renders it only for a signed-in admin, so its code (the full
 * Firestore SDK, the dashboard's dialogs) is fetched when an admin is in, not with the sign-in
 * form: as the form is submitted (the handle's fetchScreen, which the frame calls, so the code
 * comes while Auth checks the password), or at once in a browser that kept an admin's sign-in.
 */
const adminScreen = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy' | 'handle'> => {
  const Screen = lazy(() => loadCode(load));
  function AdminScreen() {
    return (
      <Suspense fallback={<PageLoader />}>
        <Screen />
      </Suspense>
    );
  }
  const fetchScreen = () => void loadCode(load);
  return {
    handle: { fetchScreen },
    lazy: async () => {
      if (typeof window !== 'undefined' && readAdminSession(window.localStorage)) fetchScreen();
      return { Component: AdminScreen };
    },
  };
};

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
      { path: routePatterns.meetings, lazy: screen(() => import('./routes/MeetingsRoute')) },
      { path: '*', Component: NotFound },
    ],
  },
  {
    // Admin screens: their own frame and code, loaded only when an admin route opens.
    HydrateFallback: PageLoader,
    lazy: screen(() => import('./routes/AdminRoute')),
    children: [
      { path: routePatterns.events, ...adminScreen(() => import('./routes/EventsRoute')) },
      { path: routePatterns.event, ...adminScreen(() => import('./routes/EventRoute')) },
      { path: routePatterns.insights, ...adminScreen(() => import('./routes/InsightsRoute')) },
      { path: routePatterns.invite, ...adminScreen(() => import('./routes/InviteRoute')) },
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
