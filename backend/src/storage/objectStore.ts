// The objects of every bucket: an in-memory index of metadata in front of a persistence layer.
// Operations on one object name run one at a time, so concurrent writes cannot interleave their
// files and a read never sees content that a delete is removing.

import type { ObjectPersistence } from './objectPersistence.js';
import type { StoredObject } from './objectMetadata.js';
import { badRequest } from './storageErrors.js';

export interface ListOptions {
  prefix: string;
  delimiter: string;
  maxResults: number;
  /** Opaque: the last name or prefix of the previous page. */
  pageToken?: string;
}

export interface ListPage {
  prefixes: string[];
  items: StoredObject[];
  nextPageToken?: string;
}

export interface ObjectStore {
  get(bucket: string, name: string): StoredObject | null;
  /**
   * Runs `fn` with the object's current state while no other operation on that name runs.
   * `fn` returns what to do: write (new metadata, optional new content), delete, or nothing.
   */
  withObject<T>(
    bucket: string,
    name: string,
    fn: (current: StoredObject | null, read: () => Promise<Buffer>) => Promise<Mutation<T>>,
  ): Promise<T>;
  list(bucket: string, options: ListOptions): ListPage;
  /** Waits for every operation under way. */
  drain(): Promise<void>;
  reset(): Promise<void>;
}

export type Mutation<T> =
  | { kind: 'none'; result: T }
  | { kind: 'write'; object: StoredObject; data: Buffer | null; result: T }
  | { kind: 'delete'; result: T };

export async function createObjectStore(persistence: ObjectPersistence): Promise<ObjectStore> {
  const objects = new Map<string, StoredObject>();
  const keyOf = (bucket: string, name: string) => `${bucket}\u0000${name}`;
  for (const object of await persistence.load()) objects.set(keyOf(object.bucket, object.name), object);

  const queues = new Map<string, Promise<unknown>>();
  function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = queues.get(key) ?? Promise.resolve();
    const run = before.then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  }

  return {
    get: (bucket, name) => objects.get(keyOf(bucket, name)) ?? null,

    withObject(bucket, name, fn) {
      const key = keyOf(bucket, name);
      return serialized(key, async () => {
        const current = objects.get(key) ?? null;
        const read = async () => {
          if (!current) throw new Error(`No object ${bucket}/${name}`);
          return persistence.readData(current);
        };
        const mutation = await fn(current, read);
        if (mutation.kind === 'write') {
          if (!current && !mutation.data) throw new Error('A new object needs content.');
          await persistence.write(mutation.object, mutation.data, current);
          objects.set(key, mutation.object);
        } else if (mutation.kind === 'delete' && current) {
          await persistence.remove(current);
          objects.delete(key);
        }
        return mutation.result;
      });
    },

    list(bucket, { prefix, delimiter, maxResults, pageToken }) {
      const after = pageToken === undefined ? undefined : decodePageToken(pageToken);
      const prefixes = new Set<string>();
      const entries: Array<{ key: string; item?: StoredObject }> = [];
      for (const object of objects.values()) {
        if (object.bucket !== bucket || !object.name.startsWith(prefix)) continue;
        const cut = delimiter ? object.name.indexOf(delimiter, prefix.length) : -1;
        if (cut === -1) entries.push({ key: object.name, item: object });
        else prefixes.add(object.name.slice(0, cut + delimiter.length));
      }
      for (const p of prefixes) entries.push({ key: p });
      entries.sort((a, b) => compareUtf8(a.key, b.key));
      const remaining = after === undefined ? entries : entries.filter((entry) => compareUtf8(entry.key, after) > 0);
      const page = remaining.slice(0, maxResults);
      const result: ListPage = {
        prefixes: page.filter((entry) => !entry.item).map((entry) => entry.key),
        items: page.flatMap((entry) => (entry.item ? [entry.item] : [])),
      };
      const last = page.at(-1);
      if (remaining.length > page.length && last) result.nextPageToken = Buffer.from(last.key, 'utf8').toString('base64url');
      return result;
    },

    async drain() {
      await Promise.all([...queues.values()]);
    },

    async reset() {
      await Promise.all([...queues.values()]);
      objects.clear();
      await persistence.clear();
    },
  };
}

function decodePageToken(token: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(token)) throw badRequest(`Invalid pageToken "${token}".`);
  return Buffer.from(token, 'base64url').toString('utf8');
}

/** Cloud Storage orders names by their UTF-8 bytes. */
function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
