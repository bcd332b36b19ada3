// A damaged data folder is refused with the file and the offset, without changing a byte; only a
// torn tail (a crash mid-append) is cut, and reported. Salvage keeps the damaged file aside and
// recovers every intact record before and after the damage.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../backend/src/firestore/engine/engine.js';
import type { FirestoreEngine } from '../../../backend/src/firestore/engine/api.js';
import { decodeFrames } from '../../../backend/src/persistence/frames.js';
import { DamagedDataError } from '../../../backend/src/persistence/journal.js';
import { DB, admin, doc, set } from './helpers.js';

const COUNT = 500;
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** A data folder whose log holds COUNT acknowledged commits, one document each. */
async function folderWithLog(): Promise<{ dir: string; log: string; frameStarts: number[] }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'journal-damage-'));
  dirs.push(dir);
  const engine = await createEngine({ dataDir: dir });
  for (let i = 0; i < COUNT; i++) await engine.commit(DB, { writes: [set(`c/d${i}`, { i })] }, admin);
  await engine.close();
  const log = path.join(dir, 'log.dat');
  const bytes = await fs.readFile(log);
  const frameStarts: number[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    frameStarts.push(offset);
    offset += 8 + bytes.readUInt32LE(offset);
  }
  expect(decodeFrames(bytes).records).toHaveLength(COUNT);
  return { dir, log, frameStarts };
}

async function flipByte(file: string, at: number): Promise<Buffer> {
  const bytes = await fs.readFile(file);
  bytes[at] = (bytes[at] ?? 0) ^ 0x5a;
  await fs.writeFile(file, bytes);
  return bytes;
}

function present(engine: FirestoreEngine): number[] {
  return Array.from({ length: COUNT }, (_, i) => i).filter((i) => engine.lookup(doc(`c/d${i}`)) !== null);
}

