// firebase-admin queries and aggregations over gRPC: filters, composite filters, ordering,
// limits, cursors, collection groups, count/sum/average and partitions.

import { AggregateField, FieldPath, Filter, type CollectionReference, type Query } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminFirestore, type AdminFirestore } from './adminFirestore.js';

interface City {
  name: string;
  state: string;
  population: number;
  tags: string[];
  capital: boolean;
}

const cities: Record<string, City> = {
  sf: { name: 'San Francisco', state: 'CA', population: 860000, tags: ['west', 'coast'], capital: false },
  la: { name: 'Los Angeles', state: 'CA', population: 3900000, tags: ['west', 'coast', 'big'], capital: false },
  sac: { name: 'Sacramento', state: 'CA', population: 500000, tags: ['west'], capital: true },
  dc: { name: 'Washington', state: 'DC', population: 680000, tags: ['east'], capital: true },
  tok: { name: 'Tokyo', state: 'JP', population: 9000000, tags: ['asia', 'big'], capital: true },
  bj: { name: 'Beijing', state: 'CN', population: 21500000, tags: ['asia', 'big'], capital: true },
};

describe('firebase-admin queries over gRPC', () => {
  let admin: AdminFirestore;
  let col: CollectionReference;

  const ids = async (query: Query) => (await query.get()).docs.map((d) => d.id);

  beforeAll(async () => {
    admin = await openAdminFirestore('admin-queries');
    col = admin.db.collection(admin.collectionName('cities'));
    const batch = admin.db.batch();
    for (const [id, city] of Object.entries(cities)) batch.set(col.doc(id), city);
    await batch.commit();
  });

  afterAll(async () => {
    await admin?.close();
  });

  it('filters with every comparison operator', async () => {
    expect(await ids(col.where('state', '==', 'CA').orderBy('population'))).toEqual(['sac', 'sf', 'la']);
    expect((await ids(col.where('state', '!=', 'CA'))).sort()).toEqual(['bj', 'dc', 'tok']);
    expect(await ids(col.where('population', '<', 680000))).toEqual(['sac']);
    expect(await ids(col.where('population', '<=', 680000))).toEqual(['sac', 'dc']);
    expect(await ids(col.where('population', '>', 9000000))).toEqual(['bj']);
    expect(await ids(col.where('population', '>=', 9000000))).toEqual(['tok', 'bj']);
    expect((await ids(col.where('tags', 'array-contains', 'big'))).sort()).toEqual(['bj', 'la', 'tok']);
    expect((await ids(col.where('state', 'in', ['DC', 'JP']))).sort()).toEqual(['dc', 'tok']);
    expect((await ids(col.where('state', 'not-in', ['CA', 'DC']))).sort()).toEqual(['bj', 'tok']);
    expect((await ids(col.where('tags', 'array-contains-any', ['east', 'asia']))).sort()).toEqual(['bj', 'dc', 'tok']);
    expect((await ids(col.where(FieldPath.documentId(), 'in', [col.doc('sf'), col.doc('dc')]))).sort()).toEqual(['dc', 'sf']);
  });

  it('combines filters with Filter.or and Filter.and', async () => {
    const query = col.where(
      Filter.or(
        Filter.and(Filter.where('state', '==', 'CA'), Filter.where('capital', '==', true)),
        Filter.where('population', '>', 10000000),
      ),
    );
    expect((await ids(query)).sort()).toEqual(['bj', 'sac']);
  });

  it('orders by several fields in either direction', async () => {
    expect(await ids(col.orderBy('state').orderBy('population', 'desc'))).toEqual(['la', 'sf', 'sac', 'bj', 'dc', 'tok']);
    expect(await ids(col.orderBy('capital', 'desc').orderBy('name'))).toEqual(['bj', 'sac', 'tok', 'dc', 'la', 'sf']);
  });

  it('applies limit, limitToLast and offset', async () => {
    expect(await ids(col.orderBy('population').limit(2))).toEqual(['sac', 'dc']);
    expect(await ids(col.orderBy('population').limitToLast(2))).toEqual(['tok', 'bj']);
    expect(await ids(col.orderBy('population').offset(4))).toEqual(['tok', 'bj']);
    expect(await ids(col.orderBy('population').offset(1).limit(2))).toEqual(['dc', 'sf']);
  });

  it('pages with startAt, startAfter, endAt and endBefore', async () => {
    const byPop = col.orderBy('population');
    expect(await ids(byPop.startAt(860000))).toEqual(['sf', 'la', 'tok', 'bj']);
    expect(await ids(byPop.startAfter(860000))).toEqual(['la', 'tok', 'bj']);
    expect(await ids(byPop.endAt(860000))).toEqual(['sac', 'dc', 'sf']);
    expect(await ids(byPop.endBefore(860000))).toEqual(['sac', 'dc']);
    const sf = await col.doc('sf').get();
    expect(await ids(byPop.startAfter(sf).limit(1))).toEqual(['la']);
    expect(await ids(col.orderBy('state').orderBy('name').startAt('CA', 'Sacramento').endBefore('JP'))).toEqual([
      'sac',
      'sf',
      'bj',
      'dc',
    ]);
    expect(await ids(byPop.limitToLast(2).endBefore(9000000))).toEqual(['sf', 'la']);
  });

  it('selects fields', async () => {
    const snap = await col.where('state', '==', 'DC').select('name').get();
    expect(snap.docs.map((d) => d.data())).toEqual([{ name: 'Washington' }]);
  });

  it('queries a collection group across parents', async () => {
    const group = admin.collectionName('landmarks');
    await col.doc('sf').collection(group).doc('bridge').set({ type: 'bridge' });
    await col.doc('tok').collection(group).doc('tower').set({ type: 'tower' });
    await admin.db.collection(group).doc('top').set({ type: 'bridge' });
    await admin.db.collection(`${group}-other`).doc('x').set({ type: 'bridge' });
    const all = await admin.db.collectionGroup(group).get();
    expect(all.docs.map((d) => d.ref.path).sort()).toEqual(
      [`${col.id}/sf/${group}/bridge`, `${col.id}/tok/${group}/tower`, `${group}/top`].sort(),
    );
    const bridges = await admin.db.collectionGroup(group).where('type', '==', 'bridge').get();
    expect(bridges.size).toBe(2);
  });

  it('splits a collection group into partitions that cover every document', async () => {
    const group = admin.collectionName('parts');
    await col.doc('la').collection(group).doc('a').set({ v: 1 });
    await col.doc('dc').collection(group).doc('b').set({ v: 2 });
    const found: string[] = [];
    for await (const partition of admin.db.collectionGroup(group).getPartitions(3)) {
      for (const doc of (await partition.toQuery().get()).docs) found.push(doc.id);
    }
    expect(found.sort()).toEqual(['a', 'b']);
  });

  it('counts, sums and averages', async () => {
    const count = await col.where('state', '==', 'CA').count().get();
    expect(count.data().count).toBe(3);
    expect((await col.where('state', '==', 'nowhere').count().get()).data().count).toBe(0);

    const agg = await col
      .where('capital', '==', true)
      .aggregate({
        n: AggregateField.count(),
        total: AggregateField.sum('population'),
        mean: AggregateField.average('population'),
      })
      .get();
    expect(agg.data()).toEqual({ n: 4, total: 31680000, mean: 7920000 });

    const empty = await col
      .where('state', '==', 'nowhere')
      .aggregate({ mean: AggregateField.average('population') })
      .get();
    expect(empty.data().mean).toBeNull();
    expect((await col.limit(2).count().get()).data().count).toBe(2);
  });

  it('runs queries inside a transaction', async () => {
    const names = await admin.db.runTransaction(async (tx) => {
      const snap = await tx.get(col.where('state', '==', 'CA').orderBy('name'));
      const count = await tx.get(col.count());
      return { names: snap.docs.map((d) => d.get('name') as string), count: count.data().count };
    });
    expect(names).toEqual({ names: ['Los Angeles', 'Sacramento', 'San Francisco'], count: 6 });
  });
});
