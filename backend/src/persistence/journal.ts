// Durable storage for an in-memory state: an append-only log of records plus a snapshot.
// Appends in the same tick share one fsync (group commit); each append resolves only once
// its bytes are synced. Opening replays snapshot + log, cuts (and reports) a torn log tail,
// refuses damaged files without changing a byte, and compacts; a large log is compacted
// into a fresh snapshot while running. Salvage mode keeps damaged files aside and recovers
// every intact record around the damage.

import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { decodeFrames, encodeFrame, salvageFrames } from './frames.js';

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
  /**
   * Opens damaged files anyway: each is renamed aside (`<name>.damaged-<time>`) and every
   * intact record in it, before and after the damage, is replayed. Off by default.
   */
  salvage?: boolean;
  /** Start-up reports: a cut torn tail, what salvage recovered and skipped. */
  log?: (line: string) => void;
}

/** A data file that is damaged (not merely torn at its end): opening it would lose data. */
export class DamagedDataError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
  ) {
    super(
      `The data file ${file} is damaged at byte ${offset}: an unreadable record with more data after it. ` +
        'Refusing to open the data folder; nothing was changed. ' +
        'To keep the damaged file aside and recover every intact record, start once with --salvage ' +
        '(npm run emulators -- --salvage, with --data <dir> for another data folder).',
    );
    this.name = 'DamagedDataError';
  }
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
  const open: OpenContext = { salvage: options.salvage ?? false, log: options.log ?? (() => {}), replay: options.replay };
  await replaySnapshot(path.join(dir, SNAPSHOT), open);
  await replayLog(path.join(dir, LOG), open);
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

interface OpenContext {
  salvage: boolean;
  log: (line: string) => void;
  replay: JournalOptions['replay'];
}

async function replaySnapshot(file: string, open: OpenContext): Promise<void> {
  const data = await readIfExists(file);
  if (data === null) return;
  const { records, trouble } = decodeFrames(data);
  const last = records[records.length - 1] as { $end?: boolean } | undefined;
  if (trouble === null && last?.$end) {
    for (let i = 0; i < records.length - 1; i++) open.replay(records[i], 'snapshot');
    return;
  }
  if (!open.salvage) {
    // A snapshot is written whole and renamed into place: any flaw in it is damage.
    throw new DamagedDataError(file, trouble?.offset ?? data.length);
  }
  const salvaged = await salvage(file, data, open.log);
  for (const record of salvaged) if (!(record as { $end?: boolean }).$end) open.replay(record, 'snapshot');
}

async function replayLog(file: string, open: OpenContext): Promise<void> {
  const data = await readIfExists(file);
  if (data === null) return;
  const { records, validBytes, trouble } = decodeFrames(data);
  if (trouble?.kind === 'damaged') {
    if (!open.salvage) throw new DamagedDataError(file, trouble.offset);
    for (const record of await salvage(file, data, open.log)) open.replay(record, 'log');
    return;
  }
  for (const record of records) open.replay(record, 'log');
  if (trouble?.kind === 'torn') {
    // A crash mid-append: the last frame was never fully written, so never acknowledged.
    const handle = await fs.open(file, 'r+');
    try {
      await handle.truncate(validBytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    open.log(
      `Cut a torn tail off ${file}: ${trouble.bytes} bytes (1 incomplete record) at byte ${trouble.offset}; ` +
        `${records.length} intact records kept.`,
    );
  }
}

/** Renames a damaged file aside and returns every intact record in it, reporting the rest. */
async function salvage(file: string, data: Buffer, log: (line: string) => void): Promise<unknown[]> {
  const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await fs.rename(file, aside);
  await syncDir(path.dirname(file));
  const { records, skipped } = salvageFrames(data);
  const ranges = skipped.map((r) => `bytes ${r.offset}-${r.offset + r.bytes - 1} (${r.bytes} bytes)`);
  log(
    `Salvaged ${file}: recovered ${records.length} intact records; skipped ${skipped.length} damaged ` +
      `stretch${skipped.length === 1 ? '' : 'es'}: ${ranges.join(', ') || 'none'}. The original is kept as ${aside}.`,
  );
  return records;
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
      const [only] = batch;
      const bytes = batch.length === 1 && only ? only.bytes : Buffer.concat(batch.map((p) => p.bytes));
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
