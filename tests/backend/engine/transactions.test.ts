import { describe, expect, it } from 'vitest';
import { defined } from '../../support/defined.js';
import { DB, ROOT, admin, doc, f, memoryEngine, put, set } from './helpers.js';

describe('transactions', () => {
  it('commits when nothing read has changed', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { n: 1 } });
    const tx = await e.beginTransaction(DB, { readWrite: {} }, admin);
    await e.batchGet(DB, { documents: [doc('c/a')], transaction: tx }, admin);
    await e.commit(DB, { writes: [set('c/a', { n: 2 })], transaction: tx }, admin);
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ n: 2 }));
  });

  it('aborts when a document read in the transaction changed meanwhile', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { n: 1 } });
    const [response] = await e.batchGet(DB, { documents: [doc('c/a')], newTransaction: { readWrite: {} } }, admin);
    const first = defined(response, 'The batchGet response');
    expect(first.transaction).toBeTruthy();
    await put(e, { 'c/a': { n: 5 } });
    await expect(e.commit(DB, { writes: [set('c/a', { n: 2 })], transaction: first.transaction }, admin)).rejects.toMatchObject({
      status: 'ABORTED',
    });
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ n: 5 }));
  });

  it('aborts when a document read as missing has appeared, also through queries', async () => {
    const e = await memoryEngine();
    const tx = await e.beginTransaction(DB, undefined, admin);
    await e.batchGet(DB, { documents: [doc('c/new')], transaction: tx }, admin);
    await put(e, { 'c/new': {} });
    await expect(e.commit(DB, { writes: [], transaction: tx }, admin)).rejects.toMatchObject({ status: 'ABORTED' });

    await put(e, { 'c/q': { n: 1 } });
    const [response] = await e.runQuery(
      DB,
      { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }] }, newTransaction: {} },
      admin,
    );
    const item = defined(response, 'The runQuery response');
    expect(item.transaction).toBeTruthy();
    await put(e, { 'c/q': { n: 2 } });
    await expect(e.commit(DB, { writes: [set('c/x', {})], transaction: item.transaction }, admin)).rejects.toMatchObject({
      status: 'ABORTED',
    });
  });

  it('returns a new transaction from an aggregation', async () => {
    const e = await memoryEngine();
    const [aggregation] = await e.runAggregationQuery(
      DB,
      {
        parent: ROOT,
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: 'c' }] },
          aggregations: [{ alias: 'n', count: {} }],
        },
        newTransaction: {},
      },
      admin,
    );
    const res = defined(aggregation, 'The runAggregationQuery response');
    expect(res.transaction).toBeTruthy();
    await e.commit(DB, { writes: [set('c/a', {})], transaction: res.transaction }, admin);
  });

  it('treats finished, rolled back and unknown ids as invalid', async () => {
    const e = await memoryEngine();
    const tx = await e.beginTransaction(DB, {}, admin);
    await e.commit(DB, { writes: [], transaction: tx }, admin);
    await expect(e.commit(DB, { writes: [], transaction: tx }, admin)).rejects.toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/transaction .* is invalid or has expired/),
    });
    const rolled = await e.beginTransaction(DB, {}, admin);
    await e.rollback(DB, rolled, admin);
    await expect(e.rollback(DB, rolled, admin)).rejects.toMatchObject({ status: 'INVALID_ARGUMENT' });
    await expect(e.batchGet(DB, { documents: [], transaction: 'bm9wZQ==' }, admin)).rejects.toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
  });

  it('refuses writes in a read-only transaction', async () => {
    const e = await memoryEngine();
    const tx = await e.beginTransaction(DB, { readOnly: {} }, admin);
    await expect(e.commit(DB, { writes: [set('c/a', {})], transaction: tx }, admin)).rejects.toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
    expect(e.lookup(doc('c/a'))).toBeNull();
  });

  it('supports the web SDK style: batchGet, then commit with an updateTime precondition', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { n: 1 } });
    const [read] = await e.batchGet(DB, { documents: [doc('c/a')] }, admin);
    const seen = defined(read?.found?.updateTime, "The document's updateTime").replace('Z', '000Z');
    await put(e, { 'c/a': { n: 7 } });
    await expect(
      e.commit(DB, { writes: [{ ...set('c/a', { n: 2 }), currentDocument: { updateTime: seen } }] }, admin),
    ).rejects.toMatchObject({ status: 'FAILED_PRECONDITION' });
  });

  it('a write that changed nothing meanwhile neither aborts a transaction nor fails an updateTime precondition', async () => {
    const e = await memoryEngine();
    await put(e, { 'c/a': { n: 1 } });
    const [inTx] = await e.batchGet(DB, { documents: [doc('c/a')], newTransaction: { readWrite: {} } }, admin);
    const [read] = await e.batchGet(DB, { documents: [doc('c/a')] }, admin);
    const seen = defined(read?.found?.updateTime, "The document's updateTime");
    await put(e, { 'c/a': { n: 1 } });
    await e.commit(DB, { writes: [set('c/a', { n: 2 })], transaction: defined(inTx?.transaction, 'A transaction') }, admin);
    await put(e, { 'c/b': { n: 1 } });
    const [again] = await e.batchGet(DB, { documents: [doc('c/a')] }, admin);
    const now = defined(again?.found?.updateTime, "The document's updateTime");
    await put(e, { 'c/a': { n: 2 } });
    await e.commit(DB, { writes: [{ ...set('c/a', { n: 3 }), currentDocument: { updateTime: now } }] }, admin);
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ n: 3 }));
    expect(seen).not.toBe(now);
  });
});
