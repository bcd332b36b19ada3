// A bucket's CORS configuration on the Storage port, as a browser meets it: with enforcement on
// (`--bucket-cors`), a download (`?alt=media`) and its preflight carry CORS headers only for an
// origin and method an entry lists (its methods, response headers and max age); an origin no
// entry lists gets none, so the browser refuses the bytes; the rest of the Firebase API (metadata,
// uploads) answers any origin, and requests without an Origin (Node, curl, an <img>) are served as
// ever. Off, every origin may download. `PATCH /storage/v1/b/{bucket}` replaces one bucket's
// configuration, as gcloud does, from this machine only.

import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs/promises';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../backend/src/config.js';
import { readCorsFile, type CorsEntry } from '../../../backend/src/storage/bucketCors.js';
import { startBackend } from '../../../backend/src/server.js';

const APP = 'http://127.0.0.1:5173';
const OTHER = 'https://elsewhere.example';
const BUCKET = 'demo-cors.firebasestorage.app';
const OBJECT = 'event_logos/e1_normal.png';
const BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
/** The headers the web SDK's getBytes sends, so a browser preflights it. */
const SDK_HEADERS = 'authorization,x-firebase-storage-version';

const CONFIG: CorsEntry[] = [
  { origin: [APP], method: ['GET'], responseHeader: ['Content-Type', 'ETag'], maxAgeSeconds: 1800 },
  { origin: [APP], method: ['GET'], responseHeader: ['X-Second-Entry'] },
  { origin: ['https://put-only.example'], method: ['PUT'] },
];

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request: fetch would not let a test set the Origin header a browser sends. */
function send(url: string, method: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function multipart(name: string, data: Buffer): { headers: Record<string, string>; body: Buffer } {
  const boundary = 'cors-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ name, contentType: 'image/png' })}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  return {
    headers: { 'content-type': `multipart/related; boundary=${boundary}`, 'x-goog-upload-protocol': 'multipart' },
    body,
  };
}

const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
  'access-control-allow-credentials',
];
const corsHeadersOf = (reply: Reply) => CORS_HEADERS.filter((name) => reply.headers[name] !== undefined);

async function startWith(bucketCors: CorsEntry[] | undefined) {
  const backend = await startBackend({ firestorePort: 0, storagePort: 0, ...(bucketCors ? { bucketCors } : {}) });
  const url = (p: string) => `http://127.0.0.1:${backend.storagePort}${p}`;
  const objectUrl = (bucket: string, name: string) =>
    url(`/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(name)}?alt=media`);
  const upload = async (bucket: string, name: string) => {
    const { headers, body } = multipart(name, BYTES);
    const reply = await send(
      url(`/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}`),
      'POST',
      headers,
      body,
    );
    expect(reply.status, reply.body.toString()).toBe(200);
  };
  const preflight = (target: string, origin: string, method = 'GET') =>
    send(target, 'OPTIONS', {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': SDK_HEADERS,
    });
  const patchBucket = (bucket: string, body: unknown, headers: Record<string, string> = {}) =>
    send(
      url(`/storage/v1/b/${encodeURIComponent(bucket)}`),
      'PATCH',
      { 'content-type': 'application/json', ...headers },
      JSON.stringify(body),
    );
  const get = (target: string, origin?: string) => send(target, 'GET', origin ? { origin } : {});
  return { backend, url, objectUrl, upload, preflight, patchBucket, get };
}

