// The app's Firestore: started once, with Firestore's persistent offline cache (shared by every
// open tab), and pointed at the local emulators when the environment says so. A provider's first
// screen does not wait for this module: it is fetched after the queue first shows
// (src/db/sharedEvent.ts). Auth is started on first use (src/db/auth.ts). The rest of the app
// uses the domain modules in src/db/.

import {
  connectFirestoreEmulator,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
} from 'firebase/firestore';
import { env } from '../config/env';
import { app } from './firebaseApp';

export const db: Firestore = initializeFirestore(app, {
  localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
});

if (env.emulators) {
  const { host, port } = env.emulators.firestore;
  connectFirestoreEmulator(db, host, port);
}
