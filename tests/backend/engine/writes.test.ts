import { describe, expect, it } from 'vitest';
import type { CommitEvent } from '../../../backend/src/firestore/engine/api.js';
import type { FieldTransform, Write } from '../../../backend/src/firestore/types.js';
import { defined } from '../../support/defined.js';
import { DB, admin, doc, f, memoryEngine, set, v } from './helpers.js';

async function fails(p: Promise<unknown>): Promise<{ status: string; message: string }> {
  try {
    await p;
  } catch (err) {
    return err as { status: string; message: string };
  }
  throw new Error('expected a failure');
}

const update = (path: string, data: Record<string, unknown>, mask: string[], extra: Partial<Write> = {}): Write => ({
  update: { name: doc(path), fields: f(data) },
  updateMask: { fieldPaths: mask },
  ...extra,
});

/** A legacy transform write: `fieldTransforms` on the document at `path`. */
const transformWrite = (path: string, fieldTransforms: FieldTransform[]): Write => ({
  transform: { document: doc(path), fieldTransforms },
});

describe('commit: set, update and delete', () => {
  it('a set replaces every field', async () => {
    const e = await memoryEngine();
    await e.commit(DB, { writes: [set('c/a', { x: 1, y: 2 })] }, admin);
    await e.commit(DB, { writes: [set('c/a', { z: 3 })] }, admin);
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ z: 3 }));
  });

  it('an update with a mask changes only masked paths and deletes masked paths absent from the data', async () => {
    const e = await memoryEngine();
    await e.commit(DB, { writes: [set('c/a', { keep: 1, drop: 2, m: { a: 1, b: 2 } })] }, admin);
    await e.commit(DB, { writes: [update('c/a', { m: { b: 9 }, ignored: 5 }, ['m.b', 'drop', 'new.deep'])] }, admin);
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ keep: 1, m: { a: 1, b: 9 } }));
  });

  it('an update mask reaches fields whose names need backticks', async () => {
    const e = await memoryEngine();
    await e.commit(DB, { writes: [update('c/a', { 'a.b': { 'c-d': 1 } }, ['`a.b`.`c-d`'])] }, admin);
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ 'a.b': { 'c-d': 1 } }));
  });

  it('an update of a missing document with exists:true fails NOT_FOUND and changes nothing', async () => {
    const e = await memoryEngine();
    const err = await fails(
      e.commit(DB, { writes: [update('c/none', { a: 1 }, ['a'], { currentDocument: { exists: true } })] }, admin),
    );
    expect(err.status).toBe('NOT_FOUND');
    expect(err.message).toBe(`No document to update: ${doc('c/none')}`);
    expect(e.lookup(doc('c/none'))).toBeNull();
  });

  it('a create (exists:false) of an existing document fails ALREADY_EXISTS', async () => {
    const e = await memoryEngine();
    await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    const err = await fails(e.commit(DB, { writes: [{ ...set('c/a', { x: 2 }), currentDocument: { exists: false } }] }, admin));
    expect(err.status).toBe('ALREADY_EXISTS');
  });

  it('an updateTime precondition compares instants, so 9 fractional digits match', async () => {
    const e = await memoryEngine();
    const { commitTime } = await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    const nine = commitTime.replace(/\.(\d{6})Z$/, '.$1000Z');
    await e.commit(DB, { writes: [{ ...set('c/a', { x: 2 }), currentDocument: { updateTime: nine } }] }, admin);
    const err = await fails(
      e.commit(DB, { writes: [{ ...set('c/a', { x: 3 }), currentDocument: { updateTime: nine } }] }, admin),
    );
    expect(err.status).toBe('FAILED_PRECONDITION');
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ x: 2 }));
  });

  it('a verify write only checks its precondition', async () => {
    const e = await memoryEngine();
    const { commitTime } = await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    await e.commit(
      DB,
      { writes: [{ verify: doc('c/a'), currentDocument: { updateTime: commitTime } }, set('c/b', { y: 1 })] },
      admin,
    );
    expect(e.lookup(doc('c/a'))?.updateTime).toBe(commitTime);
    const err = await fails(e.commit(DB, { writes: [{ verify: doc('c/none'), currentDocument: { exists: true } }] }, admin));
    expect(err.status).toBe('NOT_FOUND');
  });

  it('a batch is atomic: one failing write leaves every document untouched', async () => {
    const e = await memoryEngine();
    await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    const err = await fails(
      e.commit(
        DB,
        { writes: [set('c/a', { x: 2 }), set('c/b', { y: 1 }), { delete: doc('c/x'), currentDocument: { exists: true } }] },
        admin,
      ),
    );
    expect(err.status).toBe('NOT_FOUND');
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ x: 1 }));
    expect(e.lookup(doc('c/b'))).toBeNull();
  });

  it('keeps createTime across updates and sets updateTime to the commit time', async () => {
    const e = await memoryEngine();
    const first = await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    const second = await e.commit(DB, { writes: [set('c/a', { x: 2 })] }, admin);
    const d = e.lookup(doc('c/a'))!;
    expect(d.createTime).toBe(first.commitTime);
    expect(d.updateTime).toBe(second.commitTime);
    expect(second.writeResults[0]?.updateTime).toBe(second.commitTime);
  });

  it('an update of a document deleted earlier in the same commit fails INVALID_ARGUMENT, as production answers', async () => {
    const e = await memoryEngine();
    await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    for (const path of ['c/a', 'c/none']) {
      const err = await fails(
        e.commit(
          DB,
          { writes: [{ delete: doc(path) }, update(path, { x: 2 }, ['x'], { currentDocument: { exists: true } })] },
          admin,
        ),
      );
      expect(err.status).toBe('INVALID_ARGUMENT');
      expect(err.message).toContain('deleted earlier in this commit');
    }
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ x: 1 }));
    // Deleted, then set again: the update finds a document.
    await e.commit(DB, { writes: [{ delete: doc('c/a') }, set('c/a', { x: 3 }), update('c/a', { y: 4 }, ['y'])] }, admin);
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ x: 3, y: 4 }));
  });
  it('gives strictly increasing microsecond commit times even when the clock stands still', async () => {
    const e = await (
      await import('../../../backend/src/firestore/engine/engine.js')
    ).createEngine({ now: () => new Date('2026-11-21T05:00:00.123Z') });
    const a = await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    const b = await e.commit(DB, { writes: [set('c/a', { x: 2 })] }, admin);
    expect(a.commitTime).toBe('2026-11-21T05:00:00.123000Z');
    expect(b.commitTime).toBe('2026-11-21T05:00:00.123001Z');
    expect(e.currentTime(DB)).toBe(b.commitTime);
  });

  it('deletes documents', async () => {
    const e = await memoryEngine();
    await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    await e.commit(DB, { writes: [{ delete: doc('c/a') }] }, admin);
    expect(e.lookup(doc('c/a'))).toBeNull();
    await expect(e.getDocument(doc('c/a'), admin)).rejects.toMatchObject({ status: 'NOT_FOUND' });
  });

  it('keeps projects and databases apart', async () => {
    const e = await memoryEngine();
    const other = 'projects/other/databases/(default)';
    await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    await e.commit(other, { writes: [{ update: { name: `${other}/documents/c/a`, fields: f({ x: 2 }) } }] }, admin);
    expect(e.lookup(doc('c/a'))?.fields).toEqual(f({ x: 1 }));
    expect(e.lookup(`${other}/documents/c/a`)?.fields).toEqual(f({ x: 2 }));
    await e.reset(other);
    expect(e.lookup(`${other}/documents/c/a`)).toBeNull();
    expect(e.lookup(doc('c/a'))).not.toBeNull();
  });

  it.each([
    [{ update: { name: `${DB}/documents/c`, fields: {} } }, /even number/],
    [{ update: { name: 'projects/x/databases/(default)/documents/c/a' } }, /not in the database/],
    [{ delete: doc('c/a'), verify: doc('c/a') }, /exactly one/],
    [{ update: { name: doc('c/a'), fields: { a: { arrayValue: { values: [{ arrayValue: {} }] } } } } }, /array/],
    [
      { update: { name: doc('c/a') }, updateTransforms: [{ fieldPath: 'n', increment: { stringValue: 'x' } }] },
      /integer or double/,
    ],
  ] as [Write, RegExp][])('rejects the malformed write %j with INVALID_ARGUMENT', async (write, message) => {
    const e = await memoryEngine();
    const err = await fails(e.commit(DB, { writes: [write] }, admin));
    expect(err.status).toBe('INVALID_ARGUMENT');
    expect(err.message).toMatch(message);
  });
});

