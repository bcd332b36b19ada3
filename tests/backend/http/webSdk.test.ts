// @vitest-environment jsdom
// The unmodified firebase web SDK (its browser build: WebChannel streams, REST for transactions
// and aggregations) against the Firestore HTTP handler, with streaming auto-detection (the
// default) and with forced long-polling.

import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import type * as FirestoreSdk from 'firebase/firestore';
import type { DocumentData, Firestore, QuerySnapshot } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authorizer } from '../../../backend/src/authz/seam.js';
import { startTestServer, type TestServer } from './support.js';

// The browser build by path, whichever Vitest config runs this file: the name `firebase/firestore`
// resolves to the Node build there, which speaks gRPC instead of WebChannel.
const browserBuild = '../../../node_modules/@firebase/firestore/dist/index.esm.js';
const {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  initializeFirestore,
  increment,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  terminate,
  updateDoc,
  where,
  writeBatch,
} = (await import(/* @vite-ignore */ browserBuild)) as typeof FirestoreSdk;

/** Collects snapshots and resolves when one satisfies a predicate. */
function recorder<T>() {
  const seen: T[] = [];
  const waiters: { test: (s: T) => boolean; resolve: (s: T) => void }[] = [];
  return {
    seen,
    push(s: T) {
      seen.push(s);
      for (const w of [...waiters]) {
        if (w.test(s)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(s);
        }
      }
    },
    next(test: (s: T) => boolean, timeoutMs = 8000): Promise<T> {
      const found = seen.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching snapshot among ${seen.length}`)), timeoutMs);
        waiters.push({ test, resolve: (s) => (clearTimeout(timer), resolve(s)) });
      });
    },
  };
}

const data = (s: QuerySnapshot<DocumentData>) => s.docs.map((d) => d.id);

for (const mode of ['auto-detect', 'long-polling'] as const) {
  describe(`web SDK over WebChannel (${mode})`, () => {
    let server: TestServer;
    let app: FirebaseApp;
    let db: Firestore;
    const projectId = `demo-websdk-${mode}`;

    beforeAll(async () => {
      server = await startTestServer();
      app = initializeApp({ projectId, apiKey: 'demo-key' }, `websdk-${mode}`);
      db = initializeFirestore(app, mode === 'long-polling' ? { experimentalForceLongPolling: true } : {});
      connectFirestoreEmulator(db, server.host, server.port);
    });
    afterAll(async () => {
      await terminate(db);
      await deleteApp(app);
      await server.close();
    });

    it('writes a document and reads it back, non-ASCII text intact', async () => {
      await setDoc(doc(db, 'rooms/r1'), { title: 'é✓😀 café', n: 1 });
      const snap = await getDoc(doc(db, 'rooms/r1'));
      expect(snap.exists()).toBe(true);
      expect(snap.data()).toEqual({ title: 'é✓😀 café', n: 1 });
      expect(snap.metadata.fromCache).toBe(false);
      expect((await getDoc(doc(db, 'rooms/missing'))).exists()).toBe(false);
    });

    it('a document listener sees the pending write, then the committed one from the server', async () => {
      const snaps = recorder<{ n?: number; pending: boolean; fromCache: boolean }>();
      const stop = onSnapshot(doc(db, 'rooms/live'), { includeMetadataChanges: true }, (s) =>
        snaps.push({
          n: s.get('n') as number | undefined,
          pending: s.metadata.hasPendingWrites,
          fromCache: s.metadata.fromCache,
        }),
      );
      await snaps.next((s) => !s.fromCache && s.n === undefined);
      await setDoc(doc(db, 'rooms/live'), { n: 7, at: serverTimestamp() });
      await snaps.next((s) => s.n === 7 && s.pending);
      await snaps.next((s) => s.n === 7 && !s.pending && !s.fromCache);
      stop();
    });

    it('a query listener gets added, modified and removed changes, limit and order honoured', async () => {
      const batch = writeBatch(db);
      for (const [id, score] of [
        ['a', 1],
        ['b', 5],
        ['c', 3],
      ] as const)
        batch.set(doc(db, `scores/${id}`), { score, team: 'x' });
      await batch.commit();

      const snaps = recorder<QuerySnapshot<DocumentData>>();
      const stop = onSnapshot(
        query(collection(db, 'scores'), where('team', '==', 'x'), orderBy('score', 'desc'), limit(2)),
        // Without metadata changes the SDK does not raise the cache → server flip on its own.
        { includeMetadataChanges: true },
        (s) => snaps.push(s),
      );
      const first = await snaps.next((s) => !s.metadata.fromCache);
      expect(data(first)).toEqual(['b', 'c']);
      expect(snaps.seen[0]?.docChanges().map((c) => c.type)).toEqual(['added', 'added']);

      await setDoc(doc(db, 'scores/d'), { score: 4, team: 'x' });
      const second = await snaps.next((s) => data(s).join() === 'b,d' && !s.metadata.hasPendingWrites);
      expect(second.metadata.fromCache).toBe(false);

      await updateDoc(doc(db, 'scores/b'), { team: 'y' });
      const third = await snaps.next((s) => data(s).join() === 'd,c' && !s.metadata.hasPendingWrites);
      expect(third.docChanges().some((c) => c.type === 'removed' && c.doc.id === 'b')).toBe(true);

      await deleteDoc(doc(db, 'scores/d'));
      await snaps.next((s) => data(s).join() === 'c,a' && !s.metadata.hasPendingWrites);
      stop();

      const once = await getDocs(query(collection(db, 'scores'), where('team', '==', 'x'), orderBy('score')));
      expect(data(once)).toEqual(['a', 'c']);
    });

    it('changes made by another client reach a listener', async () => {
      const snaps = recorder<QuerySnapshot<DocumentData>>();
      const stop = onSnapshot(collection(db, 'chat'), { includeMetadataChanges: true }, (s) => snaps.push(s));
      await snaps.next((s) => !s.metadata.fromCache && s.empty);
      await server.engine.commit(
        `projects/${projectId}/databases/(default)`,
        {
          writes: [
            {
              update: {
                name: `projects/${projectId}/databases/(default)/documents/chat/m1`,
                fields: { text: { stringValue: 'hi' } },
              },
            },
          ],
        },
        { identity: { admin: true, auth: null } },
      );
      const s = await snaps.next((x) => x.size === 1);
      expect(s.docs[0]?.get('text')).toBe('hi');
      stop();
    });

    it('runs a transaction and counts on the server (REST)', async () => {
      await setDoc(doc(db, 'counters/c'), { n: 1 });
      const result = await runTransaction(db, async (tx) => {
        const current = await tx.get(doc(db, 'counters/c'));
        tx.update(doc(db, 'counters/c'), { n: (current.get('n') as number) + 1 });
        return current.get('n') as number;
      });
      expect(result).toBe(1);
      await updateDoc(doc(db, 'counters/c'), { n: increment(10) });
      expect((await getDoc(doc(db, 'counters/c'))).get('n')).toBe(12);

      const count = await getCountFromServer(query(collection(db, 'scores'), where('team', '==', 'x')));
      expect(count.data().count).toBe(2);
    });

    it(mode === 'long-polling' ? 'only long-polls the backchannel' : 'opens a streaming backchannel first', () => {
      const gets = server.requests.filter((r) => r.startsWith('GET ') && r.includes('RID=rpc'));
      const streaming = gets.filter((r) => r.includes('CI=0'));
      if (mode === 'long-polling') {
        expect(gets.length).toBeGreaterThan(0);
        expect(streaming).toEqual([]);
      } else {
        // The SDK may still fall back to long-polling when the first bytes take longer than
        // 4 × the handshake's round trip (a busy machine); the tests above pass either way.
        expect(streaming.length).toBeGreaterThan(0);
      }
    });
  });
}

describe('web SDK and the authorization seam', () => {
  let server: TestServer;
  let app: FirebaseApp;
  let db: Firestore;
  const deny: Authorizer = (access) =>
    access.service === 'firestore' && access.path.includes('/documents/secret') ? { allow: false } : { allow: true };

  beforeAll(async () => {
    server = await startTestServer({ authorizer: deny });
    app = initializeApp({ projectId: 'demo-websdk-rules', apiKey: 'demo-key' }, 'websdk-rules');
    db = initializeFirestore(app, {});
    connectFirestoreEmulator(db, server.host, server.port, { mockUserToken: { user_id: 'alice' } });
  });
  afterAll(async () => {
    await terminate(db);
    await deleteApp(app);
    await server.close();
  });

  it('a denied listener fails with permission-denied while others keep working', async () => {
    await server.engine.commit(
      'projects/demo-websdk-rules/databases/(default)',
      { writes: [{ update: { name: 'projects/demo-websdk-rules/databases/(default)/documents/secret/s1', fields: {} } }] },
      { identity: { admin: true, auth: null } },
    );
    const error = await new Promise<{ code: string }>((resolve) => {
      onSnapshot(
        collection(db, 'secret'),
        () => {},
        (err) => resolve(err as { code: string }),
      );
    });
    expect(error.code).toBe('permission-denied');
    await expect(getDoc(doc(db, 'secret/s1'))).rejects.toMatchObject({ code: 'permission-denied' });

    await setDoc(doc(db, 'open/o1'), { ok: true });
    expect((await getDoc(doc(db, 'open/o1'))).get('ok')).toBe(true);
  });

  it('a denied write is rejected with permission-denied', async () => {
    await expect(setDoc(doc(db, 'secret/s2'), { n: 1 })).rejects.toMatchObject({ code: 'permission-denied' });
    await setDoc(doc(db, 'open/o2'), { ok: true });
    expect((await getDoc(doc(db, 'open/o2'))).exists()).toBe(true);
  });
});
