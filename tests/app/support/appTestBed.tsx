// Renders the real app (providers, router, frame and screens) at a path in jsdom, against the
// local backend on a project of the test file's own. Call pointAppAt() before importing anything
// from src/ (the app reads its settings when its modules load).

import { render, screen, waitFor } from '@testing-library/react';
import { authEmulator, firestoreEmulator, storageEmulator, uniqueProjectId, type HostPort } from '../../support/emulators';

const address = ({ host, port }: HostPort) => `${host}:${port}`;

/**
 * Sets the app's VITE_* settings for this test file (Firestore and Auth may go through a
 * networkProxy); returns the project id.
 */
export function pointAppAt(
  label: string,
  { firestore = firestoreEmulator(), auth = authEmulator() }: { firestore?: HostPort; auth?: HostPort } = {},
): string {
  const projectId = uniqueProjectId(label);
  Object.assign(process.env, {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIRESTORE_EMULATOR_HOST: address(firestore),
    VITE_AUTH_EMULATOR_HOST: address(auth),
    VITE_STORAGE_EMULATOR_HOST: address(storageEmulator()),
  });
  return projectId;
}

/** Renders the whole app at `path` with an in-memory history, once the route's code is in. */
export async function renderApp(path: string) {
  // One at a time: Node 20 can trip over modules loaded concurrently through import and require.
  const { createMemoryRouter, RouterProvider } = await import('react-router-dom');
  const { routes } = await import('../../../src/app/router');
  const { AppProviders } = await import('../../../src/app/AppProviders');
  const { UserProvider } = await import('../../../src/contexts/UserContext');
  const { PresentersProvider } = await import('../../../src/contexts/PresentersContext');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <UserProvider>
        <PresentersProvider>
          <RouterProvider router={router} />
        </PresentersProvider>
      </UserProvider>
    </AppProviders>,
  );
  // The first screen's code loads on demand: wait until the router has it.
  await waitFor(() => {
    if (!router.state.initialized || !document.querySelector('main')) throw new Error('The route is still loading.');
  });
  return { ...view, router, location: () => router.state.location.pathname };
}

/** A profile as the browser keeps it, so the app starts with a current user. */
export function storeProfile(profile: Partial<Record<string, string | boolean>> = {}): void {
  window.localStorage.setItem(
    'profile',
    JSON.stringify({
      user_id: '',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      company: 'Navy Labs',
      phone: '',
      terms_accepted: true,
      ...profile,
    }),
  );
}


const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A card's accessible name read out as its parts with commas between them (the cards put
 * screen-reader-only separators there; engines differ in the spaces around them).
 */
export function spoken(...parts: string[]): RegExp {
  return new RegExp(`^${parts.map(escapeRegExp).join('\\s*,\\s*')}$`);
}

export { screen };