describe('a write that changes nothing', () => {
  it('keeps the document and its update time, answers that time, and tells no listener', async () => {
    const e = await memoryEngine();
    const first = await e.commit(DB, { writes: [set('c/a', { x: 1, m: { p: 1, q: 2 } })] }, admin);
    const events: CommitEvent[] = [];
    e.onCommit((ev) => events.push(ev));
    const same = { update: { name: doc('c/a'), fields: { m: v({ q: 2, p: 1 }), x: v(1) } } };
    const second = await e.commit(DB, { writes: [same] }, admin);
    expect(second.commitTime > first.commitTime).toBe(true);
    expect(second.writeResults).toEqual([{ updateTime: first.commitTime }]);
    const third = await e.commit(DB, { writes: [update('c/a', { x: 1 }, ['x'])] }, admin);
    expect(third.writeResults).toEqual([{ updateTime: first.commitTime }]);
    expect(e.lookup(doc('c/a'))?.updateTime).toBe(first.commitTime);
    expect(events).toEqual([]);
    expect(e.changedSince(DB, first.commitTime)).toEqual(new Set());
  });

  it('a transform that leaves the value as it is changes nothing, and still answers its result', async () => {
    const e = await memoryEngine();
    const first = await e.commit(DB, { writes: [set('c/a', { n: 5, tags: ['a'] })] }, admin);
    const res = await e.commit(
      DB,
      {
        writes: [
          transformWrite('c/a', [
            { fieldPath: 'n', increment: v(0) },
            { fieldPath: 'n', maximum: v(1) },
            { fieldPath: 'tags', appendMissingElements: { values: [v('a')] } },
          ]),
        ],
      },
      admin,
    );
    expect(res.writeResults).toEqual([{ updateTime: first.commitTime, transformResults: [v(5), v(5), v(null)] }]);
    expect(e.lookup(doc('c/a'))?.updateTime).toBe(first.commitTime);
  });

  it('a commit that changes a document and changes it back leaves it unchanged', async () => {
    const e = await memoryEngine();
    const first = await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    const res = await e.commit(DB, { writes: [set('c/a', { x: 2 }), set('c/a', { x: 1 }), set('c/b', { y: 1 })] }, admin);
    expect(res.writeResults.map((r) => r.updateTime)).toEqual([first.commitTime, first.commitTime, res.commitTime]);
    expect(e.lookup(doc('c/a'))?.updateTime).toBe(first.commitTime);
    expect(e.changedSince(DB, first.commitTime)).toEqual(new Set([doc('c/b')]));
  });

  it('batchWrite answers it with the previous update time too', async () => {
    const e = await memoryEngine();
    const first = await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    const res = await e.batchWrite(DB, { writes: [set('c/a', { x: 1 }), set('c/b', { y: 1 })] }, admin);
    expect(res.writeResults[0]?.updateTime).toBe(first.commitTime);
    expect(res.writeResults[1]?.updateTime).not.toBe(first.commitTime);
    expect(e.lookup(doc('c/a'))?.updateTime).toBe(first.commitTime);
  });
});

