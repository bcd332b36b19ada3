// A listener of the web SDK (Node build, gRPC) that goes offline and back: it resumes with its
// token and is sent only what changed meanwhile, billed as Firestore bills it. Runs its own
// backend (in memory, on loopback) to read the engine's count of billed document reads.

import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  disableNetwork,
  enableNetwork,
  initializeFirestore,
  onSnapshot,
  setDoc,
  doc,
  terminate,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../backend/src/authz/identity.js';
import type { RunningBackend } from '../../../backend/src/server.js';
import type { Write } from '../../../backend/src/firestore/types.js';
import { startCountedBackend, type CountedBackend } from '../../support/countedBackend.js';
import { uniqueProjectId } from '../../support/emulators.js';

interface QueueState {
  /** id → n, as the listener last saw them. */
  docs: Record<string, number>;
  fromCache: boolean;
}

describe('a web SDK listener (Node, gRPC) resumed after going offline', () => {
  let backend: RunningBackend;
  let app: FirebaseApp;
  let db: Firestore;
  const projectId = uniqueProjectId('resume-node');
  const database = `projects/${projectId}/databases/(default)`;
  const name = (path: string): string => `${database}/documents/${path}`;
  const commit = (writes: Write[]) => backend.engine.commit(database, { writes }, { identity: ADMIN });
  const state: QueueState = { docs: {}, fromCache: true };
  let stop: (() => void) | undefined;
  /** Listen streams open on the server: each subscribes to the engine's commits while it lasts. */
  let counted: CountedBackend;

  async function waitFor(check: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Takes the client offline and waits until the server has closed its Listen stream too: a
   * change that reached the old stream first would be sent (and billed) there.
   */
  async function goOffline(): Promise<void> {
    await disableNetwork(db);
    await waitFor(() => counted.listenStreams() === 0, 'the server to close the Listen stream');
  }

  /** The billed reads once none is still on its way. */
  const settledReads = (): Promise<number> => counted.settledReads(database);

  beforeAll(async () => {
    counted = await startCountedBackend();
    backend = counted.backend;
    app = initializeApp({ projectId, apiKey: 'fake-key' }, `resume-${projectId}`);
    db = initializeFirestore(app, {});
    connectFirestoreEmulator(db, backend.host, backend.firestorePort);
    await commit(
      Array.from({ length: 50 }, (_, i) => ({
        update: { name: name(`queue/p${String(i).padStart(2, '0')}`), fields: { n: { integerValue: '0' } } },
      })),
    );
    stop = onSnapshot(collection(db, 'queue'), { includeMetadataChanges: true }, (snap) => {
      state.docs = Object.fromEntries(snap.docs.map((d) => [d.id, d.get('n') as number]));
      state.fromCache = snap.metadata.fromCache;
    });
    await waitFor(() => Object.keys(state.docs).length === 50 && !state.fromCache, 'the first snapshot from the server');
  });

  afterAll(async () => {
    stop?.();
    if (db) await terminate(db);
    if (app) await deleteApp(app);
    await backend?.close();
  });

  it('the first snapshot costs one read per document', async () => {
    expect(await settledReads()).toBe(50);
  });

  it('gets the one document of 50 that changed while it was offline, billed as 1 read', async () => {
    const before = await settledReads();
    await goOffline();
    await commit([{ update: { name: name('queue/p07'), fields: { n: { integerValue: '7' } } } }]);
    await enableNetwork(db);
    await expect.poll(() => state.docs.p07 === 7 && !state.fromCache, { timeout: 10_000 }).toBe(true);
    expect(Object.keys(state.docs)).toHaveLength(50);
    expect((await settledReads()) - before).toBe(1);
  });

  it('drops a document deleted while it was offline, at no read', async () => {
    const before = await settledReads();
    await goOffline();
    await commit([{ delete: name('queue/p03') }]);
    await enableNetwork(db);
    await expect.poll(() => !('p03' in state.docs) && !state.fromCache, { timeout: 10_000 }).toBe(true);
    expect(Object.keys(state.docs)).toHaveLength(49);
    expect((await settledReads()) - before).toBe(0);
  });

  it('a write that changes nothing costs the listener nothing', async () => {
    const before = await settledReads();
    await setDoc(doc(db, 'queue/p10'), { n: 0 });
    await setDoc(doc(db, 'queue/p11'), { n: 11 });
    await expect.poll(() => state.docs.p11 === 11 && !state.fromCache, { timeout: 10_000 }).toBe(true);
    expect((await settledReads()) - before).toBe(1);
  });
});
