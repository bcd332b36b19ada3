// Write semantics the SDKs rely on, as production has them: a write that changes nothing keeps
// the document's update time (so a transaction that read the document still commits at once),
// and an update of a document deleted earlier in the same batch or transaction is
// INVALID_ARGUMENT, where one missing from the start is NOT_FOUND.

import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  initializeFirestore,
  runTransaction,
  setDoc,
  terminate,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestoreEmulator } from '../../support/emulators.js';
import { openAdminFirestore, type AdminFirestore } from './adminFirestore.js';

const codeOf = (work: Promise<unknown>): Promise<string> =>
  work.then(
    () => 'ok',
    (err: { code?: string }) => String(err.code),
  );

describe('write semantics through the SDKs', () => {
  let admin: AdminFirestore;
  let apps: FirebaseApp[];
  let db: Firestore;
  let other: Firestore;

  beforeAll(async () => {
    admin = await openAdminFirestore('writes');
    const { host, port } = firestoreEmulator();
    const open = (label: string): Firestore => {
      const app = initializeApp({ projectId: admin.projectId, apiKey: 'fake-key' }, `${label}-${admin.projectId}`);
      apps.push(app);
      const firestore = initializeFirestore(app, {});
      connectFirestoreEmulator(firestore, host, port, { mockUserToken: 'owner' });
      return firestore;
    };
    apps = [];
    db = open('writes');
    other = open('writes-other');
  });

  afterAll(async () => {
    for (const firestore of [db, other]) if (firestore) await terminate(firestore);
    for (const app of apps ?? []) await deleteApp(app);
    await admin?.close();
  });

  it('a set with the data the document already has keeps its update time', async () => {
    const ref = admin.db.doc(`${admin.collectionName('same')}/d`);
    const first = await ref.set({ n: 1, tags: ['a'] });
    const second = await ref.set({ tags: ['a'], n: 1 });
    expect(second.writeTime.isEqual(first.writeTime)).toBe(true);
    expect((await ref.get()).updateTime?.isEqual(first.writeTime)).toBe(true);
    const third = await ref.set({ n: 2, tags: ['a'] });
    expect(third.writeTime > first.writeTime).toBe(true);
  });

  it('a transaction whose document another client rewrote with the same data commits at the first attempt', async () => {
    const ref = doc(db, admin.collectionName('tallies'), 't');
    await setDoc(ref, { n: 1 });
    let attempts = 0;
    await runTransaction(db, async (tx) => {
      attempts++;
      const snap = await tx.get(ref);
      if (attempts === 1) await setDoc(doc(other, ref.path), { n: 1 });
      tx.set(ref, { n: (snap.get('n') as number) + 1 });
    });
    expect(attempts).toBe(1);
    expect((await admin.db.doc(ref.path).get()).get('n')).toBe(2);
  });

  it('an update of a document deleted earlier in the same batch or transaction fails with invalid-argument', async () => {
    const col = admin.collectionName('deleted');
    await setDoc(doc(db, col, 'a'), { n: 1 });
    const batch = writeBatch(db);
    batch.delete(doc(db, col, 'a'));
    batch.update(doc(db, col, 'a'), { n: 2 });
    expect(await codeOf(batch.commit())).toBe('invalid-argument');
    const inTransaction = runTransaction(db, async (tx) => {
      tx.delete(doc(db, col, 'never'));
      tx.update(doc(db, col, 'never'), { n: 2 });
    });
    expect(await codeOf(inTransaction)).toBe('invalid-argument');
    // Missing from the start, it stays NOT_FOUND; and the failed batch changed nothing.
    expect(
      await codeOf(
        writeBatch(db)
          .update(doc(db, col, 'missing'), { n: 1 })
          .commit(),
      ),
    ).toBe('not-found');
    expect((await admin.db.doc(`${col}/a`).get()).get('n')).toBe(1);
  });
});