describe('field transforms', () => {
  const transform = async (initial: Record<string, unknown> | null, transforms: Write['updateTransforms']) => {
    const e = await memoryEngine();
    if (initial) await e.commit(DB, { writes: [set('c/a', initial)] }, admin);
    const res = await e.commit(
      DB,
      { writes: [{ update: { name: doc('c/a') }, updateMask: { fieldPaths: [] }, updateTransforms: transforms }] },
      admin,
    );
    return {
      fields: e.lookup(doc('c/a'))!.fields,
      results: defined(res.writeResults[0], 'The write result').transformResults,
      commitTime: res.commitTime,
    };
  };

  it('sets the request time and returns it', async () => {
    const { fields, results, commitTime } = await transform(null, [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }]);
    expect(fields).toEqual({ at: { timestampValue: commitTime } });
    expect(results).toEqual([{ timestampValue: commitTime }]);
  });

  it('increments integers as integers, saturating at 64 bits', async () => {
    expect((await transform({ n: 5 }, [{ fieldPath: 'n', increment: v(2) }])).fields).toEqual(f({ n: 7 }));
    expect((await transform({ n: 9223372036854775800n }, [{ fieldPath: 'n', increment: v(100) }])).fields).toEqual(
      f({ n: 9223372036854775807n }),
    );
  });

  it('increments into a double when either side is a double, and sets non-numbers to the operand', async () => {
    expect((await transform({ n: 5 }, [{ fieldPath: 'n', increment: v(0.5) }])).fields).toEqual(f({ n: 5.5 }));
    expect((await transform({ n: 'text' }, [{ fieldPath: 'n', increment: v(3) }])).fields).toEqual(f({ n: 3 }));
    expect((await transform(null, [{ fieldPath: 'a.b', increment: v(1) }])).fields).toEqual(f({ a: { b: 1 } }));
  });

  it('applies maximum and minimum, keeping the stored value on ties', async () => {
    expect((await transform({ n: 5 }, [{ fieldPath: 'n', maximum: v(7) }])).fields).toEqual(f({ n: 7 }));
    expect((await transform({ n: 5 }, [{ fieldPath: 'n', maximum: { doubleValue: 5 } }])).fields).toEqual(f({ n: 5 }));
    expect((await transform({ n: 5 }, [{ fieldPath: 'n', minimum: v(2.5) }])).fields).toEqual(f({ n: 2.5 }));
  });

  it('unions missing elements and removes all equal elements, answering null results', async () => {
    const union = await transform({ a: [1, 2] }, [{ fieldPath: 'a', appendMissingElements: { values: [v(2), v(3), v(3)] } }]);
    expect(union.fields).toEqual(f({ a: [1, 2, 3] }));
    expect(union.results).toEqual([{ nullValue: 'NULL_VALUE' }]);
    const removed = await transform({ a: [1, 2, 1, 3.0] }, [{ fieldPath: 'a', removeAllFromArray: { values: [v(1), v(3)] } }]);
    expect(removed.fields).toEqual(f({ a: [2] }));
    expect((await transform({ a: 'x' }, [{ fieldPath: 'a', appendMissingElements: { values: [v(1)] } }])).fields).toEqual(
      f({ a: [1] }),
    );
  });

  it('returns one result per transform, in order, and supports legacy transform writes', async () => {
    const e = await memoryEngine();
    await e.commit(DB, { writes: [set('c/a', { n: 1 })] }, admin);
    const res = await e.commit(
      DB,
      {
        writes: [
          transformWrite('c/a', [
            { fieldPath: 'n', increment: v(1) },
            { fieldPath: 't', setToServerValue: 'REQUEST_TIME' },
          ]),
        ],
      },
      admin,
    );
    expect(res.writeResults[0]?.transformResults).toEqual([v(2), { timestampValue: res.commitTime }]);
    expect(e.lookup(doc('c/a'))?.fields).toEqual({ n: v(2), t: { timestampValue: res.commitTime } });
  });
});

