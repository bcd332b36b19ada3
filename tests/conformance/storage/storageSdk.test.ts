// Firebase Storage through the real web SDK (its Node build, which uses fetch): uploads, metadata,
// downloads, deletes and listings against the backend named by FIREBASE_STORAGE_EMULATOR_HOST,
// or a local Storage service of our own. Each run uses a bucket of its own.

import { createHash, randomUUID } from 'node:crypto';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type UploadTaskSnapshot,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, sharedStorageHost, storageClient, type SdkClient } from './storageTestServer.js';

const bucket = `demo-storage-${randomUUID().slice(0, 8)}.firebasestorage.app`;

function bytes(size: number, seed = 7): Uint8Array {
  const data = new Uint8Array(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    data[i] = x & 0xff;
  }
  return data;
}

describe('Storage web SDK', () => {
  let target: Awaited<ReturnType<typeof sharedStorageHost>>;
  let client: SdkClient;

  beforeAll(async () => {
    target = await sharedStorageHost();
    client = storageClient(target, bucket, { user_id: 'alice' });
  });

  afterAll(async () => {
    await client?.close();
    await target?.close();
  });

  describe('uploadBytes', () => {
    it('stores a small object and returns its metadata', async () => {
      const data = new TextEncoder().encode('hello storage');
      const result = await uploadBytes(ref(client.storage, 'small/hello.txt'), data, {
        contentType: 'text/plain',
        cacheControl: 'public, max-age=60',
        customMetadata: { owner: 'alice' },
      });
      expect(result.metadata.fullPath).toBe('small/hello.txt');
      expect(result.metadata.name).toBe('hello.txt');
      expect(result.metadata.bucket).toBe(bucket);
      expect(result.metadata.size).toBe(data.length);
      expect(result.metadata.contentType).toBe('text/plain');
      expect(result.metadata.cacheControl).toBe('public, max-age=60');
      expect(result.metadata.customMetadata).toEqual({ owner: 'alice' });
      expect(result.metadata.md5Hash).toBe(createHash('md5').update(data).digest('base64'));
      expect(Number(result.metadata.generation)).toBeGreaterThan(0);
      expect(result.metadata.metageneration).toBe('1');
      expect(Date.parse(result.metadata.timeCreated)).not.toBeNaN();
    });

    it('round-trips binary bytes exactly, including ones that look like a multipart boundary', async () => {
      const data = new Uint8Array([...bytes(1000), ...new TextEncoder().encode('\r\n--boundary--\r\n'), 0, 255, 13, 10]);
      await uploadBytes(ref(client.storage, 'small/binary.bin'), data);
      const back = new Uint8Array(await getBytes(ref(client.storage, 'small/binary.bin')));
      expect(back).toEqual(data);
      expect((await getMetadata(ref(client.storage, 'small/binary.bin'))).contentType).toBe('application/octet-stream');
    });

    it('uploadString stores text with the content type of a data URL', async () => {
      await uploadString(ref(client.storage, 'small/note.txt'), 'data:text/markdown;base64,IyBUaXRsZQ==', 'data_url');
      const metadata = await getMetadata(ref(client.storage, 'small/note.txt'));
      expect(metadata.contentType).toBe('text/markdown');
      expect(new TextDecoder().decode(await getBytes(ref(client.storage, 'small/note.txt')))).toBe('# Title');
    });

    it('replacing an object gives it a new generation and new content', async () => {
      const target = ref(client.storage, 'small/replaced.txt');
      const first = await uploadBytes(target, new TextEncoder().encode('one'));
      const second = await uploadBytes(target, new TextEncoder().encode('two!'));
      expect(BigInt(second.metadata.generation)).toBeGreaterThan(BigInt(first.metadata.generation));
      expect(second.metadata.size).toBe(4);
      expect(new TextDecoder().decode(await getBytes(target))).toBe('two!');
    });
  });

  describe('uploadBytesResumable', () => {
    it('uploads more than 256 KiB in chunks, reporting progress, and completes', async () => {
      const data = bytes(700 * 1024, 11);
      const task = uploadBytesResumable(ref(client.storage, 'big/blob.bin'), data, { contentType: 'application/x-test' });
      const progress: Array<Pick<UploadTaskSnapshot, 'bytesTransferred' | 'totalBytes' | 'state'>> = [];
      task.on('state_changed', (s) =>
        progress.push({ bytesTransferred: s.bytesTransferred, totalBytes: s.totalBytes, state: s.state }),
      );
      const snapshot = await task;

      expect(snapshot.state).toBe('success');
      expect(snapshot.bytesTransferred).toBe(data.length);
      expect(snapshot.metadata.size).toBe(data.length);
      expect(snapshot.metadata.contentType).toBe('application/x-test');
      expect(progress.some((p) => p.bytesTransferred > 0 && p.bytesTransferred < data.length)).toBe(true);
      expect(progress.every((p) => p.totalBytes === data.length)).toBe(true);
      const back = new Uint8Array(await getBytes(ref(client.storage, 'big/blob.bin')));
      expect(back.length).toBe(data.length);
      expect(Buffer.from(back).equals(Buffer.from(data))).toBe(true);
    });
  });

  describe('getDownloadURL', () => {
    it('returns a token URL whose bytes can be fetched without credentials', async () => {
      const data = new TextEncoder().encode('download me');
      await uploadBytes(ref(client.storage, 'dl/file.txt'), data, { contentType: 'text/plain' });
      const url = await getDownloadURL(ref(client.storage, 'dl/file.txt'));
      expect(url).toContain(`/v0/b/${bucket}/o/dl%2Ffile.txt?alt=media&token=`);
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain');
      expect(await response.text()).toBe('download me');
    });

    it('getBytes with a maximum size returns only that many bytes', async () => {
      await uploadBytes(ref(client.storage, 'dl/range.txt'), new TextEncoder().encode('0123456789'));
      const head = await getBytes(ref(client.storage, 'dl/range.txt'), 4);
      expect(new TextDecoder().decode(head)).toBe('0123');
    });
  });

  describe('metadata', () => {
    it('getMetadata returns what the upload stored', async () => {
      await uploadBytes(ref(client.storage, 'meta/a.json'), new TextEncoder().encode('{}'), {
        contentType: 'application/json',
        contentDisposition: 'attachment; filename="a.json"',
        customMetadata: { kind: 'config' },
      });
      const metadata = await getMetadata(ref(client.storage, 'meta/a.json'));
      expect(metadata).toMatchObject({
        bucket,
        fullPath: 'meta/a.json',
        name: 'a.json',
        size: 2,
        contentType: 'application/json',
        contentDisposition: 'attachment; filename="a.json"',
        customMetadata: { kind: 'config' },
        metageneration: '1',
      });
      expect(metadata.updated).toBe(metadata.timeCreated);
    });

    it('updateMetadata changes, adds and clears fields and bumps the metageneration', async () => {
      const target = ref(client.storage, 'meta/b.txt');
      await uploadBytes(target, new TextEncoder().encode('b'), {
        contentType: 'text/plain',
        cacheControl: 'no-cache',
        customMetadata: { keep: 'yes', drop: 'soon' },
      });
      const updated = await updateMetadata(target, {
        contentType: 'text/csv',
        cacheControl: null as unknown as undefined,
        customMetadata: { drop: null as unknown as string, added: 'new' },
      });
      expect(updated.contentType).toBe('text/csv');
      expect(updated.cacheControl).toBeUndefined();
      expect(updated.customMetadata).toEqual({ keep: 'yes', added: 'new' });
      expect(updated.metageneration).toBe('2');
      expect(updated.size).toBe(1);
      expect(await getMetadata(target)).toMatchObject({ contentType: 'text/csv', metageneration: '2' });
    });

    it('keeps non-ASCII names and metadata, and still serves the bytes', async () => {
      const target = ref(client.storage, 'meta/résumé 😀.txt');
      await uploadBytes(target, new TextEncoder().encode('ünïcödé'), {
        contentType: 'text/plain; charset=utf-8',
        contentDisposition: 'attachment; filename="résumé.txt"',
        customMetadata: { title: 'Café ✓' },
      });
      const metadata = await getMetadata(target);
      expect(metadata.fullPath).toBe('meta/résumé 😀.txt');
      expect(metadata.contentDisposition).toBe('attachment; filename="résumé.txt"');
      expect(metadata.customMetadata).toEqual({ title: 'Café ✓' });
      expect(new TextDecoder().decode(await getBytes(target))).toBe('ünïcödé');
      expect(await (await fetch(await getDownloadURL(target))).text()).toBe('ünïcödé');
    });

    it('updateMetadata on a missing object fails with storage/object-not-found', async () => {
      expect(await errorCode(updateMetadata(ref(client.storage, 'meta/missing.txt'), { contentType: 'text/plain' }))).toBe(
        'storage/object-not-found',
      );
    });
  });

  describe('deleteObject', () => {
    it('removes the object: getMetadata then fails with storage/object-not-found', async () => {
      const target = ref(client.storage, 'del/gone.txt');
      await uploadBytes(target, new TextEncoder().encode('bye'));
      await deleteObject(target);
      expect(await errorCode(getMetadata(target))).toBe('storage/object-not-found');
      expect(await errorCode(getDownloadURL(target))).toBe('storage/object-not-found');
    });

    it('deleting a missing object fails with storage/object-not-found', async () => {
      expect(await errorCode(deleteObject(ref(client.storage, 'del/never.txt')))).toBe('storage/object-not-found');
    });
  });

  describe('list and listAll', () => {
    beforeAll(async () => {
      for (const path of [
        'tree/a.txt',
        'tree/b.txt',
        'tree/c.txt',
        'tree/sub1/x.txt',
        'tree/sub1/deeper/y.txt',
        'tree/sub2/z.txt',
        'treehouse.txt',
      ]) {
        await uploadBytes(ref(client.storage, path), new TextEncoder().encode(path));
      }
    });

    it('listAll returns the items and the sub-folders of a folder', async () => {
      const result = await listAll(ref(client.storage, 'tree'));
      expect(result.items.map((item) => item.fullPath)).toEqual(['tree/a.txt', 'tree/b.txt', 'tree/c.txt']);
      expect(result.prefixes.map((prefix) => prefix.fullPath)).toEqual(['tree/sub1', 'tree/sub2']);
    });

    it('list pages through results with maxResults and pageToken', async () => {
      const first = await list(ref(client.storage, 'tree'), { maxResults: 2 });
      expect(first.items.map((item) => item.fullPath)).toEqual(['tree/a.txt', 'tree/b.txt']);
      expect(first.nextPageToken).toBeTruthy();
      const second = await list(ref(client.storage, 'tree'), { maxResults: 2, pageToken: first.nextPageToken });
      expect(second.items.map((item) => item.fullPath)).toEqual(['tree/c.txt']);
      expect(second.prefixes.map((prefix) => prefix.fullPath)).toEqual(['tree/sub1']);
      const third = await list(ref(client.storage, 'tree'), { maxResults: 2, pageToken: second.nextPageToken });
      expect(third.prefixes.map((prefix) => prefix.fullPath)).toEqual(['tree/sub2']);
      expect(third.nextPageToken).toBeUndefined();
    });

    it('listing an empty folder returns nothing', async () => {
      const result = await listAll(ref(client.storage, 'no-such-folder'));
      expect(result.items).toEqual([]);
      expect(result.prefixes).toEqual([]);
    });
  });
});
