// Firestore Lite, the firebase SDK's REST build: one-off reads without the full SDK's code (its
// live listeners and offline cache are most of it). A provider's queue first shows from it
// (src/db/sharedEvent.ts), and the session results read through it (src/db/finalMatches.ts), so
// neither a first screen nor an attendee's results fetch the full SDK. Its requests carry the
// signed-in user's token once Auth has started, as the full SDK's do, and, in a production build
// with App Check, its token: the instance is handed out once App Check has started
// (src/db/appCheck.ts), so no read goes without it.

import { collection, connectFirestoreEmulator, getDocs, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { env } from '../config/env';
import type { Event } from '../types/event';
import { startAppCheck } from './appCheck';
import { eventFromData } from './eventData';
import { app } from './firebaseApp';

let lite: Firestore | null = null;

/** The app's Firestore Lite, once App Check has started (at once without it). */
export async function liteDb(): Promise<Firestore> {
  await startAppCheck();
  if (lite) return lite;
  lite = getFirestore(app);
  if (env.emulators) {
    const { host, port } = env.emulators.firestore;
    connectFirestoreEmulator(lite, host, port);
  }
  return lite;
}

/** Every event as the server has it now, read once. */
export async function readEventsOnce(): Promise<Event[]> {
  const snapshot = await getDocs(collection(await liteDb(), 'events'));
  return snapshot.docs.map((document) => eventFromData(document.id, document.data()));
}