describe('onCommit', () => {
  it('reports each commit once, in order, with before and after', async () => {
    const e = await memoryEngine();
    const events: CommitEvent[] = [];
    e.onCommit(() => {
      throw new Error('a broken listener');
    });
    const stop = e.onCommit((ev) => events.push(ev));
    await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    const second = await e.commit(DB, { writes: [set('c/a', { x: 2 }), { delete: doc('c/none') }] }, admin);
    stop();
    await e.commit(DB, { writes: [set('c/a', { x: 3 })] }, admin);
    expect(events).toHaveLength(2);
    expect(events[0]?.changes[0]).toMatchObject({ name: doc('c/a'), before: null, after: { fields: f({ x: 1 }) } });
    expect(events[1]?.commitTime).toBe(second.commitTime);
    expect(events[1]?.changes).toHaveLength(1);
    expect(events[1]?.changes[0]?.before?.fields).toEqual(f({ x: 1 }));
  });
});

describe('batchWrite', () => {
  it('applies each write on its own and reports a status per write', async () => {
    const e = await memoryEngine();
    const res = await e.batchWrite(
      DB,
      { writes: [set('c/a', { x: 1 }), { delete: doc('c/b'), currentDocument: { exists: true } }] },
      admin,
    );
    expect(res.status.map((s) => s.code)).toEqual([0, 5]);
    expect(res.writeResults[0]?.updateTime).toBeDefined();
    expect(e.lookup(doc('c/a'))).not.toBeNull();
  });

  it('refuses two writes to one document', async () => {
    const e = await memoryEngine();
    await expect(e.batchWrite(DB, { writes: [set('c/a', { x: 1 }), set('c/a', { x: 2 })] }, admin)).rejects.toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
  });
});

