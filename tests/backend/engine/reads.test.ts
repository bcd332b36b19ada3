import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../../backend/src/authz/identity.js';
import type { ListenResponse, RunAggregationQueryRequest } from '../../../backend/src/firestore/types.js';
import { openListen } from '../../../backend/src/firestore/watch.js';
import { DB, ROOT, admin, doc, f, ids, memoryEngine, put, set, v } from './helpers.js';

const aggQuery = (
  aggregations: NonNullable<RunAggregationQueryRequest['structuredAggregationQuery']>['aggregations'],
  limit?: number,
): RunAggregationQueryRequest => ({
  parent: ROOT,
  structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'c' }], ...(limit ? { limit } : {}) }, aggregations },
});

describe('aggregations', () => {
  it('counts, with upTo, under the aliases sent', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { n: 1 }, 'c/b': { n: 2 }, 'c/c': { n: 'x' } });
    const [res] = await e.runAggregationQuery(
      DB,
      aggQuery([
        { alias: 'aggregate_0', count: {} },
        { alias: 'few', count: { upTo: '2' } },
      ]),
      admin,
    );
    expect(res?.result?.aggregateFields).toEqual({ aggregate_0: v(3), few: v(2) });
    expect((res?.readTime ?? '') >= e.currentTime(DB)).toBe(true);
  });

  it('sums integers as integers, ignoring non-numbers, and averages as a double', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { n: 1 }, 'c/b': { n: 2 }, 'c/c': { n: 'x' }, 'c/d': {} });
    const [res] = await e.runAggregationQuery(
      DB,
      aggQuery([
        { alias: 's', sum: { field: { fieldPath: 'n' } } },
        { alias: 'a', avg: { field: { fieldPath: 'n' } } },
      ]),
      admin,
    );
    expect(res?.result?.aggregateFields).toEqual({ s: v(3), a: { doubleValue: 1.5 } });
  });

  it('sums into a double when a double or an overflow is involved, and averages nothing to null', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { n: 1 }, 'c/b': { n: 0.5 } });
    const [res] = await e.runAggregationQuery(
      DB,
      aggQuery([
        { alias: 's', sum: { field: { fieldPath: 'n' } } },
        { alias: 'none', avg: { field: { fieldPath: 'zz' } } },
      ]),
      admin,
    );
    expect(res?.result?.aggregateFields).toEqual({ s: { doubleValue: 1.5 }, none: { nullValue: 'NULL_VALUE' } });
    await put(e, { 'c/a': { n: 9223372036854775807n }, 'c/b': { n: 1 } });
    const [big] = await e.runAggregationQuery(DB, aggQuery([{ alias: 's', sum: { field: { fieldPath: 'n' } } }]), admin);
    expect(big?.result?.aggregateFields.s).toEqual({ doubleValue: 9223372036854775808 });
  });

  it('aggregates only what the query returns, limit included', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { n: 1 }, 'c/b': { n: 2 }, 'c/c': { n: 4 } });
    const [res] = await e.runAggregationQuery(DB, aggQuery([{ alias: 's', sum: { field: { fieldPath: 'n' } } }], 2), admin);
    expect(res?.result?.aggregateFields.s).toEqual(v(3));
  });

  it('rejects duplicate aliases and empty aggregation lists', async () => {
    const e = await memoryEngine();
    await expect(e.runAggregationQuery(DB, aggQuery([]), admin)).rejects.toMatchObject({ status: 'INVALID_ARGUMENT' });
    await expect(
      e.runAggregationQuery(
        DB,
        aggQuery([
          { alias: 'x', count: {} },
          { alias: 'x', count: {} },
        ]),
        admin,
      ),
    ).rejects.toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
  });
});

