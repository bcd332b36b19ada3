// Renders the real app (providers, router, frame and screens) at a path in the test's DOM, against
// the local backend on a project of the test file's own. Call pointAppAt() or useAppTestBed()
// before importing anything from src/ (the app reads its settings when its modules load).

import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { openAdminDb, type AdminDb } from '../../db/appDb';
import { createAccount, type TestAccount } from '../../support/adminAccount';
import { appEnvironment, resetFirestore, uniqueProjectId, type HostPort } from '../../support/emulators';
import type { NetworkProxy } from './networkProxy';
import { storedGrace } from '../../support/fixtures';
import { loadFirestoreRules } from '../../support/projectRules';

// What a screen shows is waited for up to 10 s, not Testing Library's 1 s: on a busy machine (CI,
// two shared cores) a save and its snapshot can take longer. A wait ends as soon as it passes, so
// the bound costs nothing when all is well.
configure({ asyncUtilTimeout: 10_000 });

/**
 * Sets the app's VITE_* settings for this test file (Firestore and Auth may go through a
 * networkProxy); returns the project id.
 */
export function pointAppAt(label: string, hosts: { firestore?: HostPort; auth?: HostPort } = {}): string {
  const projectId = uniqueProjectId(label);
  appEnvironment(projectId, hosts);
  return projectId;
}

/**
 * The set-up every app test file shares: points the app at a project of its own (Firestore
 * through `network` when given), opens an admin client for the file's tests, and gives each test
 * an empty database, empty browser storage (local and session), a restored network and real timers, unmounting what
 * it rendered. Returns the project id and the admin client's database.
 */
export function useAppTestBed(label: string, { network }: { network?: NetworkProxy } = {}) {
  const projectId = pointAppAt(label, network ? { firestore: network.address } : {});
  let admin: AdminDb | undefined;

  beforeAll(() => {
    admin = openAdminDb(projectId);
  });

  afterAll(async () => {
    await admin?.close();
    await network?.close();
  });

  beforeEach(async () => {
    network?.restore();
    await resetFirestore(projectId);
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const adminDb = (): Firestore => {
    if (!admin) throw new Error('The admin client opens when the tests start.');
    return admin.db;
  };
  return { projectId, adminDb };
}

/**
 * An admin for the test file's tests, on a project with firestore.rules in force: loads the rules
 * and creates the account before all tests, then signs the app in as the admin before each test
 * and out after each (`each`), or once before all tests and out after all. Call it after
 * useAppTestBed(); returns the account's getter.
 */
export function useSignedInAdmin(projectId: string, { each }: { each: boolean }): () => TestAccount {
  let account: TestAccount | undefined;

  // The app's modules read their settings when they load: only once the tests run.
  const signIn = async () => {
    const auth = await (await import('../../../src/db/auth')).getAppAuth();
    const { signInWithEmailAndPassword } = await import('firebase/auth');
    await signInWithEmailAndPassword(auth, adminAccount().email, adminAccount().password);
  };
  const signOut = async () => {
    const auth = await (await import('../../../src/db/auth')).getAppAuth();
    const firebaseAuth = await import('firebase/auth');
    await firebaseAuth.signOut(auth);
  };

  beforeAll(async () => {
    await loadFirestoreRules(projectId);
    account = await createAccount(projectId);
    if (!each) await signIn();
  });
  if (each) {
    beforeEach(signIn);
    afterEach(signOut);
  } else {
    afterAll(signOut);
  }

  const adminAccount = (): TestAccount => {
    if (!account) throw new Error('The admin account is created when the tests start.');
    return account;
  };
  return adminAccount;
}

/** Renders the whole app at `path` with an in-memory history, once the route's code is in. */
export async function renderApp(path: string) {
  // One at a time: Node 20 can trip over modules loaded concurrently through import and require.
  const { createMemoryRouter } = await import('react-router-dom');
  const { routes } = await import('../../../src/app/router');
  const { AppTree } = await import('../../../src/app/App');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<AppTree router={router} />);
  // The first screen's code loads on demand: wait until the router has it (the first render of a
  // file transforms the route's modules, which takes seconds on a busy machine; an admin route
  // also waits for the kept sign-in).
  await waitFor(
    () => {
      if (!router.state.initialized || !document.querySelector('main')) throw new Error('The route is still loading.');
    },
    { timeout: 20_000 },
  );
  return { ...view, router, location: () => router.state.location.pathname };
}

/**
 * The events dashboard alone at /events, in the app's providers, its cards linking to a stand-in
 * for the event's control page; with a user to drive it.
 */
export async function renderEventsDashboard(userOptions: Parameters<typeof userEvent.setup>[0] = {}) {
  const { createMemoryRouter, RouterProvider } = await import('react-router-dom');
  const { AppProviders } = await import('../../../src/app/AppProviders');
  const { EventsDashboard } = await import('../../../src/features/events/EventsDashboard');
  const router = createMemoryRouter(
    [
      { path: '/events', element: <EventsDashboard /> },
      { path: '/events/:eventId', element: <p>Event control</p> },
    ],
    { initialEntries: ['/events'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup(userOptions) };
}

/** A profile as the browser keeps it, so the app starts with a current user. */
export function storeProfile(profile: Partial<Record<string, string | boolean>> = {}): void {
  window.localStorage.setItem('profile', JSON.stringify({ ...storedGrace(''), ...profile }));
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