describe('limits and garbage', () => {
  it('refuses a document over 1 MiB', async () => {
    const e = await memoryEngine();
    const err = await fails(e.commit(DB, { writes: [set('c/big', { s: 'x'.repeat(1_048_600) })] }, admin));
    expect(err.status).toBe('INVALID_ARGUMENT');
    expect(err.message).toMatch(/maximum/);
    await e.commit(DB, { writes: [set('c/fine', { s: 'x'.repeat(1_000_000) })] }, admin);
  });

  it.each([
    ['commit', { writes: 'nope' }],
    ['commit', { writes: [null] }],
    ['commit', { writes: [{ update: { name: doc('c/a'), fields: [] } }] }],
    ['commit', { writes: [{ update: { name: doc('c/a') }, updateTransforms: [{ fieldPath: 'a', appendMissingElements: 3 }] }] }],
    ['commit', { writes: [{ update: { name: doc('c/a') }, updateMask: { fieldPaths: 'a' } }] }],
    ['batchGet', { documents: 'x' }],
    ['batchGet', { documents: [7] }],
    ['runQuery', { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'c' }], orderBy: 'x' } }],
    ['runQuery', { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'c' }], where: { fieldFilter: null } } }],
    ['runQuery', { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'c' }], startAt: { values: 1 } } }],
    ['runQuery', { parent: 7, structuredQuery: { from: [{ collectionId: 'c' }] } }],
    [
      'runAggregationQuery',
      {
        parent: `${DB}/documents`,
        structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'c' }] }, aggregations: [{ sum: 5 }] },
      },
    ],
  ])('%s with %j fails with a client error, not a crash', async (method, req) => {
    const e = await memoryEngine();
    const call = defined(
      (e as unknown as Record<string, (db: string, r: unknown, c: unknown) => Promise<unknown>>)[method],
      `The engine's ${method}`,
    ).bind(e);
    const err = await fails(call(DB, req, admin));
    expect(err.status).toBe('INVALID_ARGUMENT');
  });
});
