// Optimistic transactions: opaque ids, the version of every document read, and the check at
// commit that nothing read has changed since (else ABORTED, so the SDKs retry).

import { randomBytes } from 'node:crypto';
import { ApiError, invalid } from '../errors.js';
import type { Document, TransactionOptions } from '../types.js';
import type { DocumentStore } from './store.js';
import { timestampToMicros } from './values.js';

/** Firestore ends transactions after 270 seconds. */
const LIFETIME_MS = 270_000;

export interface Transaction {
  id: string;
  database: string;
  readOnly: boolean;
  /** For read-only transactions at a fixed time (microseconds). */
  readTime: bigint | null;
  /** Document name → its updateTime when first read, or null when it was absent. */
  reads: Map<string, string | null>;
  expiresAt: number;
}

export class TransactionTable {
  private readonly open = new Map<string, Transaction>();

  begin(database: string, options: TransactionOptions | undefined): Transaction {
    if (options !== undefined && options !== null && typeof options !== 'object') throw invalid('Invalid transaction options.');
    if (options?.readOnly && options?.readWrite) throw invalid('A transaction is either readOnly or readWrite, not both.');
    this.sweep();
    const readTime = options?.readOnly?.readTime;
    const tx: Transaction = {
      id: randomBytes(16).toString('base64'),
      database,
      readOnly: Boolean(options?.readOnly),
      readTime: readTime ? timestampToMicros(readTime, 'readOnly.readTime') : null,
      reads: new Map(),
      expiresAt: Date.now() + LIFETIME_MS,
    };
    this.open.set(tx.id, tx);
    return tx;
  }

  /** An open transaction of this database; INVALID_ARGUMENT when unknown, finished or expired. */
  get(database: string, id: unknown): Transaction {
    const tx = typeof id === 'string' ? this.open.get(id) : undefined;
    if (!tx || tx.database !== database || tx.expiresAt < Date.now()) {
      if (tx) this.open.delete(tx.id);
      throw invalid(`The referenced transaction ${String(id)} is invalid or has expired.`);
    }
    return tx;
  }

  finish(tx: Transaction): void {
    this.open.delete(tx.id);
  }

  /** Drops every transaction of a database (on reset). */
  forget(database?: string): void {
    for (const tx of this.open.values()) if (database === undefined || tx.database === database) this.open.delete(tx.id);
  }

  private sweep(): void {
    const now = Date.now();
    for (const tx of this.open.values()) if (tx.expiresAt < now) this.open.delete(tx.id);
  }
}

export function recordRead(tx: Transaction, name: string, doc: Document | null): void {
  if (!tx.reads.has(name)) tx.reads.set(name, doc?.updateTime ?? null);
}

/** Throws ABORTED when any document the transaction read has changed or appeared since. */
export function checkReads(tx: Transaction, store: DocumentStore): void {
  for (const [name, seen] of tx.reads) {
    const now = store.get(name)?.updateTime ?? null;
    if (now !== seen) {
      throw new ApiError(
        'ABORTED',
        `Transaction lock timeout: ${name} changed since the transaction read it; retry the transaction.`,
      );
    }
  }
}
