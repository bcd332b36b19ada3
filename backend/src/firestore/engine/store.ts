// The in-memory document store: documents by name, indexed by collection (so a collection
// query scans only that collection) and by collection id (for collection-group queries),
// plus each database's current commit version.

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
