// Bad input to every endpoint of the local backend (Firestore REST, WebChannel and gRPC, Storage,
// the Auth emulator), run as `npm run emulators` runs it, in a child process of its own so its
// memory can be measured: each malformed request gets a clear 4xx (or, below HTTP, an error and a
// closed connection, never a hang), and afterwards the backend still serves, with its memory back.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../backend/src/config.js';
import { messageType } from '../../../backend/src/firestore/grpc/firestoreProto.js';
import { commitRawBytes, form, parseFrames } from './support.js';

const PROJECT = 'demo-bad-input';
const DB = `projects/${PROJECT}/databases/(default)`;
const BUCKET = `${PROJECT}.appspot.com`;
const OWNER = { authorization: 'Bearer owner' };
const MiB = 1024 * 1024;
/** No single exchange of the corpus may take longer: a hang fails the case instead of the run. */
const REPLY_BOUND_MS = 15_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `npm run emulators` on free ports and a data folder of its own; prints its ports, stops on SIGTERM.
 * Asked 'memory' over its IPC channel, it collects its garbage and answers what is still live.
 */
const CHILD_SCRIPT = `
const { startEmulators, closeOnSignals } = await import('./backend/src/cli.ts');
process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc();
  process.send(process.memoryUsage());
});
const running = await startEmulators({
  dataDir: process.argv[1],
  ports: { auth: 0, firestore: 0, storage: 0 },
  log: (line) => console.error(line),
});
console.log(JSON.stringify({ firestore: running.firestore.port, storage: running.storage.port, auth: running.auth.port }));
closeOnSignals(() => running.close());
`;

