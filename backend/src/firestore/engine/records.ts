// The engine's durable records: what a commit, reset or import changed, as resulting
// documents, so replaying them is deterministic and idempotent. Snapshots use the same form.

import { invalid } from '../errors.js';
import type { Document } from '../types.js';
import type { ChangeHistory, DocumentStore } from './store.js';

export type EngineRecord =
  /** Documents set (or removed, null) at a commit version (microseconds, decimal string). */
  | { t: 'commit'; db: string; time: string; docs: [string, Document | null][] }
  /** Every document of a database removed, at a version. */
  | { t: 'reset'; db: string; time: string };

/** Applies a record to the store; with a history, also notes what it changed (a reset restarts it). */
export function applyRecord(store: DocumentStore, record: EngineRecord, history?: ChangeHistory): void {
  if (record.t === 'commit') {
    for (const [name, doc] of record.docs) store.put(name, doc);
    history?.record(
      record.db,
      BigInt(record.time),
      record.docs.map(([name]) => name),
    );
  } else if (record.t === 'reset') {
    for (const doc of store.all(record.db)) store.put(doc.name, null);
    history?.start(record.db, BigInt(record.time));
  } else {
    throw invalid(`Unknown record type ${String((record as { t?: unknown }).t)}.`);
  }
  store.setVersion(record.db, BigInt(record.time));
}

const SNAPSHOT_CHUNK = 500;

/** Records that rebuild the whole store: per database, its documents and its version. */
export function* snapshotRecords(store: DocumentStore): Iterable<EngineRecord> {
  const versions = store.allVersions();
  for (const db of store.databases()) {
    const docs = store.all(db);
    const time = versions[db] ?? '0';
    if (docs.length === 0) yield { t: 'commit', db, time, docs: [] };
    for (let i = 0; i < docs.length; i += SNAPSHOT_CHUNK) {
      yield { t: 'commit', db, time, docs: docs.slice(i, i + SNAPSHOT_CHUNK).map((d) => [d.name, d]) };
    }
  }
}
