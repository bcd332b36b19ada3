// The app's only door to Firebase: initialises the SDK once, with Firestore's persistent
// offline cache (shared by every open tab), and points it at the local emulators when the
// environment says so. Auth is started on first use (src/db/auth.ts). The rest of the app uses
// the domain modules in src/db/.

import { initializeApp, type FirebaseApp } from 'firebase/app';
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

if (env.emulators) {
  const { host, port } = env.emulators.firestore;
  connectFirestoreEmulator(db, host, port);
}