describe('bucket CORS, enforced', () => {
  let s: Awaited<ReturnType<typeof startWith>>;
  beforeAll(async () => {
    s = await startWith(CONFIG);
    await s.upload(BUCKET, OBJECT);
  });
  afterAll(() => s.backend.close());

  describe('a listed origin', () => {
    it("gets the first matching entry's methods and max age on a download's preflight, with the SDK's headers allowed", async () => {
      const reply = await s.preflight(s.objectUrl(BUCKET, OBJECT), APP);
      expect(reply.status).toBe(200);
      expect(reply.headers['access-control-allow-origin']).toBe(APP);
      expect(reply.headers['access-control-allow-methods']).toBe('GET');
      expect(reply.headers['access-control-allow-headers']).toBe(SDK_HEADERS);
      expect(reply.headers['access-control-max-age']).toBe('1800');
      expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it("gets the bytes with its origin allowed and the first matching entry's response headers exposed", async () => {
      const reply = await s.get(s.objectUrl(BUCKET, OBJECT), APP);
      expect(reply.status).toBe(200);
      expect(reply.body.equals(BYTES)).toBe(true);
      expect(reply.headers['access-control-allow-origin']).toBe(APP);
      expect(reply.headers['access-control-expose-headers']).toBe('Content-Type, ETag');
      expect(reply.headers.vary).toBe('Origin');
    });

    it("can read a failed download's answer (object-not-found, not a network error)", async () => {
      const reply = await s.get(s.objectUrl(BUCKET, 'event_logos/missing.png'), APP);
      expect(reply.status).toBe(404);
      expect(reply.headers['access-control-allow-origin']).toBe(APP);
    });
  });

  describe('an origin no entry lists', () => {
    it("is granted nothing by a download's preflight", async () => {
      const reply = await s.preflight(s.objectUrl(BUCKET, OBJECT), OTHER);
      expect(corsHeadersOf(reply)).toEqual([]);
    });

    it('gets a download without CORS headers, which its browser refuses to hand to the page', async () => {
      const reply = await s.get(s.objectUrl(BUCKET, OBJECT), OTHER);
      expect(reply.status).toBe(200);
      expect(corsHeadersOf(reply)).toEqual([]);
      expect(reply.headers.vary).toBe('Origin');
    });

    it('is refused when its entry lists another method', async () => {
      const reply = await s.preflight(s.objectUrl(BUCKET, OBJECT), 'https://put-only.example');
      expect(corsHeadersOf(reply)).toEqual([]);
    });

    it("still reads metadata, uploads and lists: only downloads follow the bucket's configuration", async () => {
      const metadata = await s.get(s.url(`/v0/b/${BUCKET}/o/${encodeURIComponent(OBJECT)}`), OTHER);
      expect(metadata.status).toBe(200);
      expect(metadata.headers['access-control-allow-origin']).toBe(OTHER);
      const uploadPreflight = await s.preflight(s.url(`/v0/b/${BUCKET}/o?name=x.png`), OTHER, 'POST');
      expect(uploadPreflight.headers['access-control-allow-origin']).toBe(OTHER);
      expect(uploadPreflight.headers['access-control-allow-methods']).toContain('POST');
      const metadataPreflight = await s.preflight(s.url(`/v0/b/${BUCKET}/o/${encodeURIComponent(OBJECT)}`), OTHER);
      expect(metadataPreflight.headers['access-control-allow-origin']).toBe(OTHER);
    });
  });

  it('serves a request without an Origin (a tool, or an <img> in a page) as before', async () => {
    const reply = await send(s.objectUrl(BUCKET, OBJECT), 'GET');
    expect(reply.status).toBe(200);
    expect(reply.body.equals(BYTES)).toBe(true);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('matches any origin with "*"', async () => {
    const bucket = 'demo-cors-any.firebasestorage.app';
    expect((await s.patchBucket(bucket, { cors: [{ origin: ['*'], method: ['GET'] }] })).status).toBe(200);
    await s.upload(bucket, OBJECT);
    const reply = await s.get(s.objectUrl(bucket, OBJECT), OTHER);
    expect(reply.headers['access-control-allow-origin']).toBe(OTHER);
    expect(reply.headers['access-control-expose-headers']).toBeUndefined();
    const preflight = await s.preflight(s.objectUrl(bucket, OBJECT), OTHER);
    expect(preflight.headers['access-control-allow-origin']).toBe(OTHER);
    expect(preflight.headers['access-control-max-age']).toBeUndefined();
  });

  describe('PATCH /storage/v1/b/{bucket}', () => {
    it("replaces that bucket's configuration only, and GET shows each bucket's", async () => {
      const bucket = 'demo-cors-own.firebasestorage.app';
      await s.upload(bucket, OBJECT);
      const before = await s.get(s.url(`/storage/v1/b/${bucket}`));
      expect(JSON.parse(before.body.toString())).toEqual({ kind: 'storage#bucket', id: bucket, name: bucket, cors: CONFIG });

      const own = [...CONFIG, { origin: [OTHER], method: ['GET'], maxAgeSeconds: 60 }];
      const patched = await s.patchBucket(bucket, { cors: own });
      expect(patched.status).toBe(200);
      expect(JSON.parse(patched.body.toString())).toMatchObject({ name: bucket, cors: own });

      expect((await s.get(s.objectUrl(bucket, OBJECT), OTHER)).headers['access-control-allow-origin']).toBe(OTHER);
      expect((await s.preflight(s.objectUrl(bucket, OBJECT), OTHER)).headers['access-control-max-age']).toBe('60');
      expect((await s.get(s.objectUrl(bucket, OBJECT), APP)).headers['access-control-allow-origin']).toBe(APP);
      // Another bucket keeps the configuration it started with.
      expect(corsHeadersOf(await s.get(s.objectUrl(BUCKET, OBJECT), OTHER))).toEqual([]);
    });

    it('with an empty list, lets no page download (what a bucket without a configuration does)', async () => {
      const bucket = 'demo-cors-none.firebasestorage.app';
      await s.upload(bucket, OBJECT);
      expect((await s.patchBucket(bucket, { cors: [] })).status).toBe(200);
      expect(JSON.parse((await s.get(s.url(`/storage/v1/b/${bucket}`))).body.toString())).not.toHaveProperty('cors');
      expect(corsHeadersOf(await s.get(s.objectUrl(bucket, OBJECT), APP))).toEqual([]);
    });

    it('refuses a malformed configuration with 400 naming the entry and field, and changes nothing', async () => {
      const bucket = 'demo-cors-bad.firebasestorage.app';
      for (const [cors, message] of [
        [{ origin: [APP] }, 'cors must be a list of CORS entries'],
        [[{ origin: APP, method: ['GET'] }], 'cors[0].origin must be a list of strings'],
        [[{ origin: [APP], method: ['GET'], maxAgeSeconds: -1 }], 'cors[0].maxAgeSeconds must be a whole number'],
        [[{ origin: [APP], method: ['GET'], responseHeaders: ['ETag'] }], 'cors[0] has an unknown field "responseHeaders"'],
      ] as const) {
        const reply = await s.patchBucket(bucket, { cors });
        expect(reply.status).toBe(400);
        expect((JSON.parse(reply.body.toString()) as { error: { message: string } }).error.message).toContain(message);
      }
      const other = await s.patchBucket(bucket, { cors: [], storageClass: 'COLDLINE' });
      expect(other.status).toBe(400);
      expect(other.body.toString()).toContain('it cannot set \\"storageClass\\"');
      const notJson = await send(s.url(`/storage/v1/b/${bucket}`), 'PATCH', {}, '{');
      expect(notJson.status).toBe(400);
      expect(JSON.parse((await s.get(s.url(`/storage/v1/b/${bucket}`))).body.toString())).toMatchObject({ cors: CONFIG });
    });

    it('answers only this machine: a web page elsewhere gets 403 and the configuration stays', async () => {
      const bucket = 'demo-cors-guarded.firebasestorage.app';
      const reply = await s.patchBucket(bucket, { cors: [{ origin: [OTHER], method: ['GET'] }] }, { origin: OTHER });
      expect(reply.status).toBe(403);
      expect(reply.headers['access-control-allow-origin']).toBeUndefined();
      expect(s.backend.storage.bucketCors.of(bucket)).toEqual(CONFIG);
      const fromLoopbackPage = await s.patchBucket(bucket, { cors: [] }, { origin: 'http://localhost:5173' });
      expect(fromLoopbackPage.status).toBe(200);
    });

    it("is kept across a reset: it is the bucket's, not its objects'", async () => {
      const bucket = 'demo-cors-kept.firebasestorage.app';
      await s.patchBucket(bucket, { cors: [{ origin: [OTHER], method: ['GET'] }] });
      expect((await send(s.url('/internal/reset'), 'DELETE')).status).toBe(200);
      expect(s.backend.storage.bucketCors.of(bucket)).toEqual([{ origin: [OTHER], method: ['GET'] }]);
      await s.upload(BUCKET, OBJECT);
    });
  });
});

describe('bucket CORS, not enforced (the default, as the official emulator)', () => {
  let s: Awaited<ReturnType<typeof startWith>>;
  beforeAll(async () => {
    s = await startWith(undefined);
    await s.upload(BUCKET, OBJECT);
  });
  afterAll(() => s.backend.close());

  it('lets every origin download, even one its bucket configuration does not list', async () => {
    await s.patchBucket(BUCKET, { cors: [{ origin: [APP], method: ['GET'] }] });
    const preflight = await s.preflight(s.objectUrl(BUCKET, OBJECT), OTHER);
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(OTHER);
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
    const reply = await s.get(s.objectUrl(BUCKET, OBJECT), OTHER);
    expect(reply.body.equals(BYTES)).toBe(true);
    expect(reply.headers['access-control-allow-origin']).toBe(OTHER);
  });
});

describe('the CORS file', () => {
  it("storage.cors.json lists the app's local origins for GET, in gcloud's format", () => {
    const entries = readCorsFile(path.join(repoRoot, 'storage.cors.json'));
    expect(entries.flatMap((entry) => entry.origin ?? [])).toEqual(
      expect.arrayContaining([
        'http://127.0.0.1:5173',
        'http://localhost:5173',
        'http://127.0.0.1:5000',
        'http://localhost:5000',
      ]),
    );
    expect(entries.every((entry) => entry.method?.includes('GET'))).toBe(true);
  });

  it('a malformed file stops start-up naming the file and the entry', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cors-file-'));
    try {
      const file = path.join(dir, 'cors.json');
      await fs.writeFile(file, JSON.stringify([{ origin: ['x'], method: 'GET' }]));
      expect(() => readCorsFile(file)).toThrow('cors.json[0].method must be a list of strings.');
      await fs.writeFile(file, '[{');
      expect(() => readCorsFile(file)).toThrow(/^cors\.json is not valid JSON/);
      expect(() => readCorsFile(path.join(dir, 'absent.json'))).toThrow(/Cannot read the CORS file/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
