// firebase-admin listeners over the gRPC Listen stream: a document's snapshots follow its
// writes, and a query's snapshots report added, modified and removed changes in order.

import type { DocumentSnapshot, QuerySnapshot } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminFirestore, SnapshotQueue, type AdminFirestore } from './adminFirestore.js';

describe('firebase-admin onSnapshot over gRPC', () => {
  let admin: AdminFirestore;

  beforeAll(async () => {
    admin = await openAdminFirestore('admin-listen');
  });

  afterAll(async () => {
    await admin?.close();
  });

  const collection = (label: string) => admin.db.collection(admin.collectionName(label));

  it('follows one document through create, update and delete', async () => {
    const ref = collection('doc').doc('watched');
    const snapshots = new SnapshotQueue<DocumentSnapshot>();
    const stop = ref.onSnapshot(snapshots.push, snapshots.fail);
    try {
      expect((await snapshots.next()).exists).toBe(false);

      await ref.set({ v: 1 });
      const created = await snapshots.next();
      expect(created.exists).toBe(true);
      expect(created.data()).toEqual({ v: 1 });

      await ref.update({ v: 2 });
      expect((await snapshots.next()).data()).toEqual({ v: 2 });

      await ref.delete();
      expect((await snapshots.next()).exists).toBe(false);
    } finally {
      stop();
    }
  });

  it('reports added, modified and removed changes of a query in order', async () => {
    const col = collection('query');
    await col.doc('a').set({ kind: 'x', rank: 1 });
    await col.doc('b').set({ kind: 'x', rank: 2 });
    await col.doc('other').set({ kind: 'y', rank: 0 });

    const snapshots = new SnapshotQueue<QuerySnapshot>();
    const stop = col.where('kind', '==', 'x').orderBy('rank').onSnapshot(snapshots.push, snapshots.fail);
    const changes = (snap: QuerySnapshot) => snap.docChanges().map((c) => [c.type, c.doc.id, c.oldIndex, c.newIndex]);
    try {
      const initial = await snapshots.next();
      expect(initial.docs.map((d) => d.id)).toEqual(['a', 'b']);
      expect(changes(initial)).toEqual([
        ['added', 'a', -1, 0],
        ['added', 'b', -1, 1],
      ]);

      await col.doc('c').set({ kind: 'x', rank: 0 });
      const added = await snapshots.next();
      expect(added.docs.map((d) => d.id)).toEqual(['c', 'a', 'b']);
      expect(changes(added)).toEqual([['added', 'c', -1, 0]]);

      await col.doc('a').update({ rank: 5 });
      const modified = await snapshots.next();
      expect(modified.docs.map((d) => d.id)).toEqual(['c', 'b', 'a']);
      expect(changes(modified)).toEqual([['modified', 'a', 1, 2]]);

      await col.doc('b').update({ kind: 'y' });
      const leftQuery = await snapshots.next();
      expect(changes(leftQuery)).toEqual([['removed', 'b', 1, -1]]);

      await col.doc('c').delete();
      const deleted = await snapshots.next();
      expect(deleted.docs.map((d) => d.id)).toEqual(['a']);
      expect(changes(deleted)).toEqual([['removed', 'c', 0, -1]]);

      // A write outside the query raises no snapshot; the next one only carries its own change.
      await col.doc('other').update({ rank: 9 });
      await col.doc('d').set({ kind: 'x', rank: 9 });
      expect(changes(await snapshots.next())).toEqual([['added', 'd', -1, 1]]);
    } finally {
      stop();
    }
  });

  it('keeps several listeners on one stream apart', async () => {
    const col = collection('multi');
    const first = new SnapshotQueue<DocumentSnapshot>();
    const second = new SnapshotQueue<DocumentSnapshot>();
    const stopFirst = col.doc('one').onSnapshot(first.push, first.fail);
    const stopSecond = col.doc('two').onSnapshot(second.push, second.fail);
    try {
      expect((await first.next()).exists).toBe(false);
      expect((await second.next()).exists).toBe(false);
      await col.doc('two').set({ v: 2 });
      expect((await second.next()).data()).toEqual({ v: 2 });
      stopSecond();
      await col.doc('one').set({ v: 1 });
      expect((await first.next()).data()).toEqual({ v: 1 });
    } finally {
      stopFirst();
      stopSecond();
    }
  });
});
