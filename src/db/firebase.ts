// The app's Firestore: started once, with Firestore's persistent offline cache (shared by every
// open tab), and pointed at the local emulators when the environment says so. A provider's first
// screen does not wait for this module: it is fetched after the queue first shows
// (src/db/sharedEvent.ts). Auth is started on first use (src/db/auth.ts). In a production build
// with App Check, Firestore adopts it as soon as it has started (src/db/appCheck.ts; the page's
// first Lite read has usually started it already). The rest of the app uses the domain modules
// in src/db/.
//
// The cache's tabs take turns: one holds its lease (for as long as it renews it every few
// seconds) and serves every tab's listeners and writes, with its own sign-in. A tab that had
// never started Auth (the room display, the queue) would serve them as nobody, and the rules
// would turn away the admin's grid in the next tab the moment that tab missed a renewal (a long
// task, or a background tab's slowed timers). So every tab with Firestore starts Auth, which
// follows the browser's signed-in user, once it has a moment to spare.

import {
  connectFirestoreEmulator,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
} from 'firebase/firestore';
import { timings } from '../config/constants';
import { env } from '../config/env';
import { whenIdle } from '../lib/whenIdle';
import { startAppCheck } from './appCheck';
import { getAppAuth } from './auth';
import { app } from './firebaseApp';

void startAppCheck();

export const db: Firestore = initializeFirestore(app, {
  localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
});

if (env.emulators) {
  const { host, port } = env.emulators.firestore;
  connectFirestoreEmulator(db, host, port);
}

// Only in a browser: in Node (the db layer's tests, the rehearsal's SDK providers) the cache is
// in memory, one per process, and there is no window to be idle.
if (typeof window !== 'undefined') {
  whenIdle(() => {
    // Offline on a first visit Auth's code cannot be fetched: the next read or save that needs a
    // sign-in (src/db/session.ts) fetches it again.
    getAppAuth().catch(() => undefined);
  }, timings.backgroundStartMaxMs);
}
