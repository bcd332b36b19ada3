// The in-memory document store: documents by name, indexed by collection (so a collection
// query scans only that collection) and by collection id (for collection-group queries),
// plus each database's current commit version; and a bounded history of which documents each
// commit changed, so a listener that resumes is told only what it missed.

import type { Document } from '../types.js';
import { compareResourceNames, databaseOf } from './paths.js';

export class DocumentStore {
  private readonly docs = new Map<string, Document>();
  /** Full collection name → its documents by name. */
  private readonly collections = new Map<string, Map<string, Document>>();
  /** Collection id → full names of the collections with that id. */
  private readonly groups = new Map<string, Set<string>>();
  /** Database → current version in microseconds since the epoch. */
  private readonly versions = new Map<string, bigint>();

  get(name: string): Document | null {
    return this.docs.get(name) ?? null;
  }

  get size(): number {
    return this.docs.size;
  }

  /** Stores (or with null removes) one document. */
  put(name: string, doc: Document | null): void {
    const collection = name.slice(0, name.lastIndexOf('/'));
    if (doc) {
      this.docs.set(name, doc);
      let members = this.collections.get(collection);
      if (!members) {
        members = new Map();
        this.collections.set(collection, members);
        const id = collection.slice(collection.lastIndexOf('/') + 1);
        let group = this.groups.get(id);
        if (!group) this.groups.set(id, (group = new Set()));
        group.add(collection);
      }
      members.set(name, doc);
      return;
    }
    if (!this.docs.delete(name)) return;
    const members = this.collections.get(collection);
    if (!members) return;
    members.delete(name);
    if (members.size === 0) {
      this.collections.delete(collection);
      const id = collection.slice(collection.lastIndexOf('/') + 1);
      const group = this.groups.get(id);
      group?.delete(collection);
      if (group?.size === 0) this.groups.delete(id);
    }
  }

  /** The documents directly inside one collection (full name). */
  collection(collection: string): Iterable<Document> {
    return this.collections.get(collection)?.values() ?? [];
  }

  /** Documents in every collection named `collectionId` under `parent` (any depth); all when the id is empty. */
  *group(parent: string, collectionId: string): Iterable<Document> {
    const prefix = parent + '/';
    if (collectionId === '') {
      for (const [collection, members] of this.collections) {
        if (collection.startsWith(prefix)) yield* members.values();
      }
      return;
    }
    for (const collection of this.groups.get(collectionId) ?? []) {
      if (!collection.startsWith(prefix)) continue;
      yield* this.collections.get(collection)!.values();
    }
  }

  /** Full names of the collections nested at any depth under a parent (`.../documents` or a document). */
  *collectionsUnder(parent: string): Iterable<string> {
    const prefix = parent + '/';
    for (const collection of this.collections.keys()) {
      if (collection.startsWith(prefix)) yield collection;
    }
  }

  /** Every document of one database (every database when omitted), in name order. */
  all(database?: string): Document[] {
    const out: Document[] = [];
    for (const [name, doc] of this.docs) {
      if (database === undefined || databaseOf(name) === database) out.push(doc);
    }
    return out.sort((a, b) => compareResourceNames(a.name, b.name));
  }

  databases(): string[] {
    const names = new Set(this.versions.keys());
    for (const name of this.docs.keys()) names.add(databaseOf(name));
    return [...names];
  }

  version(database: string): bigint {
    return this.versions.get(database) ?? 0n;
  }

  setVersion(database: string, micros: bigint): void {
    if (micros > this.version(database)) this.versions.set(database, micros);
  }

  allVersions(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [db, v] of this.versions) out[db] = v.toString();
    return out;
  }
}

/** How many changed document names the history keeps per database (a resume older than that is answered in full). */
export const HISTORY_LIMIT = 20_000;

interface DatabaseHistory {
  /** Every change after this version (microseconds) is in `entries`; earlier ones are unknown. */
  horizon: bigint;
  /** In version order. */
  entries: { version: bigint; names: string[] }[];
  size: number;
}

/** Which documents changed at which version, per database, for the last `limit` changed names. */
export class ChangeHistory {
  private readonly databases = new Map<string, DatabaseHistory>();
  /** Where the history of a database not seen yet begins (the engine's start, once it runs). */
  origin = 0n;

  constructor(private readonly limit = HISTORY_LIMIT) {}

  has(database: string): boolean {
    return this.databases.has(database);
  }

  /** Starts (after a reset: restarts) a database's history at a version: earlier changes are unknown. */
  start(database: string, version: bigint): void {
    this.databases.set(database, { horizon: version, entries: [], size: 0 });
  }

  /** Notes the documents changed at a version; versions arrive in increasing order. */
  record(database: string, version: bigint, names: string[]): void {
    if (names.length === 0) return;
    let history = this.databases.get(database);
    if (!history) {
      history = { horizon: this.origin, entries: [], size: 0 };
      this.databases.set(database, history);
    }
    history.entries.push({ version, names });
    history.size += names.length;
    while (history.size > this.limit) {
      const oldest = history.entries.shift();
      if (!oldest) break;
      history.size -= oldest.names.length;
      history.horizon = oldest.version;
    }
  }

  /** The names changed after a version, or null when the history does not reach back to it. */
  since(database: string, version: bigint): Set<string> | null {
    const history = this.databases.get(database);
    if (version < (history?.horizon ?? this.origin)) return null;
    const names = new Set<string>();
    const entries = history?.entries ?? [];
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i];
      if (!entry || entry.version <= version) break;
      for (const name of entry.names) names.add(name);
    }
    return names;
  }
}
