// The Listen logic shared by the adapters (openListen), against a real in-memory engine: the
// response sequence, resume (only what changed since the token), removal acknowledgements,
// limit queries and errors per target.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Identity } from '../../../backend/src/authz/identity.js';
import type { FirestoreEngine } from '../../../backend/src/firestore/engine/api.js';
import { createEngine } from '../../../backend/src/firestore/engine/engine.js';
import type { ApiError } from '../../../backend/src/firestore/errors.js';
import type { ListenResponse, StructuredQuery } from '../../../backend/src/firestore/types.js';
import { openListen, parseTimestamp, type ListenStream } from '../../../backend/src/firestore/watch.js';
import { defined } from '../../support/defined.js';

const DB = 'projects/demo-watch/databases/(default)';
const ADMIN: Identity = { admin: true, auth: null };
const name = (path: string) => `${DB}/documents/${path}`;

describe('openListen', () => {
  let engine: FirestoreEngine;
  let out: ListenResponse[];
  let failures: ApiError[];
  let stream: ListenStream;

  const set = (path: string, score: number) =>
    engine.commit(
      DB,
      { writes: [{ update: { name: name(path), fields: { score: { integerValue: String(score) } } } }] },
      { identity: ADMIN },
    );
  const remove = (path: string) => engine.commit(DB, { writes: [{ delete: name(path) }] }, { identity: ADMIN });
  const top2: StructuredQuery = {
    from: [{ collectionId: 'scores' }],
    orderBy: [{ field: { fieldPath: 'score' }, direction: 'DESCENDING' }],
    limit: 2,
  };
  const queryTarget = (targetId: number, q: StructuredQuery = top2, extra: object = {}) => ({
    database: DB,
    addTarget: { targetId, query: { parent: `${DB}/documents`, structuredQuery: q }, ...extra },
  });
  const kinds = (rs: ListenResponse[]) =>
    rs.map((r) =>
      r.targetChange
        ? `${r.targetChange.targetChangeType}${r.targetChange.targetIds ? r.targetChange.targetIds.join(',') : ''}`
        : r.documentChange
          ? `change:${r.documentChange.document.name.split('/').pop()}+${(r.documentChange.targetIds ?? []).join(',')}-${(r.documentChange.removedTargetIds ?? []).join(',')}`
          : r.documentDelete
            ? `delete:${r.documentDelete.document.split('/').pop()}`
            : r.documentRemove
              ? `remove:${r.documentRemove.document.split('/').pop()}`
              : 'filter',
    );

  /** A Listen stream on the test's engine that records what it sends and how it fails. */
  const listen = (): ListenStream =>
    openListen(
      engine,
      DB,
      ADMIN,
      (r) => out.push(r),
      (e) => failures.push(e),
    );

  beforeEach(async () => {
    engine = await createEngine({});
    out = [];
    failures = [];
    await set('scores/a', 1);
    await set('scores/b', 5);
    await set('scores/c', 3);
    stream = listen();
  });
  afterEach(async () => {
    stream.close();
    await engine.close();
  });

  it('sends ADD, the documents, CURRENT and a global NO_CHANGE with a read time', () => {
    stream.request(queryTarget(2));
    expect(kinds(out)).toEqual(['ADD2', 'change:b+2-', 'change:c+2-', 'CURRENT2', 'NO_CHANGE']);
    const global = defined(out[4]?.targetChange, 'The global NO_CHANGE');
    expect(global.targetIds).toBeUndefined();
    expect(global.resumeToken).toBeTruthy();
    expect(parseTimestamp(global.readTime!)).not.toBeNull();
  });

  it('a limit query reports the document pushed out and the one pulled in', async () => {
    stream.request(queryTarget(2));
    out.length = 0;
    await set('scores/d', 4);
    expect(kinds(out)).toEqual(['change:d+2-', 'remove:c', 'NO_CHANGE']);
    out.length = 0;
    await remove('scores/b');
    // Within one snapshot the order of changes does not matter to the SDK.
    expect(kinds(out).slice(0, 2).sort()).toEqual(['change:c+2-', 'delete:b']);
    expect(kinds(out)[2]).toBe('NO_CHANGE');
  });

  it('identical queries on one stream are recomputed once and both updated', async () => {
    stream.request(queryTarget(2));
    stream.request(queryTarget(4));
    out.length = 0;
    await set('scores/e', 9);
    expect(kinds(out)).toEqual(['change:e+2,4-', 'remove:c', 'NO_CHANGE']);
    expect(out[1]?.documentRemove?.removedTargetIds).toEqual([2, 4]);
  });

  it('a document that stops matching a filter is sent with removedTargetIds; untouched targets hear nothing', async () => {
    const high: StructuredQuery = {
      from: [{ collectionId: 'scores' }],
      where: { fieldFilter: { field: { fieldPath: 'score' }, op: 'GREATER_THAN', value: { integerValue: '2' } } },
    };
    stream.request(queryTarget(2, high));
    stream.request({ database: DB, addTarget: { targetId: 6, documents: { documents: [name('other/x')] } } });
    out.length = 0;
    await set('scores/b', 0);
    expect(kinds(out)).toEqual(['change:b+-2', 'NO_CHANGE']);
    out.length = 0;
    await set('unrelated/z', 1);
    expect(out).toEqual([]);
  });

  it('read times never go backwards', async () => {
    stream.request(queryTarget(2));
    await set('scores/f', 8);
    await set('scores/g', 9);
    const times = out
      .filter((r) => r.targetChange?.targetChangeType === 'NO_CHANGE')
      .map((r) => parseTimestamp(r.targetChange!.readTime!)!);
    expect(times.length).toBe(3);
    for (const [i, time] of times.slice(1).entries()) expect(time >= defined(times[i], 'The previous read time')).toBe(true);
  });

  describe('resuming', () => {
    const high: StructuredQuery = {
      from: [{ collectionId: 'scores' }],
      where: { fieldFilter: { field: { fieldPath: 'score' }, op: 'GREATER_THAN', value: { integerValue: '2' } } },
    };
    /** Listens on a first stream, takes the token of its last global NO_CHANGE, and closes it. */
    const tokenOf = (request: object): { resumeToken: string; readTime: string } => {
      stream.request(request as never);
      const global = out.filter((r) => r.targetChange?.targetChangeType === 'NO_CHANGE').at(-1)?.targetChange;
      stream.close();
      out.length = 0;
      return { resumeToken: defined(global?.resumeToken, 'A resume token'), readTime: defined(global?.readTime, 'A read time') };
    };
    const reopen = (): ListenStream => {
      stream = listen();
      return stream;
    };
    const billed = async (work: () => Promise<void> | void): Promise<number> => {
      const before = engine.readCount(DB);
      await work();
      return engine.readCount(DB) - before;
    };

    it('a query target gets only what changed since its token and the removals', async () => {
      const token = tokenOf(queryTarget(2, high));
      await set('scores/b', 6);
      await remove('scores/c');
      await set('scores/d', 4);
      await set('scores/a', 2);
      await set('other/z', 9);
      const reads = await billed(() =>
        reopen().request(queryTarget(2, high, { resumeToken: token.resumeToken, expectedCount: 2 })),
      );
      const seen = kinds(out);
      expect(seen[0]).toBe('ADD2');
      // Within one snapshot the order of changes does not matter to the SDK.
      expect(seen.slice(1, 5).sort()).toEqual(['change:b+2-', 'change:d+2-', 'delete:c', 'remove:a']);
      expect(seen.slice(5)).toEqual(['CURRENT2', 'NO_CHANGE']);
      expect(reads).toBe(2);
      const time = parseTimestamp(defined(out.at(-1)?.targetChange?.readTime, 'The NO_CHANGE read time'));
      expect(time! >= parseTimestamp(token.readTime)!).toBe(true);
    });

    it('a resume with nothing changed sends no documents and bills no reads', async () => {
      const token = tokenOf(queryTarget(2, high));
      await set('unrelated/z', 1);
      const reads = await billed(() => reopen().request(queryTarget(2, high, { resumeToken: token.resumeToken })));
      expect(kinds(out)).toEqual(['ADD2', 'CURRENT2', 'NO_CHANGE']);
      expect(reads).toBe(0);
    });

    it('the resumed target then follows later commits as before', async () => {
      const token = tokenOf(queryTarget(2, high));
      reopen().request(queryTarget(2, high, { resumeToken: token.resumeToken }));
      out.length = 0;
      await set('scores/c', 0);
      expect(kinds(out)).toEqual(['change:c+-2', 'NO_CHANGE']);
    });

    it('a documents target gets its document only if it changed, and a delete if it was deleted', async () => {
      const docs = (targetId: number, extra: object = {}) => ({
        database: DB,
        addTarget: { targetId, documents: { documents: [name('scores/a'), name('scores/b'), name('scores/c')] }, ...extra },
      });
      const token = tokenOf(docs(4));
      await set('scores/a', 7);
      await remove('scores/b');
      const reads = await billed(() => reopen().request(docs(4, { resumeToken: token.resumeToken })));
      expect(kinds(out)).toEqual(['ADD4', 'change:a+4-', 'delete:b', 'CURRENT4', 'NO_CHANGE']);
      expect(reads).toBe(1);
    });

    it('a limit query, whose window may have moved over unchanged documents, gets a RESET and the whole result', async () => {
      const token = tokenOf(queryTarget(2, top2));
      await set('scores/d', 4);
      reopen().request(queryTarget(2, top2, { resumeToken: token.resumeToken }));
      expect(kinds(out)[0]).toBe('ADD2');
      expect(kinds(out)[1]).toBe('RESET2');
      expect(kinds(out).slice(-2)).toEqual(['CURRENT2', 'NO_CHANGE']);
      expect(kinds(out).filter((kind) => kind.startsWith('change:'))).toHaveLength(2);
    });

    it('a token from before a reset, or a bare readTime, gets a RESET and the whole result', async () => {
      const token = tokenOf(queryTarget(2));
      await engine.reset(DB);
      await set('scores/b', 5);
      await set('scores/c', 3);
      reopen().request(queryTarget(2, top2, { resumeToken: token.resumeToken }));
      expect(kinds(out)).toEqual(['ADD2', 'RESET2', 'change:b+2-', 'change:c+2-', 'CURRENT2', 'NO_CHANGE']);
      out.length = 0;
      stream.request(queryTarget(4, top2, { readTime: token.readTime }));
      expect(kinds(out)).toEqual(['ADD4', 'RESET4', 'change:b+4-', 'change:c+4-', 'CURRENT4', 'NO_CHANGE']);
      const time = parseTimestamp(defined(out[5]?.targetChange?.readTime, 'The NO_CHANGE read time'));
      expect(time! >= parseTimestamp(token.readTime)!).toBe(true);
    });
  });

  it('acknowledges removeTarget with REMOVE and stops sending for it', async () => {
    stream.request(queryTarget(2));
    out.length = 0;
    stream.request({ removeTarget: 2 });
    expect(kinds(out)).toEqual(['REMOVE2']);
    out.length = 0;
    await set('scores/z', 100);
    expect(out).toEqual([]);
  });

  it('a bad query removes that target with INVALID_ARGUMENT; the stream stays up', () => {
    stream.request(
      queryTarget(2, {
        from: [{ collectionId: 'scores' }],
        where: { fieldFilter: { field: { fieldPath: 'score' }, op: 'BOGUS' as 'EQUAL', value: { integerValue: '1' } } },
      }),
    );
    expect(out[0]?.targetChange).toMatchObject({ targetChangeType: 'REMOVE', targetIds: [2], cause: { code: 3 } });
    stream.request(queryTarget(4));
    expect(kinds(out.slice(1))[0]).toBe('ADD4');
    expect(failures).toEqual([]);
  });

  it('a target the caller may not read is removed with PERMISSION_DENIED', async () => {
    engine.authorizer = (access) => ({ allow: !access.path.includes('/scores') });
    const user: Identity = { admin: false, auth: { uid: 'u', token: {}, signInProvider: 'custom' } };
    const guarded = openListen(
      engine,
      DB,
      user,
      (r) => out.push(r),
      (e) => failures.push(e),
    );
    out.length = 0;
    guarded.request(queryTarget(2));
    guarded.request({ database: DB, addTarget: { targetId: 4, documents: { documents: [name('open/o')] } } });
    expect(out[0]?.targetChange).toMatchObject({ targetChangeType: 'REMOVE', targetIds: [2], cause: { code: 7 } });
    expect(kinds(out.slice(1))).toEqual(['ADD4', 'CURRENT4', 'NO_CHANGE']);
    guarded.close();
  });

  it('a malformed request fails the stream with INVALID_ARGUMENT', () => {
    stream.request({ database: DB } as never);
    expect(failures.map((f) => f.status)).toEqual(['INVALID_ARGUMENT']);
  });
});
