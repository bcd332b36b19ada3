// firebase-admin transactions over gRPC: reads and writes commit together, a conflicting write
// forces a retry, failures roll back, and read-only transactions read a snapshot.

import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../support/defined.js';
import { openAdminFirestore, type AdminFirestore } from './adminFirestore.js';

describe('firebase-admin transactions over gRPC', () => {
  let admin: AdminFirestore;

  beforeAll(async () => {
    admin = await openAdminFirestore('admin-tx');
  });

  afterAll(async () => {
    await admin?.close();
  });

  const collection = (label: string) => admin.db.collection(admin.collectionName(label));

  it('reads and writes several documents in one transaction', async () => {
    const col = collection('transfer');
    await col.doc('from').set({ balance: 100 });
    await col.doc('to').set({ balance: 0 });
    const result = await admin.db.runTransaction(async (tx) => {
      const [from, to] = await tx.getAll(col.doc('from'), col.doc('to'));
      tx.update(col.doc('from'), { balance: defined(from, 'The from account').get('balance') - 30 });
      tx.update(col.doc('to'), { balance: defined(to, 'The to account').get('balance') + 30 });
      tx.set(col.doc('log'), { at: FieldValue.serverTimestamp() });
      return 'done';
    });
    expect(result).toBe('done');
    const snaps = await admin.db.getAll(col.doc('from'), col.doc('to'), col.doc('log'));
    expect(snaps.map((s) => s.get('balance') as unknown)).toEqual([70, 30, undefined]);
    expect(snaps[2]?.get('at')).toBeInstanceOf(Timestamp);
  });

  it('retries when another writer changes a document it read', async () => {
    const ref = collection('conflict').doc('counter');
    await ref.set({ n: 0 });
    let attempts = 0;
    await admin.db.runTransaction(async (tx) => {
      attempts += 1;
      const snap = await tx.get(ref);
      if (attempts === 1) {
        // A plain write outside the transaction lands between its read and its commit.
        await admin.db
          .collection(ref.parent.id)
          .doc(ref.id)
          .update({ n: FieldValue.increment(10) });
      }
      tx.update(ref, { n: (snap.get('n') as number) + 1 });
    });
    expect(attempts).toBe(2);
    expect((await ref.get()).get('n')).toBe(11);
  });

  it('rolls back when the update function throws', async () => {
    const ref = collection('rollback').doc('d');
    await ref.set({ v: 1 });
    await expect(
      admin.db.runTransaction(async (tx) => {
        await tx.get(ref);
        tx.update(ref, { v: 2 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await ref.get()).get('v')).toBe(1);
    // The document is not left locked: a plain write still goes through at once.
    await ref.update({ v: 3 });
    expect((await ref.get()).get('v')).toBe(3);
  });

  it('creates inside a transaction and fails with ALREADY_EXISTS when the document exists', async () => {
    const ref = collection('tx-create').doc('d');
    await admin.db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      expect(snap.exists).toBe(false);
      tx.create(ref, { v: 1 });
    });
    expect((await ref.get()).get('v')).toBe(1);
    await expect(
      admin.db.runTransaction(async (tx) => {
        tx.create(ref, { v: 2 });
      }),
    ).rejects.toMatchObject({ code: 6 });
  });

  it('reads in a read-only transaction', async () => {
    const ref = collection('readonly').doc('d');
    await ref.set({ v: 1 });
    await ref.set({ v: 2 });
    const seen = await admin.db.runTransaction(async (tx) => (await tx.get(ref)).get('v') as number, { readOnly: true });
    expect(seen).toBe(2);
  });
});
