// The app's only door to Firebase: initialises the SDK once, with Firestore's persistent
// offline cache (shared by every open tab), and points it at the local emulators when the
// environment says so. The rest of the app uses the domain modules in src/db/.

import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import {
  connectFirestoreEmulator,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
} from 'firebase/firestore';
import { env } from '../config/env';

export const app: FirebaseApp = initializeApp(env.firebase);

export const db: Firestore = initializeFirestore(app, {
  localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
});

// Providers sign in anonymously and admins with e-mail and password: no popup or redirect
// sign-in, so Auth starts without its popup/redirect resolver (smaller first load).
export const auth: Auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (env.emulators) {
  const { firestore, auth: authHost } = env.emulators;
  connectFirestoreEmulator(db, firestore.host, firestore.port);
  connectAuthEmulator(auth, `http://${authHost.host}:${authHost.port}`, { disableWarnings: true });
}
