// @vitest-environment jsdom
// A query that needs a missing composite index, through the web SDK's browser build: its
// listener (the WebChannel Listen stream) fails with failed-precondition and production's words,
// as does its count (REST runAggregationQuery), while the stream stays up for other queries.

import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import type * as FirestoreSdk from 'firebase/firestore';
import type { Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../../backend/src/server.js';

// The browser build by path: the name `firebase/firestore` resolves to the Node build (gRPC).
const browserBuild = '../../../node_modules/@firebase/firestore/dist/index.esm.js';
const {
  collection,
  connectFirestoreEmulator,
  getCountFromServer,
  initializeFirestore,
  onSnapshot,
  orderBy,
  query,
  setDoc,
  doc,
  terminate,
  where,
} = (await import(/* @vite-ignore */ browserBuild)) as typeof FirestoreSdk;

const NEEDS_INDEX =
  /^The query requires an index\. You can create it here: https:\/\/console\.firebase\.google\.com\/v1\/r\/project\/demo-index-webchannel\/firestore\/indexes\?create_composite=[A-Za-z0-9_-]+$/;

describe('index enforcement over WebChannel', () => {
  let backend: RunningBackend;
  let app: FirebaseApp;
  let db: Firestore;

  beforeAll(async () => {
    backend = await startBackend({
      firestorePort: 0,
      storagePort: 0,
      indexes: { require: true, definitions: { composites: [], overrides: [] } },
    });
    app = initializeApp({ projectId: 'demo-index-webchannel', apiKey: 'demo-key' }, 'index-webchannel');
    db = initializeFirestore(app, {});
    connectFirestoreEmulator(db, backend.host, backend.firestorePort);
    await setDoc(doc(db, 'events', 'a'), { open: true, title: 'A' });
  });

  afterAll(async () => {
    if (db) await terminate(db);
    if (app) await deleteApp(app);
    await backend?.close();
  });

  /** The first snapshot or error a listener gets. */
  const firstOutcome = (q: FirestoreSdk.Query): Promise<{ code: string; message: string } | { size: number }> =>
    new Promise((resolve) => {
      const stop = onSnapshot(
        q,
        { includeMetadataChanges: true },
        (snapshot) => {
          if (snapshot.metadata.fromCache) return;
          stop();
          resolve({ size: snapshot.size });
        },
        (err) => resolve({ code: err.code, message: err.message }),
      );
    });

  it('the listener fails with failed-precondition and the console link; the stream serves other queries', async () => {
    const events = collection(db, 'events');
    const refused = await firstOutcome(query(events, where('open', '==', true), orderBy('title', 'desc')));
    expect(refused).toMatchObject({ code: 'failed-precondition', message: expect.stringMatching(NEEDS_INDEX) });
    expect(await firstOutcome(query(events, where('open', '==', true)))).toEqual({ size: 1 });
  });

  it('a count fails the same way (REST runAggregationQuery)', async () => {
    const error = await getCountFromServer(
      query(collection(db, 'events'), where('open', '==', true), orderBy('title', 'desc')),
    ).then(
      () => null,
      (err: { code: string; message: string }) => err,
    );
    expect(error?.code).toBe('failed-precondition');
    expect(error?.message).toMatch(NEEDS_INDEX);
  });
});
