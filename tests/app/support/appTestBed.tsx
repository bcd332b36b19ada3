// Renders the real app (providers, router, frame and screens) at a path in the test's DOM, against
// the local backend. Call pointAppAt() or useAppTestBed() before importing anything from src/
// (the app reads its settings when its modules load).
//
// useAppTestBed's app is one per worker: a project of its own on the backend, reached through a
// network proxy of its own. In the `components` project (vitest.config.ts) a worker keeps its
// modules from one test file to the next, so happy-dom, React, MUI and the app load once per worker
// instead of once per file, and every file of that worker meets the same app: this module, loaded
// once, hands each file the same project and proxy, and puts the project back as a file expects
// it (no documents, no rules but the file's own, nobody signed in). Elsewhere each file loads this
// module afresh and gets an app of its own.

import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { openAdminDb, type AdminDb } from '../../db/appDb';
import { createAccount, type TestAccount } from '../../support/adminAccount';
import { appEnvironment, firestoreEmulator, resetFirestore, uniqueProjectId, type HostPort } from '../../support/emulators';
import { startNetworkProxy, type NetworkProxy } from './networkProxy';
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

interface WorkerApp {
  projectId: string;
  network: NetworkProxy;
  /** The test files that have used it so far. */
  files: number;
}

let workerApp: Promise<WorkerApp> | undefined;

/** Rules that allow every request, as a project without rules does. */
const OPEN_RULES = "rules_version = '2';\nservice cloud.firestore { match /{document=**} { allow read, write: if true; } }\n";

async function startWorkerApp(): Promise<WorkerApp> {
  // The worker's files share it to the worker's end: it must not keep the worker alive.
  const network = await startNetworkProxy(firestoreEmulator(), { unref: true });
  return { projectId: pointAppAt('app', { firestore: network.address }), network, files: 0 };
}

/**
 * The set-up every app test file shares: the worker's app (its project, with Firestore reached
 * through `network`, which a test may cut off), an admin client for the file's tests, and for each
 * test an empty database, empty browser storage (local and session), a restored network and real
 * timers, unmounting what it rendered. A file after the first in its worker also starts with
 * nobody signed in and no rules in force (useSignedInAdmin puts firestore.rules back). Returns the
 * project id, the admin client's database and the network.
 */
export async function useAppTestBed() {
  const app = await (workerApp ??= startWorkerApp());
  app.files += 1;
  const { projectId, network } = app;
  const laterFile = app.files > 1;
  let admin: AdminDb | undefined;

  beforeAll(async () => {
    admin = openAdminDb(projectId);
    if (!laterFile) return;
    network.restore();
    const [{ getAppAuth }, { signOut }] = await Promise.all([import('../../../src/db/auth'), import('firebase/auth')]);
    await signOut(await getAppAuth());
    await loadFirestoreRules(projectId, OPEN_RULES);
  });

  afterAll(async () => {
    await admin?.close();
  });

  beforeEach(async () => {
    network.restore();
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
  return { projectId, adminDb, network };
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
