// The first screens, rendered at build time (src/lib/firstScreen.ts says why and how they are
// used; scripts/firstScreens.ts writes them into the built pages). The real screens and frame are
// rendered with the router at each path and the contexts in their first state: no event read yet,
// and a stored profile or none. Never part of the app's bundle.

import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { groupQueue } from '../../domain/queue';
import { PresentersContext, type PresentersContextValue } from '../contexts/PresentersContext';
import { UserContext, type UserContextValue } from '../contexts/UserContext';
import type { FirstScreenPage, RenderedVariant, VariantCondition } from '../lib/firstScreenVariants';
import type { Provider } from '../types/provider';
import { AppProviders } from './AppProviders';
import { routes } from './router';

interface VariantPlan extends VariantCondition {
  /** The path rendered (the redirect's target where there is one). */
  render: string;
  /** Whether the screen is rendered with a stored profile. */
  withProfile: boolean;
}

const PLANS: { file: string; variants: VariantPlan[] }[] = [
  { file: 'index.html', variants: [{ id: 'home', paths: ['/'], render: '/', withProfile: false }] },
  {
    // The spec: /presenters without a profile sends the provider to the profile form.
    file: 'presenters.html',
    variants: [
      { id: 'profile', paths: ['/presenters'], profile: false, redirect: '/profile', render: '/profile', withProfile: false },
      { id: 'queue', paths: ['/presenters'], profile: true, render: '/presenters', withProfile: true },
    ],
  },
  { file: 'profile.html', variants: [{ id: 'profile', paths: ['/profile'], render: '/profile', withProfile: false }] },
  {
    file: 'results.html',
    variants: [
      { id: 'attendee', paths: ['/results'], profile: false, render: '/results', withProfile: false },
      { id: 'provider', paths: ['/results'], profile: true, render: '/results', withProfile: true },
    ],
  },
  // An admin's kept sign-in shows the dashboard once Auth has answered; until then, no first screen.
  { file: 'events.html', variants: [{ id: 'sign-in', paths: ['/events'], admin: false, render: '/events', withProfile: false }] },
];

/** A stored profile's stand-in: the first screens show none of its fields. */
const STORED_PROFILE: Provider = {
  user_id: '',
  first_name: '',
  last_name: '',
  email: '',
  company: '',
  phone: '',
  terms_accepted: true,
};

const notInFirstScreen = () => Promise.reject(new Error('The build-time first screen cannot save.'));

function userContext(withProfile: boolean): UserContextValue {
  return {
    user: withProfile ? STORED_PROFILE : null,
    uid: null,
    saveProfile: notInFirstScreen,
    setUser: () => {},
    startSignIn: () => {},
  };
}

const EVENT_NOT_READ: PresentersContextValue = {
  event: null,
  queue: [],
  groups: groupQueue([]),
  live: null,
  completed: new Set(),
  loading: true,
  rooms: [],
  room: null,
  chooseRoom: () => {},
};

async function renderVariant({ render, withProfile, ...condition }: VariantPlan): Promise<RenderedVariant> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(render, 'http://first-screen.invalid')));
  if (context instanceof Response) throw new Error(`${render} answered ${context.status} at build time.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // In compat mode emotion collects the styles instead of writing them beside the markup.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders>
        <UserContext.Provider value={userContext(withProfile)}>
          <PresentersContext.Provider value={EVENT_NOT_READ}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </PresentersContext.Provider>
        </UserContext.Provider>
      </AppProviders>
    </CacheProvider>,
  );
  const styles = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return { ...condition, render, html, styles };
}

/** Every first screen, page by page. */
export async function renderFirstScreens(): Promise<FirstScreenPage[]> {
  const pages: FirstScreenPage[] = [];
  for (const plan of PLANS) {
    const variants: RenderedVariant[] = [];
    for (const variant of plan.variants) variants.push(await renderVariant(variant));
    pages.push({ file: plan.file, variants });
  }
  return pages;
}