interface Ports {
  firestore: number;
  storage: number;
  auth: number;
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Request {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request on a connection of its own, bounded in time. */
function send(port: number, { method = 'POST', path: target, headers = {}, body }: Request): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // Always framed by a length: Node's client sends a GET or DELETE body unframed, which is not HTTP.
    const framed = body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers };
    const req = http.request({ host: '127.0.0.1', port, method, path: target, headers: framed, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.setTimeout(REPLY_BOUND_MS, () => req.destroy(new Error(`${method} ${target}: no answer within ${REPLY_BOUND_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A body of `size` bytes sent in 64 KiB chunks as the server takes them, never held whole here. */
function sendStreamed(port: number, target: string, size: number, headers: Record<string, string>): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: target,
        headers: { ...headers, 'content-length': String(size) },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.setTimeout(REPLY_BOUND_MS, () => req.destroy(new Error(`POST ${target}: no answer within ${REPLY_BOUND_MS} ms`)));
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const pump = (): void => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

/**
 * Writes raw bytes on a new connection; reports what came back and when the exchange ended: the
 * server closed the connection, or what it sent satisfies `answered` (null: neither in time).
 */
function rawExchange(
  port: number,
  bytes: Buffer,
  answered: (received: Buffer) => boolean = () => false,
): Promise<{ endedAfterMs: number | null; received: Buffer }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const end = (endedAfterMs: number | null) => {
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ endedAfterMs, received: Buffer.concat(chunks) });
    };
    const giveUp = setTimeout(() => end(null), REPLY_BOUND_MS);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (answered(Buffer.concat(chunks))) end(Date.now() - started);
    });
    socket.on('error', () => {});
    socket.on('close', () => end(Date.now() - started));
    socket.on('connect', () => socket.write(bytes));
  });
}

/** The error code of the first complete HTTP/2 GOAWAY frame in `bytes`, or null. */
function goAwayError(bytes: Buffer): number | null {
  for (let at = 0; at + 9 <= bytes.length; at += 9 + bytes.readUIntBE(at, 3)) {
    const length = bytes.readUIntBE(at, 3);
    if (bytes[at + 3] === 0x07 && at + 9 + length <= bytes.length) return bytes.readUInt32BE(at + 9 + 4);
  }
  return null;
}

/** A 4xx whose body names the problem: not empty, and no stack trace. */
function expectClearRefusal(reply: Reply, says: RegExp | string, label: string): void {
  expect(reply.status, `${label}: ${reply.body}`).toBeGreaterThanOrEqual(400);
  expect(reply.status, `${label}: ${reply.body}`).toBeLessThan(500);
  expect(reply.body.trim(), label).not.toBe('');
  expect(reply.body, label).not.toMatch(/\n\s+at .+[(:]\d+/);
  const text = messageOf(reply.body);
  if (typeof says === 'string') expect(text, label).toContain(says);
  else expect(text, label).toMatch(says);
}

/** The message of a JSON error body (`{"error":{"message"}}`), or the body as it is. */
function messageOf(body: string): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' ? message : body;
  } catch {
    return body;
  }
}

/** The child's resident memory, from /proc (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

/**
 * What the child still holds after a full collection: its JavaScript heap and the memory outside it
 * that objects own (Buffers). A kept request body is in one or the other, whatever the allocator
 * does with the pages it freed and whatever the backend had compiled before.
 */
function liveMemoryOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The backend did not report its memory within 15 s')), 15_000);
    child.once('message', (usage) => {
      clearTimeout(timer);
      const { heapUsed, external } = usage as NodeJS.MemoryUsage;
      resolve(heapUsed + external);
    });
    child.send('memory');
  });
}

describe('Bad input to the local backend', () => {
  let child: ChildProcess;
  let ports: Ports;
  let dataDir: string;
  let grpcClient: grpc.Client;
  let baselineRss = 0;
  let baselineLive = 0;
  let peakRss = 0;
  let sampler: NodeJS.Timeout | undefined;
  const childLog: string[] = [];

  const firestore = (request: Request) => send(ports.firestore, request);
  const storage = (request: Request) => send(ports.storage, request);
  const auth = (request: Request) => send(ports.auth, request);
  const rest = (p: string) => `/v1/${DB}/documents${p}`;

  /** A unary Firestore RPC over gRPC as firebase-admin makes it (owner credentials), in proto3 JSON. */
  function rpc(method: string, request: object): Promise<Record<string, unknown>> {
    const requestType = messageType(`google.firestore.v1.${method}Request`);
    const responseType = messageType(
      method === 'GetDocument' ? 'google.firestore.v1.Document' : `google.firestore.v1.${method}Response`,
    );
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Bearer owner');
    return new Promise((resolve, reject) => {
      grpcClient.makeUnaryRequest(
        `/google.firestore.v1.Firestore/${method}`,
        (message: object) => Buffer.from(requestType.encode(requestType.fromObject(message)).finish()),
        (bytes: Buffer) => responseType.toObject(responseType.decode(bytes), { longs: String }) as Record<string, unknown>,
        request,
        metadata,
        { deadline: Date.now() + REPLY_BOUND_MS },
        (err, response) => (err || !response ? reject(err ?? new Error(`${method}: no response`)) : resolve(response)),
      );
    });
  }

  /** Whether a document exists, read over REST. */
  async function exists(documentPath: string): Promise<boolean> {
    const reply = await firestore({ method: 'GET', path: rest(`/${documentPath}`), headers: OWNER });
    if (reply.status !== 200 && reply.status !== 404) throw new Error(`GET ${documentPath}: ${reply.status} ${reply.body}`);
    return reply.status === 200;
  }

  /** The normal traffic of each service: a write and a read back (gRPC as firebase-admin, REST, Storage, Auth). */
  async function normalTraffic(label: string): Promise<void> {
    const name = `${DB}/documents/checks/${label}`;
    await rpc('Commit', { database: DB, writes: [{ update: { name, fields: { label: { stringValue: label } } } }] });
    const stored = await rpc('GetDocument', { name });
    expect(stored.fields).toEqual({ label: { stringValue: label } });

    const patched = await firestore({
      method: 'PATCH',
      path: rest(`/checks/${label}-rest`),
      headers: { ...OWNER, 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { label: { stringValue: label } } }),
    });
    expect(patched.status, patched.body).toBe(200);
    const read = await firestore({ method: 'GET', path: rest(`/checks/${label}-rest`), headers: OWNER });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body).fields).toEqual({ label: { stringValue: label } });

    const boundary = `b-${label}`;
    const uploaded = await storage({
      path: `/v0/b/${BUCKET}/o?name=${encodeURIComponent(`checks/${label}.txt`)}&uploadType=multipart`,
      headers: { ...OWNER, 'content-type': `multipart/related; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Type: application/json\r\n\r\n{"contentType":"text/plain"}\r\n--${boundary}\r\nContent-Type: text/plain\r\n\r\n${label}\r\n--${boundary}--`,
    });
    expect(uploaded.status, uploaded.body).toBe(200);
    const downloaded = await storage({
      method: 'GET',
      path: `/v0/b/${BUCKET}/o/${encodeURIComponent(`checks/${label}.txt`)}?alt=media`,
      headers: OWNER,
    });
    expect(downloaded.body).toBe(label);

    const signUp = await auth({
      path: '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${label}-${randomUUID().slice(0, 8)}@example.com`,
        password: 'a-password',
        returnSecureToken: true,
      }),
    });
    expect(signUp.status, signUp.body).toBe(200);
    expect(JSON.parse(signUp.body).idToken).toBeTruthy();
  }

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bad-input-'));
    const node = ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', CHILD_SCRIPT, dataDir];
    child = spawn(process.execPath, node, {
      cwd: repoRoot,
      env: { ...process.env, GCLOUD_PROJECT: PROJECT, METADATA_SERVER_DETECTION: 'none' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stderr?.on('data', (chunk: Buffer) => childLog.push(chunk.toString('utf8')));
    ports = await new Promise<Ports>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`The backend did not start within 50 s: ${childLog.join('')}`)), 50_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (!line) return;
        clearTimeout(timer);
        resolve(JSON.parse(line) as Ports);
      });
      child.once('exit', (code) => reject(new Error(`The backend exited (${code}): ${childLog.join('')}`)));
    });

    grpcClient = new grpc.Client(`127.0.0.1:${ports.firestore}`, grpc.credentials.createInsecure());

    await normalTraffic('baseline');
    baselineLive = await liveMemoryOf(child);
    baselineRss = await rssOf(child.pid!);
    peakRss = baselineRss;
    sampler = setInterval(() => {
      rssOf(child.pid!).then(
        (rss) => (peakRss = Math.max(peakRss, rss)),
        () => {},
      );
    }, 100);
  });

  afterAll(async () => {
    if (sampler) clearInterval(sampler);
    grpcClient?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  describe('Firestore REST', () => {
    it('refuses malformed JSON, a body that is not an object, and a form body sent as a form', async () => {
      for (const [body, contentType, says] of [
        ['{"writes": [', 'application/json', 'The request body is not valid JSON.'],
        ['{"writes": [}', 'text/plain', 'The request body is not valid JSON.'],
        ['[1, 2, 3]', 'application/json', 'The request body must be a JSON object.'],
        ['writes=1&b=2', 'application/x-www-form-urlencoded', 'The request body is not valid JSON.'],
        [Buffer.from([0x0a, 0x03, 0x61, 0x62, 0x63]), 'application/x-protobuf', 'The request body is not valid JSON.'],
      ] as const) {
        const reply = await firestore({ path: rest(':commit'), headers: { ...OWNER, 'content-type': contentType }, body });
        expectClearRefusal(reply, says, `${contentType} ${String(body)}`);
      }
    });

    it('refuses document paths that name no document: odd segment counts, "..", empty segments, reserved ids', async () => {
      const cases: [string, string, RegExp | string][] = [
        ['PATCH', '/c/d/e', 'is not a Firestore REST endpoint'],
        ['DELETE', '/c', 'is not a Firestore REST endpoint'],
        ['PATCH', '/c/d/../e', 'the segment ".." is not a valid id'],
        ['PATCH', '/c/%2e%2e', 'the segment ".." is not a valid id'],
        ['GET', '/c/./d', 'the segment "." is not a valid id'],
        ['PATCH', '/c//d', 'has an empty segment'],
        ['PATCH', '//c/d', 'has an empty segment'],
        ['PATCH', '/c/__name__', 'Resource id "__name__" is invalid because it is reserved.'],
        ['PATCH', '/__name__/d', 'Collection id "__name__" is invalid because it is reserved.'],
        ['GET', '/c/__x__', 'is invalid because it is reserved'],
      ];
      for (const [method, p, says] of cases) {
        const reply = await firestore({
          method,
          path: rest(p),
          headers: { ...OWNER, 'content-type': 'application/json' },
          body: '{}',
        });
        expectClearRefusal(reply, says, `${method} ${p}`);
      }
      const commit = await firestore({
        path: rest(':commit'),
        headers: OWNER,
        body: JSON.stringify({ writes: [{ update: { name: `${DB}/documents/c/d/../e`, fields: {} } }] }),
      });
      expectClearRefusal(commit, 'the segment ".." is not a valid id', 'commit ..');
      // ".." resolved away would have written c/e instead.
      expect(await exists('c/e')).toBe(false);
    });

    it('refuses a value nested 200 levels deep, as a map, an array and a filter', async () => {
      let map: unknown = { stringValue: 'bottom' };
      let array: unknown = { stringValue: 'bottom' };
      for (let i = 0; i < 200; i++) {
        map = { mapValue: { fields: { a: map } } };
        array = { arrayValue: { values: [{ mapValue: { fields: { a: array } } }] } };
      }
      for (const value of [map, array]) {
        const reply = await firestore({
          path: rest(':commit'),
          headers: OWNER,
          body: JSON.stringify({ writes: [{ update: { name: `${DB}/documents/c/deep`, fields: { v: value } } }] }),
        });
        expectClearRefusal(reply, 'nested more than 20 levels deep', 'deep value');
      }
      let filter: unknown = { fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: { nullValue: null } } };
      for (let i = 0; i < 200; i++) filter = { compositeFilter: { op: 'AND', filters: [filter] } };
      const query = await firestore({
        path: rest(':runQuery'),
        headers: OWNER,
        body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'c' }], where: filter } }),
      });
      expectClearRefusal(query, 'nested too deeply', 'deep filter');
      const json = await firestore({ path: rest(':commit'), headers: OWNER, body: '['.repeat(100_000) + ']'.repeat(100_000) });
      expectClearRefusal(json, 'must be a JSON object', 'deep JSON');
    });

    it("refuses a document over 1 MiB, and a 50 MB body (streamed) with 413 in Firestore's words", async () => {
      const big = await firestore({
        path: rest(':commit'),
        headers: OWNER,
        body: JSON.stringify({
          writes: [{ update: { name: `${DB}/documents/c/big`, fields: { s: { stringValue: 'x'.repeat(MiB + 1) } } } }],
        }),
      });
      expectClearRefusal(big, 'exceeds the maximum allowed size of 1,048,576 bytes', 'document over 1 MiB');
      const huge = await sendStreamed(ports.firestore, rest(':commit'), 50 * MiB, {
        ...OWNER,
        'content-type': 'application/json',
      });
      expect(huge.status).toBe(413);
      expectClearRefusal(huge, 'Request payload size exceeds the limit: 10485760 bytes.', '50 MB body');
    });

    it('refuses bytes that are not UTF-8, in the body and (percent-encoded) in the path', async () => {
      const body = Buffer.from(
        JSON.stringify({ writes: [{ update: { name: `${DB}/documents/c/utf8`, fields: { s: { stringValue: 'QQ' } } } }] }),
      );
      body.set([0xff, 0xfe], body.indexOf('QQ'));
      expectClearRefusal(await firestore({ path: rest(':commit'), headers: OWNER, body }), 'is not valid UTF-8', 'body bytes');
      for (const p of ['/c/%FF%FE', '/%C3/d']) {
        const reply = await firestore({ method: 'PATCH', path: rest(p), headers: OWNER, body: '{}' });
        expectClearRefusal(reply, 'is not validly URL-encoded', p);
      }
    });

    it('refuses unknown fields in a write (a commit and a PATCH) instead of ignoring them', async () => {
      const name = `${DB}/documents/c/unknown`;
      for (const write of [
        { update: { name, fields: {} }, updateMsk: { fieldPaths: ['a'] } },
        { update: { name, fields: {}, bogus: 1 } },
        { delete: name, precondition: { exists: true } },
      ]) {
        const reply = await firestore({ path: rest(':commit'), headers: OWNER, body: JSON.stringify({ writes: [write] }) });
        expectClearRefusal(reply, /Unknown name "(updateMsk|bogus|precondition)"/, JSON.stringify(write));
      }
      const patch = await firestore({
        method: 'PATCH',
        path: rest('/c/unknown'),
        headers: OWNER,
        body: '{"fields":{},"feilds":{}}',
      });
      expectClearRefusal(patch, 'Unknown name "feilds"', 'PATCH');
      expect(await exists('c/unknown')).toBe(false);
    });
  });

  describe('Firestore WebChannel', () => {
    const channel = (method: 'Listen' | 'Write', query: Record<string, string>) =>
      `/google.firestore.v1.Firestore/${method}/channel?${new URLSearchParams({ VER: '8', database: DB, ...query })}`;
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

    it('refuses garbage bodies on Listen and Write, before any session opens', async () => {
      for (const method of ['Listen', 'Write'] as const) {
        for (const [body, headers, says] of [
          ['{"garbage": true}', { 'content-type': 'application/json' }, 'needs count'],
          ['count=many&ofs=-1', formHeaders, 'count and ofs must be non-negative integers.'],
          ['count=1&req0___data__=%E0%A4%', formHeaders, 'not valid UTF-8'],
          [Buffer.from([0x63, 0x3d, 0xff, 0xfe, 0x00]), formHeaders, 'not valid UTF-8'],
        ] as const) {
          const reply = await firestore({ path: channel(method, { RID: '1', CVER: '22' }), headers, body });
          expectClearRefusal(reply, says, `${method} ${String(body)}`);
        }
        const huge = await sendStreamed(ports.firestore, channel(method, { RID: '1', CVER: '22' }), 50 * MiB, formHeaders);
        expect(huge.status).toBe(413);
        expectClearRefusal(huge, 'Request payload size exceeds the limit', `${method} 50 MB`);
      }
    });

    it('answers a bogus session id with "Unknown SID", on forward POSTs and backchannel GETs', async () => {
      for (const method of ['Listen', 'Write'] as const) {
        const post = await firestore({
          path: channel(method, { SID: 'bogus', RID: '2', AID: '0' }),
          headers: formHeaders,
          body: 'count=0',
        });
        expectClearRefusal(post, 'Unknown SID', `${method} POST`);
        const get = await firestore({
          method: 'GET',
          path: channel(method, { SID: 'bogus', RID: 'rpc', AID: '0', CI: '1', TYPE: 'xmlhttp' }),
        });
        expectClearRefusal(get, 'Unknown SID', `${method} GET`);
        const noSid = await firestore({ method: 'GET', path: channel(method, { RID: 'rpc', CI: '1' }) });
        expectClearRefusal(noSid, 'needs SID and RID=rpc', `${method} GET without SID`);
        const put = await firestore({ method: 'PUT', path: channel(method, { RID: '1' }), body: 'count=0' });
        expectClearRefusal(put, 'is not a WebChannel method', `${method} PUT`);
      }
    });

    it('fails the Write stream on a write with an unknown field, in the stream as Firestore does', async () => {
      const opened = await firestore({
        path: channel('Write', { RID: '1', CVER: '22' }),
        headers: formHeaders,
        body: form({
          headers: 'Authorization:Bearer owner\r\n',
          count: '1',
          ofs: '0',
          req0___data__: JSON.stringify({ database: DB }),
        }),
      });
      const [arrays] = parseFrames(opened.body) as [[number, unknown[]][]];
      const sid = (arrays[0]![1] as string[])[1]!;
      const { streamToken } = arrays[1]![1][0] as { streamToken: string };
      const write = { streamToken, writes: [{ update: { name: `${DB}/documents/c/wc`, fields: {} }, bogus: true }] };
      const post = await firestore({
        path: channel('Write', { SID: sid, RID: '2', AID: '1' }),
        headers: formHeaders,
        body: form({ count: '1', ofs: '1', req0___data__: JSON.stringify(write) }),
      });
      expect(post.status).toBe(200);
      const get = await firestore({
        method: 'GET',
        path: channel('Write', { SID: sid, RID: 'rpc', AID: '1', CI: '1', TYPE: 'xmlhttp' }),
      });
      const replies = parseFrames(get.body)[0] as [number, { error: { status: string; message: string } }[]][];
      expect(replies[0]?.[1][0]?.error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: expect.stringContaining('Unknown name "bogus"'),
      });
      expect(await exists('c/wc')).toBe(false);
    });
  });

  describe('Firestore gRPC port', () => {
    it('answers a Commit whose protobuf is garbage with INVALID_ARGUMENT', async () => {
      for (const bytes of [Buffer.from([0xff, 0xff, 0xff, 0xff]), Buffer.from([0x0a, 0x7f, 0x61])]) {
        const error = await commitRawBytes(ports.firestore, bytes, { deadline: Date.now() + REPLY_BOUND_MS });
        expect(error?.code).toBe(grpc.status.INVALID_ARGUMENT);
        expect(error?.details).toContain('Malformed CommitRequest');
      }
    });

    it('answers raw HTTP/2 requests with a truncated gRPC frame, an unknown method or a wrong content type with an error', async () => {
      const session = http2.connect(`http://127.0.0.1:${ports.firestore}`);
      session.on('error', () => {});
      const call = (headers: http2.OutgoingHttpHeaders, body: Buffer) =>
        new Promise<{ status: number; grpcStatus?: string; grpcMessage?: string }>((resolve, reject) => {
          const stream = session.request({ ':method': 'POST', te: 'trailers', ...headers });
          let status = 0;
          let grpcStatus: string | undefined;
          let grpcMessage: string | undefined;
          const take = (h: http2.IncomingHttpHeaders) => {
            status ||= Number(h[':status'] ?? 0);
            grpcStatus ??= h['grpc-status'] as string | undefined;
            grpcMessage ??= h['grpc-message'] as string | undefined;
          };
          stream.setTimeout(REPLY_BOUND_MS, () => stream.close(http2.constants.NGHTTP2_CANCEL));
          stream.on('response', take);
          stream.on('trailers', take);
          stream.on('data', () => {});
          stream.on('error', reject);
          stream.on('close', () => resolve({ status, grpcStatus, grpcMessage }));
          stream.end(body);
        });
      try {
        const grpcHeaders = { ':path': '/google.firestore.v1.Firestore/Commit', 'content-type': 'application/grpc' };
        // The length prefix promises 1,000 bytes; 5 come.
        const truncated = await call(grpcHeaders, Buffer.from([0, 0, 0, 0x03, 0xe8, 1, 2, 3, 4, 5]));
        expect(Number(truncated.grpcStatus)).toBeGreaterThan(0);
        expect(truncated.grpcMessage).toBeTruthy();
        const garbage = await call(grpcHeaders, Buffer.from([0, 0, 0, 0, 4, 0xff, 0xff, 0xff, 0xff]));
        expect(Number(garbage.grpcStatus)).toBe(grpc.status.INVALID_ARGUMENT);
        expect(decodeURIComponent(garbage.grpcMessage ?? '')).toContain('Malformed CommitRequest');
        const unknown = await call({ ...grpcHeaders, ':path': '/google.firestore.v1.Firestore/Nope' }, Buffer.alloc(5));
        expect(Number(unknown.grpcStatus)).toBe(grpc.status.UNIMPLEMENTED);
        const wrongType = await call({ ...grpcHeaders, 'content-type': 'text/html' }, Buffer.from('hello'));
        expect(wrongType.status).toBe(415);
      } finally {
        session.destroy();
      }
    });

    it('answers a bad HTTP/2 preface or a bad frame after it with a GOAWAY naming the error', async () => {
      const preface = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');
      for (const bytes of [
        // A DATA frame on stream 0, which carries only connection frames.
        Buffer.concat([preface, Buffer.from([0, 0, 4, 0x00, 0, 0, 0, 0, 0]), Buffer.from('data')]),
        // A HEADERS frame whose header block is not HPACK.
        Buffer.concat([preface, Buffer.from([0, 0, 4, 0x01, 0x05, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff])]),
        // A SETTINGS frame whose length is not a multiple of 6.
        Buffer.concat([preface, Buffer.from([0, 0, 5, 0x04, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5])]),
        Buffer.from('PRI * HTTP/2.0\r\n\r\nXX\r\n\r\ngarbage', 'latin1'),
      ]) {
        // After its SETTINGS, the server says why in a GOAWAY frame (type 7), then closes or waits for the client to.
        const { endedAfterMs, received } = await rawExchange(ports.firestore, bytes, (r) => goAwayError(r) !== null);
        expect(endedAfterMs).not.toBeNull();
        expect(goAwayError(received)).toBeGreaterThan(0);
      }
    });

    it('answers a plain HTTP/1 request for a gRPC method with 404, and bytes that are not HTTP with 400 and a close', async () => {
      const plain = await firestore({
        path: '/google.firestore.v1.Firestore/Commit',
        headers: { 'content-type': 'application/grpc' },
        body: Buffer.alloc(5),
      });
      expectClearRefusal(plain, 'is not served by the local Firestore backend', 'HTTP/1 gRPC');
      for (const port of [ports.firestore, ports.storage, ports.auth]) {
        const { endedAfterMs, received } = await rawExchange(port, Buffer.from('GARBAGE\x00\xff\r\n\r\n', 'latin1'));
        expect(endedAfterMs, String(port)).not.toBeNull();
        expect(received.toString('latin1'), String(port)).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      }
    });

    it('answers raw bytes that are not UTF-8 in a request path with 400 and a close, on every port', async () => {
      for (const [port, target] of [
        [ports.firestore, `/v1/${DB}/documents/c/\xff\xfe`],
        [ports.storage, `/v0/b/${BUCKET}/o/\xff\xfe`],
        [ports.auth, '/emulator/v1/projects/\xff\xfe/config'],
      ] as const) {
        const request = Buffer.from(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 'latin1');
        const { endedAfterMs, received } = await rawExchange(port, request);
        expect(endedAfterMs, target).not.toBeNull();
        expect(received.toString('latin1'), target).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      }
    });
  });

  describe('Storage', () => {
    const multipart = (metadata: string | Buffer, boundary = 'zz') =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n`),
        Buffer.from(metadata),
        Buffer.from(`\r\n--${boundary}\r\nContent-Type: text/plain\r\n\r\ndata\r\n--${boundary}--`),
      ]);
    const upload = (query: string, body: Buffer | string, contentType = 'multipart/related; boundary=zz') =>
      storage({
        path: `/v0/b/${BUCKET}/o?${query}&uploadType=multipart`,
        headers: { ...OWNER, 'content-type': contentType },
        body,
      });

    it('refuses uploads with bad object names: empty, a line break, over 1,024 bytes, escapes that are not UTF-8', async () => {
      for (const [name, says] of [
        ['', 'The upload names no object'],
        ['a%0Ab', 'cannot contain carriage returns or line feeds'],
        ['n'.repeat(1025), 'at most 1024 bytes'],
        ['a%FFb', 'is not validly percent-encoded'],
        ['%E2%82', 'is not validly percent-encoded'],
      ] as const) {
        expectClearRefusal(await upload(`name=${name}`, multipart('{}')), says, `name ${name.slice(0, 20)}`);
      }
      const listed = await storage({ method: 'GET', path: `/v0/b/${BUCKET}/o?prefix=a`, headers: OWNER });
      expect(JSON.parse(listed.body).items).toEqual([]);
    });

    it('refuses bad multipart bodies and wrong content types', async () => {
      for (const [body, contentType, says] of [
        ['garbage', 'multipart/related; boundary=zz', 'does not contain its boundary'],
        ['garbage', 'multipart/related', 'has no boundary'],
        ['{}', 'application/json', 'must be sent as multipart/related'],
        [
          multipart('{"contentType": '),
          'multipart/related; boundary=zz',
          'metadata part of the multipart upload is not valid JSON',
        ],
        [
          multipart(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])),
          'multipart/related; boundary=zz',
          'is not valid UTF-8',
        ],
        [multipart('{"contentType": 5}'), 'multipart/related; boundary=zz', 'must be a string or null'],
        ['--zz\r\n\r\n{}\r\n--zz\r\n\r\ndata', 'multipart/related; boundary=zz', 'not terminated by its closing boundary'],
        ['--zz\r\n\r\n{}\r\n--zz--', 'multipart/related; boundary=zz', 'needs exactly 2 parts'],
      ] as const) {
        expectClearRefusal(
          await upload('name=bad-multipart', body, contentType),
          says,
          `${contentType} ${String(body).slice(0, 30)}`,
        );
      }
      const resumable = await storage({
        path: `/v0/b/${BUCKET}/o?name=bad-resumable`,
        headers: {
          ...OWNER,
          'x-goog-upload-command': 'start',
          'x-goog-upload-protocol': 'resumable',
          'content-type': 'application/json',
        },
        body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
      });
      expectClearRefusal(resumable, 'is not valid UTF-8', 'resumable metadata bytes');
      const patch = await storage({ method: 'PATCH', path: `/v0/b/${BUCKET}/o/x`, headers: OWNER, body: '{"metadata": ' });
      expectClearRefusal(patch, 'The PATCH body is not valid JSON.', 'PATCH');
      const unknownUpload = await storage({
        path: `/v0/b/${BUCKET}/o?upload_id=nope&name=x`,
        headers: { ...OWNER, 'x-goog-upload-command': 'upload, finalize', 'x-goog-upload-offset': '0' },
        body: 'x',
      });
      expectClearRefusal(unknownUpload, 'No resumable upload session "nope"', 'unknown upload id');
      const protocol = await storage({ path: `/v0/b/${BUCKET}/o?name=x`, headers: OWNER, body: 'x' });
      expectClearRefusal(protocol, 'is not supported: the Firebase API takes multipart or resumable uploads', 'no protocol');
    });

    it('refuses a missing bucket, and a 50 MB metadata body (streamed) with 413', async () => {
      for (const p of ['/v0/b//o?name=x&uploadType=multipart', '/v0/b/o?name=x', '/v0/b/', '/v0/b/%FF/o']) {
        const reply = await storage({
          path: p,
          headers: { ...OWNER, 'content-type': 'multipart/related; boundary=zz' },
          body: multipart('{}'),
        });
        expectClearRefusal(reply, /No Firebase Storage API route|is not validly percent-encoded/, p);
      }
      const huge = await sendStreamed(ports.storage, `/v0/b/${BUCKET}/o?name=huge`, 50 * MiB, {
        ...OWNER,
        'x-goog-upload-command': 'start',
        'x-goog-upload-protocol': 'resumable',
      });
      expect(huge.status).toBe(413);
      expectClearRefusal(huge, "exceeds the local backend's limit", 'storage 50 MB');
    });
  });

  describe('Auth emulator', () => {
    it('refuses malformed JSON, wrong content types and a 50 MB body on its endpoints', async () => {
      for (const [p, body, contentType] of [
        ['/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key', '{"email": ', 'application/json'],
        ['/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', '[1, 2', 'application/json'],
        ['/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key', '{"idToken": }', 'application/json'],
        [`/emulator/v1/projects/${PROJECT}/config`, '{bad', 'application/json'],
        [
          '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key',
          '{"email":"a@b.co","password":"secret"}',
          'text/plain',
        ],
      ] as const) {
        const reply = await auth({
          method: p.includes('/config') ? 'PATCH' : 'POST',
          path: p,
          headers: { 'content-type': contentType },
          body,
        });
        expectClearRefusal(reply, /Invalid JSON payload received|Invalid content-type/, `${p} ${body}`);
      }
      const huge = await sendStreamed(
        ports.auth,
        '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key',
        50 * MiB,
        {
          'content-type': 'application/json',
        },
      );
      expect(huge.status).toBe(413);
      expectClearRefusal(huge, 'Request payload size exceeds the limit: 10485760 bytes.', 'auth 50 MB');
    });
  });

  describe('Idle connections', () => {
    it('holds 300 idle sockets for a few seconds while serving others, then lets them go', async () => {
      const opened: net.Socket[] = [];
      const targets = [ports.firestore, ports.storage, ports.auth];
      try {
        await Promise.all(
          Array.from(
            { length: 300 },
            (_, i) =>
              new Promise<void>((resolve, reject) => {
                const socket = net.connect(targets[i % targets.length]!, '127.0.0.1');
                socket.on('error', () => {});
                socket.once('connect', () => resolve());
                socket.once('error', reject);
                socket.setTimeout(REPLY_BOUND_MS, () => reject(new Error('connect timed out')));
                opened.push(socket);
              }),
          ),
        );
        await sleep(3_000);
        // Nothing sent, so none is closed yet (headers get 60 s); the backend keeps serving.
        expect(opened.filter((s) => s.destroyed)).toHaveLength(0);
        const read = await firestore({ method: 'GET', path: rest('/checks/baseline-rest'), headers: OWNER });
        expect(read.status).toBe(200);
      } finally {
        for (const socket of opened) socket.destroy();
      }
    });
  });

  describe('afterwards', () => {
    it('still serves normal reads and writes, is alive, and its memory is back near the baseline', async () => {
      await normalTraffic('after');
      expect(child.exitCode).toBeNull();
      expect(child.signalCode).toBeNull();
      // The corpus sends four 50 MB bodies and dozens of smaller bad ones; none may be kept. A kept
      // body is at least 50 MB live (twice that as a JS string), so 32 MiB over the baseline is room
      // for what the corpus warmed up (the Auth emulator compiles an operation's checks on its first
      // request) and still fails on one. The resident size is logged, not bounded: after such a
      // burst the allocator keeps freed pages for a while, more or less of them from run to run.
      const afterLive = await liveMemoryOf(child);
      const afterRss = await rssOf(child.pid!);
      console.log(
        `Backend live memory: baseline ${mib(baselineLive)}, after ${mib(afterLive)}; ` +
          `RSS: baseline ${mib(baselineRss)}, peak ${mib(peakRss)}, after ${mib(afterRss)}`,
      );
      expect(afterLive - baselineLive).toBeLessThan(32 * MiB);
      // Every refusal above was a client's mistake: none may have been logged as the backend's own.
      expect(childLog.join('')).not.toMatch(/Internal error|gRPC \w+ failed|storage: .* failed/);
    }, 60_000);
  });
});
