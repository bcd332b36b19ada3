// Production's limits, refused as Firestore refuses them and alike on REST, WebChannel and gRPC:
// ids over 1,500 bytes, paths deeper than 100 segments, strings that are not UTF-8, and request
// bodies over 10 MiB (413, the connection kept, not reset).

import http from 'node:http';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageType } from '../../../backend/src/firestore/grpc/firestoreProto.js';
import { startBackend, type RunningBackend } from '../../../backend/src/server.js';
import { commitRawBytes, form, parseFrames } from './support.js';

const DB = 'projects/demo-limits/databases/(default)';
const LIMIT = 10 * 1024 * 1024;
const ID_MESSAGE = 'The key path element name is longer than 1500 bytes.';

interface Reply {
  status: number;
  body: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire payloads, checked field by field
type Msg = Record<string, any>;

describe('Production limits', () => {
  let backend: RunningBackend;
  let agent: http.Agent;
  const base = () => `http://127.0.0.1:${backend.firestorePort}`;

  /** One keep-alive connection for every request, so a reset connection would show. */
  function send(path: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${base()}${path}`,
        { method: 'POST', agent, headers: { 'content-type': 'text/plain', ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
  const commit = (writes: unknown[]) => send(`/v1/${DB}/documents:commit`, JSON.stringify({ writes }));
  const update = (name: string, fields: unknown = {}) => ({ update: { name: `${DB}/documents/${name}`, fields } });
  const errorOf = (reply: Reply) =>
    (JSON.parse(reply.body) as { error: { code: number; status: string; message: string } }).error;

  beforeAll(async () => {
    backend = await startBackend({ firestorePort: 0, storagePort: 0 });
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterAll(async () => {
    agent.destroy();
    await backend.close();
  });

  describe('over REST', () => {
    it("refuses an id over 1,500 bytes with production's message, and takes one of exactly 1,500", async () => {
      expect((await commit([update(`c/${'a'.repeat(1500)}`)])).status).toBe(200);
      for (const name of [`c/${'a'.repeat(1501)}`, `c/${'é'.repeat(751)}`, `${'k'.repeat(1501)}/doc`]) {
        const reply = await commit([update(name)]);
        expect(reply.status).toBe(400);
        expect(errorOf(reply)).toEqual({ code: 3, status: 'INVALID_ARGUMENT', message: ID_MESSAGE });
      }
      const read = await fetch(`${base()}/v1/${DB}/documents/c/${'b'.repeat(1501)}`);
      expect(read.status).toBe(400);
      expect(errorOf({ status: read.status, body: await read.text() }).message).toBe(ID_MESSAGE);
    });

    it('refuses a path deeper than 100 segments, and takes one of 100', async () => {
      const path = (segments: number) => Array.from({ length: segments }, (_, i) => `s${i}`).join('/');
      expect((await commit([update(path(100))])).status).toBe(200);
      const reply = await commit([update(path(102))]);
      expect(reply.status).toBe(400);
      expect(errorOf(reply).status).toBe('INVALID_ARGUMENT');
      expect(errorOf(reply).message).toContain("more than Firestore's maximum of 100");
      expect(backend.engine.lookup(`${DB}/documents/${path(102)}`)).toBeNull();
    });

    it('refuses strings that are not UTF-8: raw bytes, and lone surrogates in JSON escapes', async () => {
      const json = JSON.stringify({ writes: [update('u/raw', { s: { stringValue: 'QQ' } })] });
      const raw = Buffer.from(json, 'utf8');
      raw.set([0xff, 0xfe], raw.indexOf('QQ'));
      const bytes = await send(`/v1/${DB}/documents:commit`, raw);
      expect(bytes.status).toBe(400);
      expect(errorOf(bytes)).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'The request body is not valid UTF-8.' });

      for (const [name, fields] of [
        ['u/value', { s: { stringValue: 'a\ud800b' } }],
        ['u/key', { ['k\udc00']: { nullValue: null } }],
        ['u/nested', { m: { mapValue: { fields: { t: { stringValue: '\udbff' } } } } }],
        ['u/id\ud800', {}],
      ] as const) {
        const reply = await commit([update(name, fields)]);
        expect(reply.status, name).toBe(400);
        expect(errorOf(reply).message, name).toContain('is not valid UTF-8');
      }
      expect(backend.engine.lookup(`${DB}/documents/u/raw`)).toBeNull();
      expect(backend.engine.lookup(`${DB}/documents/u/value`)).toBeNull();
    });

    it('answers a body over 10 MiB with 413 and a JSON error, on a connection that stays usable', async () => {
      for (const size of [LIMIT + 1024, 4 * LIMIT]) {
        const body = JSON.stringify({ writes: [], padding: 'x'.repeat(size) });
        const reply = await send(`/v1/${DB}/documents:commit`, body);
        expect(reply.status).toBe(413);
        expect(errorOf(reply)).toEqual({
          code: 3,
          status: 'INVALID_ARGUMENT',
          message: `Request payload size exceeds the limit: ${LIMIT} bytes.`,
        });
        // The same keep-alive connection serves the next request.
        expect((await commit([update('after/big')])).status).toBe(200);
      }
    });

    it("refuses a document over 1 MiB in production's words", async () => {
      const reply = await commit([update('big/doc', { s: { stringValue: 'x'.repeat(1_048_576) } })]);
      expect(reply.status).toBe(400);
      expect(errorOf(reply).message).toMatch(
        /^Document '.*\/big\/doc' cannot be written because its size \(1,048,\d{3} bytes\) exceeds the maximum allowed size of 1,048,576 bytes\.$/,
      );
    });
  });

  describe('over WebChannel', () => {
    const channel = (query: Record<string, string>) =>
      `/google.firestore.v1.Firestore/Write/channel?${new URLSearchParams({ VER: '8', database: DB, ...query })}`;

    async function writeSession(): Promise<{ sid: string; token: string }> {
      const reply = await send(
        channel({ RID: '1', CVER: '22' }),
        form({
          headers: 'Authorization:Bearer owner\r\n',
          count: '1',
          ofs: '0',
          req0___data__: JSON.stringify({ database: DB }),
        }),
        {
          'content-type': 'application/x-www-form-urlencoded',
        },
      );
      const [arrays] = parseFrames(reply.body) as [unknown[][]];
      const c = (arrays[0] as [number, [string, string]])[1];
      const hello = ((arrays[1] as [number, unknown[]])[1][0] ?? {}) as { streamToken: string };
      return { sid: c[1], token: hello.streamToken };
    }

    /** The stream error a write request ends with, read from a long-poll backchannel. */
    async function streamErrorAfter(message: string): Promise<Msg> {
      const { sid, token } = await writeSession();
      const post = await send(
        channel({ SID: sid, RID: '2', AID: '1' }),
        `count=1&ofs=1&req0___data__=${message.replace('TOKEN', token)}`,
        {
          'content-type': 'application/x-www-form-urlencoded',
        },
      );
      expect(post.status).toBe(200);
      const get = await fetch(`${base()}${channel({ SID: sid, RID: 'rpc', AID: '1', CI: '1', TYPE: 'xmlhttp' })}`);
      const arrays = parseFrames(await get.text())[0] as [number, Msg[]][];
      return arrays[0]![1][0]!;
    }

    it('fails the Write stream on an id over 1,500 bytes, a lone surrogate or a message over 10 MiB', async () => {
      const write = (fields: unknown, id = 'doc') =>
        encodeURIComponent(JSON.stringify({ streamToken: 'TOKEN', writes: [update(`wc/${id}`, fields)] }));
      expect((await streamErrorAfter(write({}, 'i'.repeat(1501)))).error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: ID_MESSAGE,
      });
      expect((await streamErrorAfter(write({ s: { stringValue: '\ud800' } }))).error.message).toContain('is not valid UTF-8');
      expect((await streamErrorAfter(write({ s: { stringValue: 'x'.repeat(LIMIT) } }))).error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: `Request payload size exceeds the limit: ${LIMIT} bytes.`,
      });
    });

    it('refuses percent-escapes that are not UTF-8, and answers an oversized body with 413', async () => {
      const { sid } = await writeSession();
      const bad = await send(channel({ SID: sid, RID: '2', AID: '1' }), 'count=1&ofs=1&req0___data__=%7B%22a%22%3A%22%FF%22%7D', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(bad.status).toBe(400);
      expect(errorOf(bad)).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: 'The form-encoded request body is not valid UTF-8.',
      });

      const huge = await send(channel({ RID: '1', CVER: '22' }), `count=0&padding=${'x'.repeat(4 * LIMIT + 1)}`, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      // A forward POST may carry several URL-encoded messages, so its own limit is higher.
      expect(huge.status).toBe(413);
      expect(errorOf(huge).message).toBe(`Request payload size exceeds the limit: ${4 * LIMIT} bytes.`);
    });
  });

  describe('over gRPC', () => {
    const commitBytes = (bytes: Buffer) => commitRawBytes(backend.firestorePort, bytes);
    const encodeCommit = (name: string, value: string) => {
      const type = messageType('google.firestore.v1.CommitRequest');
      const message = type.fromObject({
        database: DB,
        writes: [{ update: { name: `${DB}/documents/${name}`, fields: { s: { stringValue: value } } } }],
      });
      return Buffer.from(type.encode(message).finish());
    };

    it('refuses an id over 1,500 bytes and a string that is not UTF-8 with INVALID_ARGUMENT', async () => {
      const long = await commitBytes(encodeCommit(`g/${'g'.repeat(1501)}`, 'fine'));
      expect(long?.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(long?.details).toBe(ID_MESSAGE);

      const bytes = encodeCommit('g/utf8', 'QQ');
      bytes.set([0xff, 0xfe], bytes.indexOf('QQ'));
      const invalid = await commitBytes(bytes);
      expect(invalid?.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(invalid?.details).toContain('is not valid UTF-8');
      expect(backend.engine.lookup(`${DB}/documents/g/utf8`)).toBeNull();

      expect(await commitBytes(encodeCommit('g/ok', 'é✓😀'))).toBeNull();
    });
  });
});
