// Where object bytes and metadata live: in memory, or on disk so they survive a restart.
// On disk every object is two files: immutable content `<id>.<generation>.bin` and its metadata
// `<id>.json` naming that generation. Each is written to a temp file, fsynced and renamed, content
// first; so a kill -9 at any moment leaves either the old object or the new one, never a torn one.
// Leftovers of an interrupted write (temp files, content no metadata names) are swept at open.

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoredObject } from './objectMetadata.js';

export interface ObjectPersistence {
  /** Every stored object's metadata. */
  load(): Promise<StoredObject[]>;
  readData(object: StoredObject): Promise<Buffer>;
  /** Stores metadata, and new content when `data` is given; `previous` is what it replaces. */
  write(object: StoredObject, data: Buffer | null, previous: StoredObject | null): Promise<void>;
  remove(object: StoredObject): Promise<void>;
  clear(): Promise<void>;
}

export function memoryPersistence(): ObjectPersistence {
  const contents = new Map<string, Buffer>();
  const key = (object: StoredObject) => `${object.bucket}\u0000${object.name}`;
  return {
    load: async () => [],
    async readData(object) {
      const data = contents.get(key(object));
      if (!data) throw new Error(`No content for ${object.bucket}/${object.name}`);
      return data;
    },
    async write(object, data) {
      if (data) contents.set(key(object), data);
    },
    async remove(object) {
      contents.delete(key(object));
    },
    async clear() {
      contents.clear();
    },
  };
}

const TEMP_MARK = '.tmp-';

export async function diskPersistence(dataDir: string, log: (line: string) => void): Promise<ObjectPersistence> {
  const dir = path.join(dataDir, 'objects');
  await fs.mkdir(dir, { recursive: true });

  const idOf = (object: Pick<StoredObject, 'bucket' | 'name'>) =>
    createHash('sha256').update(`${object.bucket}\n${object.name}`).digest('hex');
  const metaFile = (object: StoredObject) => path.join(dir, `${idOf(object)}.json`);
  const dataFile = (object: StoredObject) => path.join(dir, `${idOf(object)}.${object.generation}.bin`);

  async function atomicWrite(file: string, contents: Uint8Array | string): Promise<void> {
    const temp = `${file}${TEMP_MARK}${randomBytes(6).toString('hex')}`;
    const handle = await fs.open(temp, 'w');
    try {
      await handle.writeFile(contents);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temp, file);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async function syncDir(): Promise<void> {
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    async load() {
      const names = await fs.readdir(dir);
      const present = new Set(names);
      const objects: StoredObject[] = [];
      const referenced = new Set<string>();
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        try {
          const object = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as StoredObject;
          if (`${idOf(object)}.json` !== name) throw new Error('its name does not match its bucket and path');
          const content = path.basename(dataFile(object));
          if (!present.has(content)) throw new Error(`its content file ${content} is missing`);
          referenced.add(content);
          objects.push(object);
        } catch (err) {
          log(`storage: ignoring unreadable metadata file ${name}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      for (const name of names) {
        const leftover = name.includes(TEMP_MARK) || (name.endsWith('.bin') && !referenced.has(name));
        if (leftover) await fs.rm(path.join(dir, name), { force: true });
      }
      return objects;
    },
    readData: (object) => fs.readFile(dataFile(object)),
    async write(object, data, previous) {
      if (data) await atomicWrite(dataFile(object), data);
      await atomicWrite(metaFile(object), JSON.stringify(object));
      await syncDir();
      if (previous && previous.generation !== object.generation) await fs.rm(dataFile(previous), { force: true });
    },
    async remove(object) {
      await fs.rm(metaFile(object), { force: true });
      await syncDir();
      await fs.rm(dataFile(object), { force: true });
    },
    async clear() {
      for (const name of await fs.readdir(dir)) await fs.rm(path.join(dir, name), { force: true });
      await syncDir();
    },
  };
}
