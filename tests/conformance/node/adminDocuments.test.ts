// firebase-admin document operations over gRPC: reads and writes, preconditions, merges, field
// transforms, batches, BulkWriter, getAll, collection listings and an unsupported request.

import { FieldPath, FieldValue, GeoPoint, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminFirestore, type AdminFirestore } from './adminFirestore.js';

describe('firebase-admin documents over gRPC', () => {
  let admin: AdminFirestore;

  beforeAll(async () => {
    admin = await openAdminFirestore('admin-docs');
  });

  afterAll(async () => {
    await admin?.close();
  });

  const collection = (label: string) => admin.db.collection(admin.collectionName(label));

  it('sets, gets, updates and deletes a document', async () => {
    const ref = collection('crud').doc('one');
    const written = await ref.set({ name: 'Ada', age: 36 });
    expect(written.writeTime).toBeInstanceOf(Timestamp);

    const snap = await ref.get();
    expect(snap.exists).toBe(true);
    expect(snap.data()).toEqual({ name: 'Ada', age: 36 });
    expect(snap.createTime?.isEqual(written.writeTime)).toBe(true);
    expect(snap.updateTime?.isEqual(written.writeTime)).toBe(true);

    await ref.update({ age: 37 });
    const updated = await ref.get();
    expect(updated.data()).toEqual({ name: 'Ada', age: 37 });
    expect(updated.updateTime!.toMillis()).toBeGreaterThanOrEqual(written.writeTime.toMillis());
    expect(updated.createTime?.isEqual(written.writeTime)).toBe(true);

    await ref.delete();
    const gone = await ref.get();
    expect(gone.exists).toBe(false);
    expect(gone.data()).toBeUndefined();
  });

  it('keeps every value type intact', async () => {
    const ref = collection('types').doc('all');
    const other = collection('types').doc('other');
    const data = {
      nothing: null,
      yes: true,
      int: 9007199254740991,
      negative: -42,
      double: 1.25,
      nan: NaN,
      inf: Infinity,
      text: 'é✓😀',
      bytes: Buffer.from([0, 1, 2, 255]),
      when: Timestamp.fromMillis(1700000000123),
      place: new GeoPoint(51.5, -0.12),
      ref: other,
      list: [1, 'two', { three: 3 }],
      map: { nested: { deep: 'value' } },
      empty: {},
    };
    await ref.set(data);
    const got = (await ref.get()).data()!;
    expect(got.nothing).toBeNull();
    expect(got.yes).toBe(true);
    expect(got.int).toBe(9007199254740991);
    expect(got.negative).toBe(-42);
    expect(got.double).toBe(1.25);
    expect(got.nan).toBeNaN();
    expect(got.inf).toBe(Infinity);
    expect(got.text).toBe('é✓😀');
    expect(Buffer.from(got.bytes).equals(data.bytes)).toBe(true);
    expect((got.when as Timestamp).isEqual(data.when)).toBe(true);
    expect((got.place as GeoPoint).isEqual(data.place)).toBe(true);
    expect(got.ref.path).toBe(other.path);
    expect(got.list).toEqual([1, 'two', { three: 3 }]);
    expect(got.map).toEqual({ nested: { deep: 'value' } });
    expect(got.empty).toEqual({});
  });

  it('answers ALREADY_EXISTS (6) to create on an existing document', async () => {
    const ref = collection('create').doc('taken');
    await ref.create({ v: 1 });
    await expect(ref.create({ v: 2 })).rejects.toMatchObject({ code: 6 });
    expect((await ref.get()).data()).toEqual({ v: 1 });
  });

  it('answers NOT_FOUND (5) to update of a missing document', async () => {
    const ref = collection('update').doc('missing');
    await expect(ref.update({ v: 1 })).rejects.toMatchObject({ code: 5 });
    expect((await ref.get()).exists).toBe(false);
  });

  it('honours a lastUpdateTime precondition', async () => {
    const ref = collection('precondition').doc('d');
    const first = await ref.set({ v: 1 });
    await ref.set({ v: 2 });
    await expect(ref.update({ v: 3 }, { lastUpdateTime: first.writeTime })).rejects.toMatchObject({ code: 9 });
    await expect(ref.delete({ lastUpdateTime: first.writeTime })).rejects.toMatchObject({ code: 9 });
    expect((await ref.get()).data()).toEqual({ v: 2 });
  });

  it('merges with set({merge}) and mergeFields', async () => {
    const ref = collection('merge').doc('d');
    await ref.set({ a: 1, nested: { x: 1, y: 1 }, keep: true });
    await ref.set({ a: 2, nested: { y: 2, z: 2 } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 2, nested: { x: 1, y: 2, z: 2 }, keep: true });

    await ref.set({ a: 3, keep: false, nested: { x: 9 } }, { mergeFields: ['a', 'nested.x'] });
    expect((await ref.get()).data()).toEqual({ a: 3, nested: { x: 9, y: 2, z: 2 }, keep: true });
  });

  it('updates nested and quoted field paths', async () => {
    const ref = collection('paths').doc('d');
    await ref.set({ profile: { name: 'A', tags: { x: 1 } }, 'odd.key': 1, other: 1 });
    await ref.update('profile.name', 'B', new FieldPath('odd.key'), 2, new FieldPath('with space', 'sub-key'), 3);
    expect((await ref.get()).data()).toEqual({
      profile: { name: 'B', tags: { x: 1 } },
      'odd.key': 2,
      other: 1,
      'with space': { 'sub-key': 3 },
    });
    await ref.update({ 'profile.tags': FieldValue.delete() });
    expect((await ref.get()).data()).toEqual({ profile: { name: 'B' }, 'odd.key': 2, other: 1, 'with space': { 'sub-key': 3 } });
  });

  it('applies every FieldValue transform', async () => {
    const ref = collection('transforms').doc('d');
    await ref.set({ count: 1, ratio: 1.5, tags: ['a', 'b'], gone: 'x', stay: 1 });
    const before = Date.now();
    await ref.update({
      count: FieldValue.increment(2),
      ratio: FieldValue.increment(0.25),
      fresh: FieldValue.increment(5),
      tags: FieldValue.arrayUnion('b', 'c'),
      at: FieldValue.serverTimestamp(),
      gone: FieldValue.delete(),
    });
    let data = (await ref.get()).data()!;
    expect(data.count).toBe(3);
    expect(data.ratio).toBe(1.75);
    expect(data.fresh).toBe(5);
    expect(data.tags).toEqual(['a', 'b', 'c']);
    expect(data.at).toBeInstanceOf(Timestamp);
    expect((data.at as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5000);
    expect('gone' in data).toBe(false);

    await ref.update({ tags: FieldValue.arrayRemove('a', 'zzz') });
    data = (await ref.get()).data()!;
    expect(data.tags).toEqual(['b', 'c']);

    // Transforms in a set() create the fields, and the server time equals the write time.
    const setRef = collection('transforms').doc('set');
    const result = await setRef.set({
      at: FieldValue.serverTimestamp(),
      list: FieldValue.arrayUnion(1),
      n: FieldValue.increment(1),
    });
    const created = (await setRef.get()).data()!;
    expect((created.at as Timestamp).isEqual(result.writeTime)).toBe(true);
    expect(created.list).toEqual([1]);
    expect(created.n).toBe(1);
  });

  it('commits a WriteBatch atomically', async () => {
    const col = collection('batch');
    await col.doc('existing').set({ v: 0 });
    const ok = admin.db.batch();
    ok.set(col.doc('a'), { v: 1 });
    ok.update(col.doc('existing'), { v: 1 });
    ok.delete(col.doc('nothing'));
    const results = await ok.commit();
    expect(results).toHaveLength(3);
    expect((await col.doc('a').get()).data()).toEqual({ v: 1 });

    const failing = admin.db.batch();
    failing.set(col.doc('b'), { v: 2 });
    failing.update(col.doc('existing'), { v: 2 });
    failing.update(col.doc('missing'), { v: 2 });
    await expect(failing.commit()).rejects.toMatchObject({ code: 5 });
    expect((await col.doc('b').get()).exists).toBe(false);
    expect((await col.doc('existing').get()).data()).toEqual({ v: 1 });
  });

  it('reads several documents with getAll, missing ones included, with a field mask', async () => {
    const col = collection('getall');
    await col.doc('a').set({ x: 1, y: 1 });
    await col.doc('b').set({ x: 2, y: 2 });
    const snaps = await admin.db.getAll(col.doc('b'), col.doc('missing'), col.doc('a'));
    expect(snaps.map((s) => [s.id, s.exists])).toEqual([
      ['b', true],
      ['missing', false],
      ['a', true],
    ]);
    const masked = await admin.db.getAll(col.doc('a'), { fieldMask: ['y'] });
    expect(masked[0]?.data()).toEqual({ y: 1 });
  });

  it('lists collections and documents, including documents that only have subcollections', async () => {
    const top = collection('listing');
    await top.doc('a').set({ v: 1 });
    await top.doc('b').collection('inner').doc('x').set({ v: 2 });
    await top.doc('a').collection('sub1').doc('s').set({ v: 3 });
    await top.doc('a').collection('sub2').doc('s').set({ v: 4 });

    const rootIds = (await admin.db.listCollections()).map((c) => c.id);
    expect(rootIds).toContain(top.id);
    const subIds = (await top.doc('a').listCollections()).map((c) => c.id).sort();
    expect(subIds).toEqual(['sub1', 'sub2']);
    const docIds = (await top.listDocuments()).map((d) => d.id).sort();
    expect(docIds).toEqual(['a', 'b']);
  });

  it('writes through BulkWriter and reports each write', async () => {
    const col = collection('bulk');
    await col.doc('exists').set({ v: 0 });
    const writer = admin.db.bulkWriter();
    writer.onWriteError(() => false);
    const writes = [
      writer.set(col.doc('a'), { v: 1 }),
      writer.update(col.doc('exists'), { v: FieldValue.increment(1) }),
      writer.create(col.doc('c'), { v: 3 }),
    ];
    const duplicate = writer.create(col.doc('exists'), { v: 9 });
    const missing = writer.update(col.doc('nope'), { v: 1 });
    const outcomes = Promise.allSettled([...writes, duplicate, missing]);
    // BulkWriter holds writes until it is flushed or closed.
    await writer.close();
    const [a, exists, c, dup, miss] = await outcomes;
    for (const result of [a, exists, c]) {
      expect(result?.status).toBe('fulfilled');
      if (result?.status === 'fulfilled') expect(result.value.writeTime).toBeInstanceOf(Timestamp);
    }
    expect(dup).toMatchObject({ status: 'rejected', reason: { code: 6 } });
    expect(miss).toMatchObject({ status: 'rejected', reason: { code: 5 } });
    const snaps = await admin.db.getAll(col.doc('a'), col.doc('exists'), col.doc('c'));
    expect(snaps.map((s) => s.data())).toEqual([{ v: 1 }, { v: 1 }, { v: 3 }]);
  });

  it('adds documents with generated ids', async () => {
    const col = collection('add');
    const ref = await col.add({ v: 1 });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await ref.get()).data()).toEqual({ v: 1 });
  });

  it('answers UNIMPLEMENTED (12) to a query explain request', async () => {
    const col = collection('explain');
    await expect(col.where('v', '==', 1).explain()).rejects.toMatchObject({ code: 12 });
  });
});
