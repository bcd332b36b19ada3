// Durable storage for an in-memory state: an append-only log of records plus a snapshot.
// Appends in the same tick share one fsync (group commit); each append resolves only once
// its bytes are synced. Opening replays snapshot + log, cuts a torn or corrupt log tail,
// and compacts; a large log is compacted into a fresh snapshot while running.

import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { decodeFrames, encodeFrame } from './frames.js';

export interface JournalOptions {
  dir: string;
  /**
   * Applies one record read back from disk, in the order it was written. Log records may
   * repeat what the snapshot already holds (a crash mid-compaction): the caller skips those.
   */
  replay: (record: unknown, source: 'snapshot' | 'log') => void;
  /** Records that rebuild the current state (written as the new snapshot). */
  snapshot: () => Iterable<object>;
  /** Log size that triggers compaction; default 64 MiB. */
  compactBytes?: number;
}

export interface Journal {
  /** Appends a record; `onDurable` runs (in append order) once synced, then the promise resolves. */
  append(record: object, onDurable?: () => void): Promise<void>;
  /** Waits for pending appends, then closes the files. */
  close(): Promise<void>;
}

const SNAPSHOT = 'snapshot.dat';
const SNAPSHOT_TMP = 'snapshot.tmp';
const LOG = 'log.dat';
/** Marks a complete snapshot; a snapshot without it is refused rather than half-loaded. */
const END_MARK = { $end: true };

interface Pending {
  bytes: Buffer;
  onDurable?: () => void;
  resolve: () => void;
  reject: (err: Error) => void;
}

export async function openJournal(options: JournalOptions): Promise<Journal> {
  const dir = options.dir;
  await fs.mkdir(dir, { recursive: true });
  await fs.rm(path.join(dir, SNAPSHOT_TMP), { force: true });
  await replaySnapshot(path.join(dir, SNAPSHOT), options.replay);
  await replayLog(path.join(dir, LOG), options.replay);
  await writeSnapshot(dir, options.snapshot());
  const journal = new FileJournal(dir, options.snapshot, options.compactBytes ?? 64 * 1024 * 1024);
  await journal.openFreshLog();
  return journal;
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function replaySnapshot(file: string, replay: JournalOptions['replay']): Promise<void> {
  const data = await readIfExists(file);
  if (data === null) return;
  const { records, validBytes } = decodeFrames(data);
  const last = records[records.length - 1] as { $end?: boolean } | undefined;
  if (validBytes !== data.length || !last?.$end) {
    throw new Error(`The snapshot ${file} is incomplete or corrupt; refusing to open the data directory.`);
  }
  for (let i = 0; i < records.length - 1; i++) replay(records[i], 'snapshot');
}

async function replayLog(file: string, replay: JournalOptions['replay']): Promise<void> {
  const data = await readIfExists(file);
  if (data === null) return;
  const { records, validBytes } = decodeFrames(data);
  for (const record of records) replay(record, 'log');
  if (validBytes < data.length) {
    // A torn or corrupt tail: a write the process never acknowledged. Cut it off.
    const handle = await fs.open(file, 'r+');
    try {
      await handle.truncate(validBytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

/** Writes a snapshot atomically: temp file, fsync, rename, fsync of the folder. */
async function writeSnapshot(dir: string, records: Iterable<object>): Promise<void> {
  const tmp = path.join(dir, SNAPSHOT_TMP);
  const handle = await fs.open(tmp, 'w');
  try {
    let chunk: Buffer[] = [];
    let size = 0;
    for (const record of records) {
      const frame = encodeFrame(record);
      chunk.push(frame);
      size += frame.length;
      if (size > 1 << 20) {
        await writeAll(handle, Buffer.concat(chunk));
        chunk = [];
        size = 0;
      }
    }
    chunk.push(encodeFrame(END_MARK));
    await writeAll(handle, Buffer.concat(chunk));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, path.join(dir, SNAPSHOT));
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on folders; the rename is still atomic there.
  } finally {
    await handle.close();
  }
}

async function writeAll(handle: fs.FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

class FileJournal implements Journal {
  private log: fs.FileHandle | null = null;
  private logBytes = 0;
  private pending: Pending[] = [];
  private scheduled = false;
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly snapshot: () => Iterable<object>,
    private readonly compactBytes: number,
  ) {}

  /** Starts an empty log (the snapshot just written holds everything before it). */
  async openFreshLog(): Promise<void> {
    await this.log?.close();
    const handle = await fs.open(path.join(this.dir, LOG), 'w');
    await handle.sync();
    this.log = handle;
    this.logBytes = 0;
    await syncDir(this.dir);
  }

  append(record: object, onDurable?: () => void): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The journal is closed.'));
    if (this.failure) return Promise.reject(this.failure);
    const bytes = encodeFrame(record);
    return new Promise((resolve, reject) => {
      this.pending.push({ bytes, onDurable, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    // setImmediate lets every commit of this tick join the same write and fsync.
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
        if (this.pending.length > 0) this.schedule();
      });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    try {
      if (this.failure) throw this.failure;
      const bytes = batch.length === 1 ? batch[0].bytes : Buffer.concat(batch.map((p) => p.bytes));
      await writeAll(this.log!, bytes);
      await this.log!.datasync();
      this.logBytes += bytes.length;
    } catch (err) {
      // After a failed write or sync the log's state is unknown: stop accepting appends.
      this.failure ??= new Error(`Writing the journal failed: ${(err as Error).message}`);
      for (const p of batch) p.reject(this.failure);
      return;
    }
    for (const p of batch) {
      try {
        p.onDurable?.();
      } finally {
        p.resolve();
      }
    }
    if (this.logBytes >= this.compactBytes) await this.compact();
  }

  /** Snapshot of the current state, then a fresh log. Pending appends go to the new log. */
  private async compact(): Promise<void> {
    try {
      await writeSnapshot(this.dir, this.snapshot());
      await this.openFreshLog();
    } catch (err) {
      this.failure ??= new Error(`Compacting the journal failed: ${(err as Error).message}`);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.flushing || this.scheduled || this.pending.length > 0) {
      if (this.flushing) await this.flushing;
      else await new Promise((resolve) => setImmediate(resolve));
    }
    await this.log?.close();
    this.log = null;
  }
}