async function refusal(dir: string): Promise<DamagedDataError> {
  const error = await createEngine({ dataDir: dir }).then(
    async (engine) => {
      await engine.close();
      throw new Error('the damaged folder was opened');
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(DamagedDataError);
  return error as DamagedDataError;
}

describe('a damaged journal', () => {
  for (const [where, frameIndex] of [
    ['at the start', 0],
    ['in the middle', Math.floor(COUNT / 4)],
  ] as const) {
    it(`refuses a log with a flipped byte ${where}, changes nothing, and salvage recovers every other record`, async () => {
      const { dir, log, frameStarts } = await folderWithLog();
      const start = frameStarts[frameIndex]!;
      const damaged = await flipByte(log, start + 20);

      const error = await refusal(dir);
      expect(error.file).toBe(log);
      expect(error.offset).toBe(start);
      expect(error.message).toContain(`${log} is damaged at byte ${start}`);
      expect(error.message).toContain('--salvage');
      // Every byte kept: no cut, no compaction, no snapshot written over it.
      expect(await fs.readFile(log)).toEqual(damaged);
      expect(await fs.readdir(dir)).toEqual(['log.dat', 'snapshot.dat']);

      const lines: string[] = [];
      const salvaged = await createEngine({ dataDir: dir, salvage: true, log: (line) => lines.push(line) });
      expect(present(salvaged)).toEqual(Array.from({ length: COUNT }, (_, i) => i).filter((i) => i !== frameIndex));
      const report = lines.join('\n');
      expect(report).toContain(`recovered ${COUNT - 1} intact records; skipped 1 damaged stretch: bytes ${start}-`);
      const aside = (await fs.readdir(dir)).find((name) => name.startsWith('log.dat.damaged-'));
      expect(aside).toBeDefined();
      expect(await fs.readFile(path.join(dir, aside!))).toEqual(damaged);
      await salvaged.commit(DB, { writes: [set('c/after', {})] }, admin);
      await salvaged.close();

      // The salvaged folder opens normally from then on, with what salvage recovered.
      const reopened = await createEngine({ dataDir: dir });
      expect(present(reopened)).toHaveLength(COUNT - 1);
      expect(reopened.lookup(doc('c/after'))).not.toBeNull();
      await reopened.close();
    });
  }

  it('refuses a log whose last complete record has a flipped byte (it was acknowledged)', async () => {
    const { dir, log, frameStarts } = await folderWithLog();
    const last = frameStarts[COUNT - 1]!;
    const bytes = await fs.readFile(log);
    await flipByte(log, bytes.length - 3);
    expect((await refusal(dir)).offset).toBe(last);

    const salvaged = await createEngine({ dataDir: dir, salvage: true });
    expect(present(salvaged)).toHaveLength(COUNT - 1);
    await salvaged.close();
  });

  it('refuses a damaged length field instead of reading the rest of the log as one torn frame', async () => {
    const { dir, log, frameStarts } = await folderWithLog();
    const start = frameStarts[100]!;
    const bytes = await fs.readFile(log);
    bytes.writeUInt32LE(0x00ffffff, start);
    await fs.writeFile(log, bytes);
    expect((await refusal(dir)).offset).toBe(start);

    const salvaged = await createEngine({ dataDir: dir, salvage: true });
    expect(present(salvaged)).toHaveLength(COUNT - 1);
    expect(salvaged.lookup(doc('c/d100'))).toBeNull();
    await salvaged.close();
  });

  it('cuts a log truncated mid-record, keeps every complete record, and reports the cut', async () => {
    const { dir, log, frameStarts } = await folderWithLog();
    const last = frameStarts[COUNT - 1]!;
    const bytes = await fs.readFile(log);
    await fs.writeFile(log, bytes.subarray(0, last + 11));

    const lines: string[] = [];
    const engine = await createEngine({ dataDir: dir, log: (line) => lines.push(line) });
    expect(present(engine)).toHaveLength(COUNT - 1);
    expect(lines).toEqual([
      `Cut a torn tail off ${log}: 11 bytes (1 incomplete record) at byte ${last}; ${COUNT - 1} intact records kept.`,
    ]);
    await engine.close();
  });

  it('cuts zeros the file system extended but never wrote at the end of the log', async () => {
    const { dir, log } = await folderWithLog();
    const bytes = await fs.readFile(log);
    await fs.writeFile(log, Buffer.concat([bytes, Buffer.alloc(4096)]));
    const lines: string[] = [];
    const engine = await createEngine({ dataDir: dir, log: (line) => lines.push(line) });
    expect(present(engine)).toHaveLength(COUNT);
    expect(lines[0]).toContain(`4096 bytes (1 incomplete record) at byte ${bytes.length}`);
    await engine.close();
  });

  it('refuses a damaged snapshot, and salvage recovers the intact part of it and the whole log', async () => {
    const { dir } = await folderWithLog();
    // Reopening compacts the log into the snapshot; then more commits go to a fresh log.
    const engine = await createEngine({ dataDir: dir });
    for (let i = 0; i < 10; i++) await engine.commit(DB, { writes: [set(`later/l${i}`, { i })] }, admin);
    await engine.close();
    const snapshot = path.join(dir, 'snapshot.dat');
    const bytes = await fs.readFile(snapshot);
    // The snapshot holds the 500 documents in one chunk (500 per record) and the end mark;
    // damage the end mark so the documents' chunk stays intact.
    const damaged = await flipByte(snapshot, bytes.length - 4);

    const error = await refusal(dir);
    expect(error.file).toBe(snapshot);
    expect(await fs.readFile(snapshot)).toEqual(damaged);

    const lines: string[] = [];
    const salvaged = await createEngine({ dataDir: dir, salvage: true, log: (line) => lines.push(line) });
    expect(present(salvaged)).toHaveLength(COUNT);
    for (let i = 0; i < 10; i++) expect(salvaged.lookup(doc(`later/l${i}`))).not.toBeNull();
    expect(lines.join('\n')).toMatch(/Salvaged .*snapshot\.dat: recovered 1 intact records; skipped 1 damaged stretch/);
    await salvaged.close();
  });
});
