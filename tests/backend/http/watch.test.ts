// The Listen logic shared by the adapters (openListen), against a real in-memory engine: the
// response sequence, resume, removal acknowledgements, limit queries and errors per target.

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

  beforeEach(async () => {
    engine = await createEngine({});
    out = [];
    failures = [];
    await set('scores/a', 1);
    await set('scores/b', 5);
    await set('scores/c', 3);
    stream = openListen(
      engine,
      DB,
      ADMIN,
      (r) => out.push(r),
      (e) => failures.push(e),
    );
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

  it('a resumed target is RESET and re-sent in full, at a read time no older than the token', () => {
    stream.request(queryTarget(2));
    const token = out.find((r) => r.targetChange?.targetChangeType === 'CURRENT')!.targetChange!;
    const other = openListen(
      engine,
      DB,
      ADMIN,
      (r) => out.push(r),
      (e) => failures.push(e),
    );
    out.length = 0;
    other.request(queryTarget(2, top2, { resumeToken: token.resumeToken, expectedCount: 2 }));
    expect(kinds(out)).toEqual(['ADD2', 'RESET2', 'change:b+2-', 'change:c+2-', 'CURRENT2', 'NO_CHANGE']);
    expect(
      parseTimestamp(defined(out[5]?.targetChange?.readTime, 'The NO_CHANGE read time'))! >= parseTimestamp(token.readTime!)!,
    ).toBe(true);
    other.close();
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
