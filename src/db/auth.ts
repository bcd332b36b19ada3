// Firebase Auth, loaded on first use instead of with the app: a provider's first screen (the
// queue, from the event document anyone may read: firestore.rules) shows without it, and its code
// comes after that first paint (docs/performance.md). Firestore finds Auth
// through the app's component registry once it starts, and from then on its requests carry the
// signed-in user's token. In a production build with App Check, Auth starts after it
// (src/db/appCheck.ts), so its requests carry App Check's token too.

import type { Auth } from 'firebase/auth';
import { env } from '../config/env';
import { startAppCheck } from './appCheck';
import { app } from './firebaseApp';

let loading: Promise<Auth> | null = null;
let started: Auth | null = null;

/** The app's Auth instance: its code is fetched, and Auth started (on the emulator when configured), on the first call. */
export function getAppAuth(): Promise<Auth> {
  // Destructured in the callback's parameter, so that the build keeps only these of Auth's exports.
  loading ??= import('firebase/auth').then(
    async ({ browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth }) => {
      await startAppCheck();
      // Providers sign in anonymously and admins with e-mail and password: no popup or redirect
      // sign-in, so Auth starts without its popup/redirect resolver (less code to fetch).
      const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
      if (env.emulators) {
        const { host, port } = env.emulators.auth;
        connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true });
      }
      started = auth;
      return auth;
    },
    (error: unknown) => {
      // Fetching the code failed (offline on a first visit): the next call tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The app's Auth instance if getAppAuth() has started it, else null (then nobody has signed in on this page yet). */
export function startedAuth(): Auth | null {
  return started;
}
