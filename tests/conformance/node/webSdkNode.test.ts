// The Node build of the web SDK (firebase/firestore) speaks gRPC too: its writes go through the
// Write stream and its reads and listeners through Listen.

import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getDoc,
  increment,
  initializeFirestore,
  onSnapshot,
  runTransaction,
  setDoc,
  terminate,
  updateDoc,
  writeBatch,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestoreEmulator } from '../../support/emulators.js';
import { openAdminFirestore, SnapshotQueue, type AdminFirestore } from './adminFirestore.js';

describe('web SDK (Node build) over gRPC', () => {
  let admin: AdminFirestore;
  let app: FirebaseApp;
  let db: Firestore;

  beforeAll(async () => {
    // Starts a server when the runner did not name one, and gives the file its own project.
    admin = await openAdminFirestore('web-node');
    app = initializeApp({ projectId: admin.projectId, apiKey: 'fake-key' }, `web-node-${admin.projectId}`);
    db = initializeFirestore(app, {});
    const { host, port } = firestoreEmulator();
    connectFirestoreEmulator(db, host, port, { mockUserToken: 'owner' });
  });

  afterAll(async () => {
    if (db) await terminate(db);
    if (app) await deleteApp(app);
    await admin?.close();
  });

  it('writes through the Write stream and reads back through Listen', async () => {
    const ref = doc(db, admin.collectionName('web'), 'd');
    await setDoc(ref, { v: 1, tags: ['a'] });
    await updateDoc(ref, { v: increment(2) });
    const snap = await getDoc(ref);
    expect(snap.data()).toEqual({ v: 3, tags: ['a'] });
    expect((await admin.db.doc(ref.path).get()).data()).toEqual({ v: 3, tags: ['a'] });
  });

  it('commits batches and transactions', async () => {
    const col = admin.collectionName('web-batch');
    const batch = writeBatch(db);
    batch.set(doc(db, col, 'a'), { n: 1 });
    batch.set(doc(db, col, 'b'), { n: 2 });
    await batch.commit();
    const total = await runTransaction(db, async (tx) => {
      const [a, b] = [await tx.get(doc(db, col, 'a')), await tx.get(doc(db, col, 'b'))];
      const sum = (a.get('n') as number) + (b.get('n') as number);
      tx.set(doc(db, col, 'sum'), { sum });
      return sum;
    });
    expect(total).toBe(3);
    expect((await admin.db.doc(`${col}/sum`).get()).get('sum')).toBe(3);
  });

  it('sees changes made by another client in a listener', async () => {
    const ref = doc(db, admin.collectionName('web-listen'), 'd');
    const snapshots = new SnapshotQueue<DocumentSnapshot>();
    const stop = onSnapshot(ref, snapshots.push, snapshots.fail);
    try {
      let snap = await snapshots.next();
      while (snap.metadata.fromCache) snap = await snapshots.next();
      expect(snap.exists()).toBe(false);
      await admin.db.doc(ref.path).set({ by: 'admin' });
      let next = await snapshots.next();
      while (!next.exists()) next = await snapshots.next();
      expect(next.data()).toEqual({ by: 'admin' });
    } finally {
      stop();
    }
  });
});
