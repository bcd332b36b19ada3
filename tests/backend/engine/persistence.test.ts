import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../backend/src/authz/identity.js';
import { createEngine } from '../../../backend/src/firestore/engine/engine.js';
import { openListen } from '../../../backend/src/firestore/watch.js';
import { DB, ROOT, admin, doc, f, set, v } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'engine-test-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** An engine with a journal, c/a stored at x = 1, and the names whose changes the engine has reported durable. */
async function engineOnDisk() {
  const e = await createEngine({ dataDir: await tempDir() });
  await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
  const durable = new Set<string>();
  e.onCommit((event) => event.changes.forEach((change) => durable.add(change.name)));
  return { e, durable };
}

describe('persistence', () => {
  it('keeps documents, times and versions across a restart', async () => {
    const dir = await tempDir();
    const first = await createEngine({ dataDir: dir });
    const created = await first.commit(DB, { writes: [set('c/a', { x: 1 }), set('c/b', { y: 'é✓😀' })] }, admin);
    await first.commit(DB, { writes: [set('c/a', { x: 2 }), { delete: doc('c/b') }] }, admin);
    const before = first.currentTime(DB);
    await first.close();

    const second = await createEngine({ dataDir: dir });
    const a = second.lookup(doc('c/a'));
    expect(a?.fields).toEqual(f({ x: 2 }));
    expect(a?.createTime).toBe(created.commitTime);
    expect(second.lookup(doc('c/b'))).toBeNull();
    expect(second.currentTime(DB)).toBe(before);
    const later = await second.commit(DB, { writes: [set('c/c', {})] }, admin);
    expect(later.commitTime > before).toBe(true);
    await second.close();
  });

  it('makes reset and import durable', async () => {
    const dir = await tempDir();
    const first = await createEngine({ dataDir: dir });
    await first.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    await first.reset();
    await first.importDocuments([{ name: doc('c/imported'), fields: f({ k: true }) }]);
    await first.close();
    const second = await createEngine({ dataDir: dir });
    expect(second.exportDocuments().map((d) => d.name)).toEqual([doc('c/imported')]);
    await second.close();
  });

  it('fires onCommit only after the commit is on disk, in commit order', async () => {
    const dir = await tempDir();
    const e = await createEngine({ dataDir: dir });
    const times: string[] = [];
    e.onCommit((ev) => times.push(ev.commitTime));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => e.commit(DB, { writes: [set(`c/d${i}`, { i })] }, admin)),
    );
    expect(times).toEqual(results.map((r) => r.commitTime));
    expect([...times].sort()).toEqual(times);
    await e.close();
  });

  it('answers no read with a write before that write is on disk', async () => {
    const { e, durable } = await engineOnDisk();
    const parent = ROOT;
    const query = { from: [{ collectionId: 'c' }] };
    // The write is in memory at once; its journal record is written a moment later.
    const committed = e.commit(DB, { writes: [set('c/a', { x: 2 })] }, admin);
    const answers = await Promise.all([
      e.batchGet(DB, { documents: [doc('c/a')] }, admin).then((out) => [out[0]?.found?.fields, durable.has(doc('c/a'))]),
      e
        .runQuery(DB, { parent, structuredQuery: query }, admin)
        .then((out) => [out[0]?.document?.fields, durable.has(doc('c/a'))]),
      e.getDocument(doc('c/a'), admin).then((found) => [found.fields, durable.has(doc('c/a'))]),
      e.listDocuments({ parent, collectionId: 'c' }, admin).then((out) => [out.documents?.[0]?.fields, durable.has(doc('c/a'))]),
    ]);
    expect(answers).toEqual(Array.from({ length: 4 }, () => [f({ x: 2 }), true]));
    await committed;
    await e.close();
  });

  it("shows a listen's first snapshot only once what it shows is on disk, then the write's own change", async () => {
    const { e, durable } = await engineOnDisk();
    const seen: { what: string; durable: boolean }[] = [];
    const stream = openListen(
      e,
      DB,
      ADMIN,
      (res) => {
        const what = res.documentChange
          ? `x=${JSON.stringify(res.documentChange.document?.fields?.x)}`
          : (res.targetChange?.targetChangeType ?? '?');
        seen.push({ what, durable: durable.has(doc('c/a')) });
      },
      (err) => seen.push({ what: `failed: ${err.message}`, durable: false }),
    );
    // The write is in memory at once; its journal record is written a moment later.
    const committed = e.commit(DB, { writes: [set('c/a', { x: 2 })] }, admin);
    stream.request({ addTarget: { targetId: 1, query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }] } } } });
    expect(seen).toEqual([]);
    await committed;
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(6);
    stream.close();
    expect(seen).toEqual(
      ['ADD', 'x=2', 'CURRENT', 'NO_CHANGE', 'x=2', 'NO_CHANGE']
        .map((what) => what.replace('x=2', `x=${JSON.stringify(v(2))}`))
        .map((what) => ({ what, durable: true })),
    );
    await e.close();
  });

  it('compacts a large log into a snapshot while running, losing nothing', async () => {
    const dir = await tempDir();
    const e = await createEngine({ dataDir: dir, compactBytes: 4096 });
    for (let i = 0; i < 60; i++) await e.commit(DB, { writes: [set(`c/d${i % 7}`, { i, pad: 'p'.repeat(100) })] }, admin);
    await e.close();
    expect((await fs.stat(path.join(dir, 'log.dat'))).size).toBeLessThan(4096 + 1024);
    const again = await createEngine({ dataDir: dir });
    expect(again.lookup(doc('c/d3'))?.fields?.i).toEqual({ integerValue: '59' });
    expect(again.exportDocuments()).toHaveLength(7);
    await again.close();
  });

  it('cuts a torn log tail (a frame cut short at the end) and opens cleanly', async () => {
    const dir = await tempDir();
    const e = await createEngine({ dataDir: dir });
    await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, admin);
    await e.commit(DB, { writes: [set('c/b', { x: 2 })] }, admin);
    await e.close();
    const log = path.join(dir, 'log.dat');
    const bytes = await fs.readFile(log);
    // A crash mid-append: the file ends inside its last frame.
    await fs.writeFile(log, bytes.subarray(0, bytes.length - 3));

    const lines: string[] = [];
    const reopened = await createEngine({ dataDir: dir, log: (line) => lines.push(line) });
    expect(reopened.lookup(doc('c/a'))?.fields).toEqual(f({ x: 1 }));
    expect(reopened.lookup(doc('c/b'))).toBeNull();
    expect(lines.join('\n')).toMatch(
      /Cut a torn tail off .*log\.dat: \d+ bytes \(1 incomplete record\) at byte \d+; 1 intact records kept/,
    );
    await reopened.commit(DB, { writes: [set('c/c', {})] }, admin);
    await reopened.close();
    const third = await createEngine({ dataDir: dir });
    expect(third.exportDocuments().map((d) => d.name)).toEqual([doc('c/a'), doc('c/c')]);
    await third.close();
  });

  it('loses no acknowledged commit when the process is killed mid-write', async () => {
    const dir = await tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/crashWriter.ts'), dir, '65536'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const acked = new Set<number>();
    let buffer = '';
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the writer did not get going: ${stderr}`)), 25_000);
      child.stdout.on('data', (d: Buffer) => {
        buffer += d.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) if (line.startsWith('ack ')) acked.add(Number(line.slice(4)));
        if (acked.size >= 1500) {
          clearTimeout(timer);
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => {
        clearTimeout(timer);
        if (acked.size < 1500) reject(new Error(`the writer exited early: ${stderr}`));
      });
    });
    await exited;

    const e = await createEngine({ dataDir: dir });
    const missing = [...acked].filter((i) => e.lookup(doc(`c/d${i}`)) === null);
    expect(missing).toEqual([]);
    // Every commit is atomic: the counter equals the number of documents written.
    const written = e.query(`${DB}/documents`, { from: [{ collectionId: 'c' }] }).length;
    expect(written).toBeGreaterThanOrEqual(acked.size);
    expect(e.lookup(doc('counters/all'))?.fields?.n).toEqual({ integerValue: String(written) });
    await e.close();
  }, 60_000);
});
