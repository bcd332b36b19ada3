// The app's Firestore: started once, with Firestore's persistent offline cache (shared by every
// open tab), and pointed at the local emulators when the environment says so. A provider's first
// screen does not wait for this module: it is fetched after the queue first shows
// (src/db/sharedEvent.ts). Auth is started on first use (src/db/auth.ts). In a production build
// with App Check, Firestore adopts it as soon as it has started (src/db/appCheck.ts; the page's
// first Lite read has usually started it already). The rest of the app uses the domain modules
// in src/db/.

import {
  connectFirestoreEmulator,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
} from 'firebase/firestore';
import { env } from '../config/env';
import { startAppCheck } from './appCheck';
import { app } from './firebaseApp';

void startAppCheck();

export const db: Firestore = initializeFirestore(app, {
  localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
});

if (env.emulators) {
  const { host, port } = env.emulators.firestore;
  connectFirestoreEmulator(db, host, port);
}
