// The app's only door to Firebase: initialises the SDK once, with Firestore's persistent
// offline cache (shared by every open tab), and points it at the local emulators when the
// environment says so. The rest of the app uses the domain modules in src/db/.

import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
} from 'firebase/firestore';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { env } from '../config/env';

export const app: FirebaseApp = initializeApp(env.firebase);

export const db: Firestore = initializeFirestore(app, {
  localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
});

export const auth: Auth = getAuth(app);

export const storage: FirebaseStorage = getStorage(app);

if (env.emulators) {
  const { firestore, auth: authHost, storage: storageHost } = env.emulators;
  connectFirestoreEmulator(db, firestore.host, firestore.port);
  connectAuthEmulator(auth, `http://${authHost.host}:${authHost.port}`, { disableWarnings: true });
  connectStorageEmulator(storage, storageHost.host, storageHost.port);
}