describe('batchGet and getDocument', () => {
  it("serves a read now, as Firestore does: its readTime is the server's clock, not the latest commit's", async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { x: 1 } });
    const committed = Date.parse(e.currentTime(DB));
    // The engine's clock and Date.now() may part by a few ms: the commit must be well behind.
    while (Date.now() < committed + 200) await new Promise((resolve) => setTimeout(resolve, 10));
    const [res] = await e.batchGet(DB, { documents: [doc('c/zz')] }, admin);
    const served = Date.parse(res?.readTime ?? '');
    expect(served).toBeGreaterThanOrEqual(committed + 150);
    expect(served).toBeLessThanOrEqual(Date.now() + 50);
  });

  it('answers found/missing in request order, with readTime and an optional mask', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { x: 1, y: { z: 2, w: 3 } } });
    const res = await e.batchGet(DB, { documents: [doc('c/zz'), doc('c/a')], mask: { fieldPaths: ['y.z'] } }, admin);
    expect(res[0]).toEqual({ missing: doc('c/zz'), readTime: res[1]?.readTime });
    expect((res[0]?.readTime ?? '') >= e.currentTime(DB)).toBe(true);
    expect(res[1]?.found?.fields).toEqual(f({ y: { z: 2 } }));
    expect(res[1]?.found?.updateTime).toBeDefined();
    await expect(e.getDocument(doc('c/a'), admin, ['x'])).resolves.toMatchObject({ fields: f({ x: 1 }) });
  });

  it('rejects names of collections and of other databases', async () => {
    const e = await memoryEngine();
    await expect(e.batchGet(DB, { documents: [`${ROOT}/c`] }, admin)).rejects.toMatchObject({ status: 'INVALID_ARGUMENT' });
    await expect(e.batchGet(DB, { documents: ['projects/x/databases/y/documents/c/a'] }, admin)).rejects.toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
    await expect(e.batchGet('nonsense', { documents: [] }, admin)).rejects.toMatchObject({ status: 'INVALID_ARGUMENT' });
  });
});

describe('listDocuments and listCollectionIds', () => {
  it('pages through a collection in name order', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': {}, 'c/b': {}, 'c/c': {}, 'd/x': {} });
    const first = await e.listDocuments({ parent: ROOT, collectionId: 'c', pageSize: 2 }, admin);
    expect(ids(first.documents)).toEqual(['a', 'b']);
    const second = await e.listDocuments({ parent: ROOT, collectionId: 'c', pageSize: 2, pageToken: first.nextPageToken }, admin);
    expect(ids(second.documents)).toEqual(['c']);
    expect(second.nextPageToken).toBeUndefined();
  });

  it('shows missing documents that have subcollections when asked', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': {}, 'c/ghost/sub/s': {} });
    const res = await e.listDocuments({ parent: ROOT, collectionId: 'c', showMissing: true }, admin);
    expect(res.documents).toEqual([expect.objectContaining({ name: doc('c/a') }), { name: doc('c/ghost') }]);
  });

  it('lists the collection ids under the root and under a document', async () => {
    const e = await memoryEngine();
    await put(e, { 'b/a': {}, 'a/x/sub/s': {}, 'a/x/other/o': {} });
    expect((await e.listCollectionIds({ parent: ROOT }, admin)).collectionIds).toEqual(['a', 'b']);
    expect((await e.listCollectionIds({ parent: doc('a/x') }, admin)).collectionIds).toEqual(['other', 'sub']);
  });
});

describe('emulator operations', () => {
  it('exports, resets and imports documents', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { x: 1 } });
    const exported = e.exportDocuments();
    expect(exported.map((d) => d.name)).toEqual([doc('c/a')]);
    await e.reset();
    expect(e.lookup(doc('c/a'))).toBeNull();
    await e.importDocuments(exported);
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ x: 1 }));
    await e.commit(DB, { writes: [set('c/b', {})] }, admin);
    expect(e.query(ROOT, { from: [{ collectionId: 'c' }] })).toHaveLength(2);
  });
});

describe('billable reads', () => {
  it('count the documents gets and queries return, per database, and listener deliveries', async () => {
    const engine = await memoryEngine();
    await put(engine, { 'rooms/a': { n: 1 }, 'rooms/b': { n: 2 } });
    expect(engine.readCount(DB)).toBe(0);

    await engine.batchGet(DB, { documents: [doc('rooms/a'), doc('rooms/missing')] }, admin);
    await engine.runQuery(DB, { parent: ROOT, structuredQuery: { from: [{ collectionId: 'rooms' }] } }, admin);
    await engine.getDocument(doc('rooms/b'), admin);
    expect(engine.readCount(DB)).toBe(1 + 2 + 1);

    const sent: ListenResponse[] = [];
    const stream = openListen(
      engine,
      DB,
      ADMIN,
      (res) => sent.push(res),
      () => {},
    );
    stream.request({ addTarget: { targetId: 2, documents: { documents: [doc('rooms/a')] } } });
    await put(engine, { 'rooms/a': { n: 3 }, 'rooms/b': { n: 4 } });
    stream.close();
    expect(sent.filter((res) => res.documentChange)).toHaveLength(2);
    expect(engine.readCount(DB)).toBe(4 + 2);
    expect(engine.readCount('projects/other/databases/(default)')).toBe(0);
  });
});
