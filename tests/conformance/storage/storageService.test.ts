// The local Storage service under conditions only it can be put in: a restart on the same data
// folder, leftovers of a killed write, an authorizer that denies, CORS preflights, the reset
// route, and uploads that are aborted or cancelled. Driven by the real web SDK where it can be.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
} from 'firebase/storage';
import { afterEach, describe, expect, it } from 'vitest';
import type { Access, Authorizer, StorageAccess } from '../../../backend/src/authz/seam.js';
import { defined } from '../../support/defined.js';
import { errorCode, startStorageServer, storageClient, type SdkClient, type StorageServer } from './storageTestServer.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bucket = 'demo-service.appspot.com';
const text = (value: string) => new TextEncoder().encode(value);

describe('Storage service', () => {
  const cleanups: Array<() => Promise<void>> = [];
  const track = <T extends StorageServer | SdkClient>(thing: T): T => {
    cleanups.push(() => thing.close());
    return thing;
  };
  const tempDir = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    return dir;
  };

  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  });

  describe('persistence', () => {
    it('keeps objects, metadata and download tokens across a restart on the same data folder', async () => {
      const dataDir = await tempDir();
      const first = await startStorageServer({ dataDir });
      const before = storageClient(first, bucket);
      await uploadBytes(ref(before.storage, 'keep/a.txt'), text('persisted'), {
        contentType: 'text/plain',
        customMetadata: { v: '1' },
      });
      await uploadBytesResumable(ref(before.storage, 'keep/big.bin'), new Uint8Array(300 * 1024).fill(42));
      await updateMetadata(ref(before.storage, 'keep/a.txt'), { cacheControl: 'max-age=5' });
      await uploadBytes(ref(before.storage, 'keep/deleted.txt'), text('x'));
      await deleteObject(ref(before.storage, 'keep/deleted.txt'));
      const url = await getDownloadURL(ref(before.storage, 'keep/a.txt'));
      await before.close();
      await first.close();

      const second = track(await startStorageServer({ dataDir }));
      const after = track(storageClient(second, bucket));
      const metadata = await getMetadata(ref(after.storage, 'keep/a.txt'));
      expect(metadata).toMatchObject({
        size: 9,
        contentType: 'text/plain',
        cacheControl: 'max-age=5',
        customMetadata: { v: '1' },
        metageneration: '2',
      });
      expect(new TextDecoder().decode(await getBytes(ref(after.storage, 'keep/a.txt')))).toBe('persisted');
      expect((await getBytes(ref(after.storage, 'keep/big.bin'))).byteLength).toBe(300 * 1024);
      expect(await errorCode(getMetadata(ref(after.storage, 'keep/deleted.txt')))).toBe('storage/object-not-found');
      const sameTokenUrl = url.replace(`:${first.port}/`, `:${second.port}/`);
      expect(await (await fetch(sameTokenUrl)).text()).toBe('persisted');
      expect((await listAll(ref(after.storage, 'keep'))).items.map((item) => item.name)).toEqual(['a.txt', 'big.bin']);
    });

    it('sweeps the leftovers of a write killed half-way and keeps the last complete object', async () => {
      const dataDir = await tempDir();
      const first = await startStorageServer({ dataDir });
      const client = storageClient(first, bucket);
      await uploadBytes(ref(client.storage, 'crash/a.txt'), text('complete'));
      await client.close();
      await first.close();

      const objects = path.join(dataDir, 'objects');
      const [metaFile] = (await fs.readdir(objects)).filter((name) => name.endsWith('.json'));
      const id = defined(metaFile, 'The metadata file').slice(0, -'.json'.length);
      // What a kill -9 can leave: new content renamed into place but no metadata naming it yet,
      // and temp files of the content and metadata being written.
      await fs.writeFile(path.join(objects, `${id}.99999999999999999.bin`), 'half of a new version');
      await fs.writeFile(path.join(objects, `${id}.json.tmp-abc123`), '{"torn":');
      await fs.writeFile(path.join(objects, `${id}.1.bin.tmp-def456`), 'torn');

      const second = track(await startStorageServer({ dataDir }));
      const after = track(storageClient(second, bucket));
      expect(new TextDecoder().decode(await getBytes(ref(after.storage, 'crash/a.txt')))).toBe('complete');
      const left = await fs.readdir(objects);
      expect(left).toHaveLength(2);
      expect(left.some((name) => name.includes('.tmp-') || name.includes('99999999999999999'))).toBe(false);
    });

    it('after a kill -9 during a stream of uploads, every object left is whole and matches its md5', async () => {
      const dataDir = await tempDir();
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'storageChildServer.ts'), dataDir], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      cleanups.push(async () => {
        child.kill('SIGKILL');
      });
      const port = await new Promise<number>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /port (\d+)/.exec(chunk.toString());
          if (match) resolve(Number(match[1]));
        });
      });
      const client = track(storageClient({ host: '127.0.0.1', port }, bucket));
      client.storage.maxOperationRetryTime = 500;
      client.storage.maxUploadRetryTime = 500;
      let acknowledged = 0;
      const writers = [0, 1, 2].map(async (writer) => {
        for (let i = 0; ; i++) {
          const size = 1000 + ((writer * 7919 + i * 104729) % 200_000);
          try {
            await uploadBytes(ref(client.storage, `kill/w${writer}-${i % 5}.bin`), new Uint8Array(size).fill((writer + i) % 256));
            acknowledged++;
          } catch {
            return;
          }
        }
      });
      while (acknowledged < 20) await new Promise((resolve) => setTimeout(resolve, 5));
      child.kill('SIGKILL');
      await Promise.all(writers);

      const server = track(await startStorageServer({ dataDir }));
      const after = track(storageClient(server, bucket));
      const { items } = await listAll(ref(after.storage, 'kill'));
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        const metadata = await getMetadata(item);
        const data = new Uint8Array(await getBytes(item));
        expect(data.byteLength).toBe(metadata.size);
        expect(createHash('md5').update(data).digest('base64')).toBe(metadata.md5Hash);
        expect(new Set(data).size).toBe(1);
      }
      expect((await fs.readdir(path.join(dataDir, 'objects'))).some((name) => name.includes('.tmp-'))).toBe(false);
    });

    it('without a data folder, objects live in memory only', async () => {
      const first = await startStorageServer();
      const client = storageClient(first, bucket);
      await uploadBytes(ref(client.storage, 'mem/a.txt'), text('memory'));
      await client.close();
      await first.close();
      const second = track(await startStorageServer());
      const after = track(storageClient(second, bucket));
      expect(await errorCode(getMetadata(ref(after.storage, 'mem/a.txt')))).toBe('storage/object-not-found');
    });
  });

  describe('authorization seam', () => {
    function recording(decide: (access: StorageAccess) => boolean): { authorizer: Authorizer; seen: StorageAccess[] } {
      const seen: StorageAccess[] = [];
      return {
        seen,
        authorizer: (access: Access) => {
          if (access.service !== 'storage') return { allow: false };
          seen.push(access);
          return { allow: decide(access), reason: 'test' };
        },
      };
    }

    it('passes method, bucket, path, identity, resource and requestResource for each operation', async () => {
      const { authorizer, seen } = recording(() => true);
      const server = track(await startStorageServer({ authorizer }));
      const client = track(storageClient(server, bucket, { user_id: 'alice' }));
      const target = ref(client.storage, 'seam/doc.txt');
      await uploadBytes(target, text('abc'), { contentType: 'text/plain', customMetadata: { k: 'v' } });
      await uploadBytes(target, text('abcd'), { contentType: 'text/plain' });
      await getMetadata(target);
      await updateMetadata(target, { contentType: 'text/csv' });
      await listAll(ref(client.storage, 'seam'));
      await deleteObject(target);

      expect(seen.map((a) => [a.method, a.path])).toEqual([
        ['create', 'seam/doc.txt'],
        ['update', 'seam/doc.txt'],
        ['get', 'seam/doc.txt'],
        ['update', 'seam/doc.txt'],
        ['list', 'seam'],
        ['delete', 'seam/doc.txt'],
      ]);
      expect(seen.every((a) => a.bucket === bucket && a.identity.auth?.uid === 'alice' && !a.identity.admin)).toBe(true);
      const create = defined(seen[0], 'The create access');
      expect(create.resource).toBeNull();
      expect(create.requestResource).toEqual({ size: 3, contentType: 'text/plain', metadata: { k: 'v' } });
      expect(seen[1]?.resource).toEqual({ size: 3, contentType: 'text/plain', metadata: { k: 'v' } });
      expect(seen[1]?.requestResource).toEqual({ size: 4, contentType: 'text/plain', metadata: {} });
      expect(seen[3]?.requestResource).toEqual({ size: 4, contentType: 'text/csv', metadata: {} });
      expect(seen[5]?.resource).toEqual({ size: 4, contentType: 'text/csv', metadata: {} });
    });

    it('a denied access fails in the SDK with storage/unauthorized, for every operation', async () => {
      let denyAll = false;
      const { authorizer } = recording((access) => !denyAll && access.identity.auth?.uid === 'alice');
      const server = track(await startStorageServer({ authorizer }));
      const alice = track(storageClient(server, bucket, { user_id: 'alice' }));
      const mallory = track(storageClient(server, bucket, { user_id: 'mallory' }));
      await uploadBytes(ref(alice.storage, 'private/a.txt'), text('secret'));

      const theirs = ref(mallory.storage, 'private/a.txt');
      expect(await errorCode(uploadBytes(ref(mallory.storage, 'private/b.txt'), text('x')))).toBe('storage/unauthorized');
      expect(
        await errorCode(uploadBytesResumable(ref(mallory.storage, 'private/big.bin'), new Uint8Array(300 * 1024)).then()),
      ).toBe('storage/unauthorized');
      expect(await errorCode(getMetadata(theirs))).toBe('storage/unauthorized');
      expect(await errorCode(getBytes(theirs))).toBe('storage/unauthorized');
      expect(await errorCode(updateMetadata(theirs, { contentType: 'text/html' }))).toBe('storage/unauthorized');
      expect(await errorCode(deleteObject(theirs))).toBe('storage/unauthorized');
      expect(await errorCode(listAll(ref(mallory.storage, 'private')))).toBe('storage/unauthorized');
      expect(await errorCode(getMetadata(ref(mallory.storage, 'private/missing.txt')))).toBe('storage/unauthorized');

      // A download token opens the bytes whatever the rules say, as in production.
      const url = await getDownloadURL(ref(alice.storage, 'private/a.txt'));
      denyAll = true;
      expect(await (await fetch(url)).text()).toBe('secret');
      const response = await fetch(url.replace(/token=[^&]+/, 'token=wrong'));
      expect(response.status).toBe(403);
      expect((await response.json()) as unknown).toEqual({
        error: { code: 403, message: 'Permission denied: get on "private/a.txt" in bucket "demo-service.appspot.com".' },
      });
    });

    it('the owner token bypasses an authorizer that denies everything, and a swapped authorizer applies at once', async () => {
      const server = track(await startStorageServer({ authorizer: () => ({ allow: false }) }));
      const owner = track(storageClient(server, bucket, 'owner'));
      const user = track(storageClient(server, bucket, { user_id: 'bob' }));
      await uploadBytes(ref(owner.storage, 'admin/a.txt'), text('by owner'));
      expect(await errorCode(getMetadata(ref(user.storage, 'admin/a.txt')))).toBe('storage/unauthorized');
      server.service.authorizer = () => ({ allow: true });
      expect((await getMetadata(ref(user.storage, 'admin/a.txt'))).size).toBe(8);
    });

    it('a malformed token fails with storage/unauthenticated', async () => {
      const server = track(await startStorageServer());
      const client = track(storageClient(server, bucket, 'not-a-jwt'));
      expect(await errorCode(getMetadata(ref(client.storage, 'x.txt')))).toBe('storage/unauthenticated');
      expect(await errorCode(uploadBytes(ref(client.storage, 'x.bin'), new Uint8Array(200 * 1024)))).toBe(
        'storage/unauthenticated',
      );
    });
  });

  describe('HTTP surface', () => {
    it('answers a CORS preflight with the origin, credentials and the requested headers', async () => {
      const server = track(await startStorageServer());
      const response = await fetch(`http://${server.host}:${server.port}/v0/b/${bucket}/o?name=a.txt`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type,x-goog-upload-protocol,x-firebase-storage-version',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
      expect(response.headers.get('access-control-allow-headers')).toContain('x-goog-upload-protocol');
    });

    it('exposes the resumable upload headers the SDK reads', async () => {
      const server = track(await startStorageServer());
      const response = await fetch(`http://${server.host}:${server.port}/v0/b/${bucket}/o?name=r.bin`, {
        method: 'POST',
        headers: {
          Origin: 'http://localhost:5173',
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'start',
          'Content-Type': 'application/json',
        },
        body: '{"name":"r.bin"}',
      });
      expect(response.status).toBe(200);
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      for (const name of ['x-goog-upload-status', 'x-goog-upload-url', 'x-goog-upload-size-received'])
        expect(exposed).toContain(name);
      expect(response.headers.get('x-goog-upload-status')).toBe('active');
      expect(response.headers.get('x-goog-upload-url')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/v0/b/`));
    });

    it('DELETE /internal/reset deletes every object', async () => {
      const server = track(await startStorageServer({ dataDir: await tempDir() }));
      const client = track(storageClient(server, bucket));
      await uploadBytes(ref(client.storage, 'r/a.txt'), text('a'));
      const other = track(storageClient(server, 'other-bucket'));
      await uploadBytes(ref(other.storage, 'r/b.txt'), text('b'));
      const response = await fetch(`http://${server.host}:${server.port}/internal/reset`, { method: 'DELETE' });
      expect(response.status).toBe(200);
      expect((await listAll(ref(client.storage, 'r'))).items).toEqual([]);
      expect(await errorCode(getMetadata(ref(client.storage, 'r/a.txt')))).toBe('storage/object-not-found');
      expect(await errorCode(getMetadata(ref(other.storage, 'r/b.txt')))).toBe('storage/object-not-found');
    });

    it('malformed requests get a 400 naming the problem, and the server keeps serving', async () => {
      const server = track(await startStorageServer());
      const base = `http://${server.host}:${server.port}/v0/b/${bucket}/o`;
      const cases: Array<[string, RequestInit, string]> = [
        [`${base}/%E0%A4%A`, {}, 'percent-encoded'],
        [`${base}?maxResults=0`, {}, 'maxResults'],
        [`${base}?pageToken=*`, {}, 'pageToken'],
        [
          `${base}?name=a.txt`,
          { method: 'POST', headers: { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': 'multipart/related' }, body: 'x' },
          'boundary',
        ],
        [
          `${base}?name=a.txt`,
          {
            method: 'POST',
            headers: { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': 'multipart/related; boundary=q' },
            body: '--q\r\n\r\n{oops\r\n--q\r\n\r\nx\r\n--q--',
          },
          'not valid JSON',
        ],
        [
          `${base}?name=a.txt`,
          { method: 'POST', headers: { 'X-Goog-Upload-Protocol': 'raw' }, body: 'x' },
          'Upload protocol "raw"',
        ],
        [
          `${base}?name=a.txt`,
          {
            method: 'POST',
            headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
            body: '{"metadata":[1]}',
          },
          '"metadata"',
        ],
      ];
      for (const [url, init, expected] of cases) {
        const response = await fetch(url, init);
        expect(response.status, url).toBe(400);
        expect(((await response.json()) as { error: { message: string } }).error.message).toContain(expected);
      }
      const client = track(storageClient(server, bucket));
      await uploadBytes(ref(client.storage, 'ok.txt'), text('fine'));
      expect((await getMetadata(ref(client.storage, 'ok.txt'))).size).toBe(4);
    });

    it('an unknown route answers 404 with a message naming it', async () => {
      const server = track(await startStorageServer());
      const response = await fetch(`http://${server.host}:${server.port}/v1/b/${bucket}/o`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain('/v1/b/');
    });
  });

  describe('aborted and cancelled uploads', () => {
    it('a multipart upload whose connection drops stores nothing, and the server keeps serving', async () => {
      const server = track(await startStorageServer());
      await new Promise<void>((resolve) => {
        const req = http.request({
          host: server.host,
          port: server.port,
          method: 'POST',
          path: `/v0/b/${bucket}/o?name=torn.bin`,
          headers: {
            'X-Goog-Upload-Protocol': 'multipart',
            'Content-Type': 'multipart/related; boundary=b',
            'Content-Length': '100000',
          },
        });
        req.on('error', () => resolve());
        req.write('--b\r\nContent-Type: application/json\r\n\r\n{"name":"torn.bin"}\r\n--b\r\nContent-Type: x\r\n\r\npartial');
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 50);
      });
      const client = track(storageClient(server, bucket));
      expect(await errorCode(getMetadata(ref(client.storage, 'torn.bin')))).toBe('storage/object-not-found');
      await uploadBytes(ref(client.storage, 'after.txt'), text('still up'));
      expect((await getMetadata(ref(client.storage, 'after.txt'))).size).toBe(8);
    });

    it('a cancelled resumable upload is forgotten and never becomes an object', async () => {
      const server = track(await startStorageServer());
      const base = `http://${server.host}:${server.port}`;
      const start = await fetch(`${base}/v0/b/${bucket}/o?name=cancel.bin`, {
        method: 'POST',
        headers: {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'start',
          'X-Goog-Upload-Header-Content-Length': '10',
        },
        body: '{}',
      });
      const uploadUrl = start.headers.get('x-goog-upload-url')!;
      const chunk = await fetch(uploadUrl, {
        method: 'POST',
        headers: { 'X-Goog-Upload-Command': 'upload', 'X-Goog-Upload-Offset': '0' },
        body: '01234',
      });
      expect(chunk.headers.get('x-goog-upload-status')).toBe('active');
      const query = await fetch(uploadUrl, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'query' } });
      expect(query.headers.get('x-goog-upload-size-received')).toBe('5');
      expect((await fetch(uploadUrl, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'cancel' } })).status).toBe(200);
      expect((await fetch(uploadUrl, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'query' } })).status).toBe(404);
      const client = track(storageClient(server, bucket));
      expect(await errorCode(getMetadata(ref(client.storage, 'cancel.bin')))).toBe('storage/object-not-found');
    });

    it('refuses a chunk at the wrong offset with a 400 naming both offsets', async () => {
      const server = track(await startStorageServer());
      const base = `http://${server.host}:${server.port}`;
      const start = await fetch(`${base}/v0/b/${bucket}/o?name=off.bin`, {
        method: 'POST',
        headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
        body: '{}',
      });
      const response = await fetch(start.headers.get('x-goog-upload-url')!, {
        method: 'POST',
        headers: { 'X-Goog-Upload-Command': 'upload, finalize', 'X-Goog-Upload-Offset': '7' },
        body: 'abc',
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        'Upload offset 7 does not match the 0 bytes received so far.',
      );
    });
  });
});
