// The engine's history of changed documents, which resumed listeners are answered from: what
// changed after a version, how far back it reaches (start-up, resets, its bound), that it
// survives a restart through the journal, and that a commit changing nothing leaves no trace.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../backend/src/firestore/engine/engine.js';
import { ChangeHistory } from '../../../backend/src/firestore/engine/store.js';
import { DB, admin, doc, memoryEngine, set } from './helpers.js';

const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'history-test-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('change history', () => {
  it('names the documents written or deleted after a version', async () => {
    const e = await memoryEngine();
    const start = e.notifiedTime(DB);
    expect(e.changedSince(DB, start)).toEqual(new Set());
    const first = await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    expect(e.notifiedTime(DB)).toBe(first.commitTime);
    await e.commit(DB, { writes: [set('c/b', { x: 1 }), { delete: doc('c/a') }] }, admin);
    expect(e.changedSince(DB, first.commitTime)).toEqual(new Set([doc('c/a'), doc('c/b')]));
    expect(e.changedSince(DB, start)).toEqual(new Set([doc('c/a'), doc('c/b')]));
    expect(e.changedSince(DB, e.notifiedTime(DB))).toEqual(new Set());
    expect(e.changedSince('projects/other/databases/(default)', start)).toEqual(new Set());
  });

  it('does not reach back before the engine started, nor across a reset, nor answer for a later time', async () => {
    const e = await memoryEngine();
    expect(e.changedSince(DB, '2000-01-01T00:00:00Z')).toBeNull();
    // A token from another backend, made after anything this one has reported.
    expect(e.changedSince(DB, '2999-01-01T00:00:00Z')).toBeNull();
    const first = await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    await e.reset(DB);
    expect(e.changedSince(DB, first.commitTime)).toBeNull();
    const after = e.notifiedTime(DB);
    await e.commit(DB, { writes: [set('c/b', { x: 1 })] }, admin);
    expect(e.changedSince(DB, after)).toEqual(new Set([doc('c/b')]));
  });

  it('keeps at most its limit of names, forgetting the oldest commits first', () => {
    const history = new ChangeHistory(3);
    history.origin = 10n;
    history.record(DB, 11n, ['a', 'b']);
    history.record(DB, 12n, ['c']);
    expect(history.since(DB, 10n)).toEqual(new Set(['a', 'b', 'c']));
    history.record(DB, 13n, ['d']);
    expect(history.since(DB, 10n)).toBeNull();
    expect(history.since(DB, 11n)).toEqual(new Set(['c', 'd']));
    expect(history.since(DB, 12n)).toEqual(new Set(['d']));
  });

  it('reports a commit to listeners only once it is durable, and reaches across a restart', async () => {
    const dir = await tempDir();
    const first = await createEngine({ dataDir: dir });
    const a = await first.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    const pending = first.commit(DB, { writes: [set('c/b', { x: 1 })] }, admin);
    // Applied in memory at once, but not on disk yet: a resume token must not claim it.
    expect(first.currentTime(DB) > a.commitTime).toBe(true);
    expect(first.notifiedTime(DB)).toBe(a.commitTime);
    const b = await pending;
    expect(first.notifiedTime(DB)).toBe(b.commitTime);
    await first.close();

    const second = await createEngine({ dataDir: dir });
    expect(second.notifiedTime(DB) >= b.commitTime).toBe(true);
    expect(second.changedSince(DB, a.commitTime)).toEqual(new Set([doc('c/b')]));
    await second.commit(DB, { writes: [set('c/c', { x: 1 })] }, admin);
    expect(second.changedSince(DB, b.commitTime)).toEqual(new Set([doc('c/c')]));
    await second.close();

    // The third start-up's snapshot holds everything the second run wrote: its history begins there.
    const third = await createEngine({ dataDir: dir });
    expect(third.changedSince(DB, a.commitTime)).toBeNull();
    expect(third.changedSince(DB, third.notifiedTime(DB))).toEqual(new Set());
    await third.close();
  });

  it('a commit that changes nothing writes no journal record, and still waits for the commits before it', async () => {
    const dir = await tempDir();
    const e = await createEngine({ dataDir: dir });
    await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    const log = path.join(dir, 'log.dat');
    const size = (await fs.stat(log)).size;
    const before = e.notifiedTime(DB);
    const changing = e.commit(DB, { writes: [set('c/b', { x: 1 })] }, admin);
    await e.commit(DB, { writes: [set('c/b', { x: 1 })] }, admin);
    // Its answer rests on the commit before it, so that one is durable (and reported) first.
    expect(e.notifiedTime(DB) > before).toBe(true);
    await changing;
    const afterBoth = (await fs.stat(log)).size;
    await e.commit(DB, { writes: [set('c/a', { x: 1 }), { verify: doc('c/b') }] }, admin);
    expect((await fs.stat(log)).size).toBe(afterBoth);
    expect(afterBoth).toBeGreaterThan(size);
    await e.close();
  });
});
