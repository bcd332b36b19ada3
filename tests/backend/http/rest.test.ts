// The REST API, emulator endpoints and CORS, driven with raw HTTP: the shapes the SDKs parse,
// error bodies with matching HTTP statuses, and preflights.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support.js';

const PROJECT = 'demo-rest';
const DB = `projects/${PROJECT}/databases/(default)`;

describe('Firestore REST', () => {
  let server: TestServer;
  let exportsDir: string;
  const api = (p: string) => `${server.url}/v1/${DB}/documents${p}`;
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(api(p), { method: 'POST', headers: { 'content-type': 'text/plain', ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    exportsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-export-'));
    server = await startTestServer({
      authorizer: (access) => (access.path.includes('/documents/private') ? { allow: false } : { allow: true }),
      exportsDir,
    });
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(exportsDir, { recursive: true, force: true });
  });

  it('commits (JSON sent as text/plain) and reads back with batchGet', async () => {
    const commit = await post(':commit', {
      writes: [{ update: { name: `${DB}/documents/rooms/r1`, fields: { title: { stringValue: 'é✓😀' } } } }],
    });
    expect(commit.status).toBe(200);
    const committed = await commit.json();
    expect(committed.commitTime).toBeTruthy();
    expect(committed.writeResults).toHaveLength(1);

    const got = await (await post(':batchGet', { documents: [`${DB}/documents/rooms/r1`, `${DB}/documents/rooms/none`] })).json();
    expect(got).toHaveLength(2);
    const found = got.find((r: { found?: unknown }) => r.found);
    expect(found.found.fields.title.stringValue).toBe('é✓😀');
    expect(got.find((r: { missing?: string }) => r.missing).missing).toBe(`${DB}/documents/rooms/none`);
  });

  it('runs queries and aggregations at the root and under a document', async () => {
    await post(':commit', {
      writes: [
        { update: { name: `${DB}/documents/rooms/r1/msgs/m1`, fields: { n: { integerValue: '1' } } } },
        { update: { name: `${DB}/documents/rooms/r1/msgs/m2`, fields: { n: { integerValue: '2' } } } },
      ],
    });
    const rows = await (await post('/rooms/r1:runQuery', { structuredQuery: { from: [{ collectionId: 'msgs' }] } })).json();
    expect(rows.map((r: { document: { name: string } }) => r.document.name.split('/').pop())).toEqual(['m1', 'm2']);

    const agg = await (
      await post(':runAggregationQuery', {
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: 'msgs', allDescendants: true }] },
          aggregations: [{ alias: 'total', count: {} }],
        },
      })
    ).json();
    expect(agg[0].result.aggregateFields.total).toEqual({ integerValue: '2' });
  });

  it('GET reads a document or lists a collection; PATCH and DELETE write through commit', async () => {
    const patched = await fetch(`${api('/notes/n1')}?updateMask.fieldPaths=a`, {
      method: 'PATCH',
      body: JSON.stringify({ fields: { a: { integerValue: '1' }, b: { integerValue: '2' } } }),
    });
    expect(patched.status).toBe(200);
    expect((await patched.json()).fields).toEqual({ a: { integerValue: '1' } });

    const doc = await (await fetch(api('/notes/n1'))).json();
    expect(doc.name).toBe(`${DB}/documents/notes/n1`);
    const list = await (await fetch(api('/notes'))).json();
    expect(list.documents).toHaveLength(1);

    expect((await fetch(api('/notes/n1'), { method: 'DELETE' })).status).toBe(200);
    const gone = await fetch(api('/notes/n1'));
    expect(gone.status).toBe(404);
    expect((await gone.json()).error).toMatchObject({ code: 5, status: 'NOT_FOUND' });
  });

  it("answers 'Ok' at its root, as the official emulator does, and a HEAD there with 200 and no body", async () => {
    const get = await fetch(`${server.url}/`);
    expect(get.status).toBe(200);
    expect(await get.text()).toBe('Ok');
    const head = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers errors as {"error":{code,message,status}} with the matching HTTP status', async () => {
    const malformed = await fetch(api(':commit'), { method: 'POST', body: '{not json' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatchObject({ code: 3, status: 'INVALID_ARGUMENT', message: expect.any(String) });

    const conflict = await post(':commit', {
      writes: [{ update: { name: `${DB}/documents/rooms/r1`, fields: {} }, currentDocument: { exists: false } }],
    });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error.status).toBe('ALREADY_EXISTS');

    const denied = await post(
      ':commit',
      { writes: [{ update: { name: `${DB}/documents/private/p1`, fields: {} } }] },
      { authorization: 'Bearer not-a-jwt' },
    );
    expect(denied.status).toBe(401);
    expect((await denied.json()).error.status).toBe('UNAUTHENTICATED');

    const unsupported = await post(':executePipeline', {});
    expect(unsupported.status).toBe(501);
    expect((await unsupported.json()).error.status).toBe('UNIMPLEMENTED');

    const unknown = await fetch(`${server.url}/nowhere/at/all`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toContain('/nowhere/at/all');
  });

  it('a non-admin caller denied by the seam gets 403 PERMISSION_DENIED', async () => {
    const mock = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'alice', user_id: 'alice' })).toString('base64url')}.`;
    const res = await post(
      ':commit',
      { writes: [{ update: { name: `${DB}/documents/private/p1`, fields: {} } }] },
      { authorization: `Bearer ${mock}` },
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatchObject({ code: 7, status: 'PERMISSION_DENIED' });
  });

  it('the emulator endpoints reset a database and export/import its documents', async () => {
    const folder = path.join(exportsDir, 'snapshot');
    try {
      const exported = await fetch(`${server.url}/emulator/v1/projects/${PROJECT}:export`, {
        method: 'POST',
        body: JSON.stringify({ path: folder }),
      });
      expect(exported.status).toBe(200);
      const count = (await exported.json()).documents as number;
      expect(count).toBeGreaterThan(0);

      const reset = await fetch(`${server.url}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, {
        method: 'DELETE',
      });
      expect(reset.status).toBe(200);
      expect(server.engine.lookup(`${DB}/documents/rooms/r1`)).toBeNull();

      const imported = await fetch(`${server.url}/emulator/v1/projects/${PROJECT}:import`, {
        method: 'POST',
        body: JSON.stringify({ path: folder }),
      });
      expect((await imported.json()).documents).toBe(count);
      expect(server.engine.lookup(`${DB}/documents/rooms/r1`)?.fields?.title).toEqual({ stringValue: 'é✓😀' });

      const bad = await fetch(`${server.url}/emulator/v1/projects/${PROJECT}:import`, { method: 'POST', body: '{}' });
      expect(bad.status).toBe(400);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});

describe('CORS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers a preflight with the headers the SDKs ask for, echoing the origin with credentials', async () => {
    const res = await fetch(`${server.url}/v1/projects/p/databases/(default)/documents:commit`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'authorization,google-cloud-resource-prefix,x-firebase-gmpid,x-goog-api-client,x-goog-request-params',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const allowed = res.headers.get('access-control-allow-headers')!.split(', ');
    for (const h of [
      'authorization',
      'google-cloud-resource-prefix',
      'x-firebase-gmpid',
      'x-goog-api-client',
      'x-goog-api-key',
      'x-goog-request-params',
      'content-type',
    ]) {
      expect(allowed).toContain(h);
    }
  });

  it('channel responses echo the origin and expose X-HTTP-Session-Id', async () => {
    const res = await fetch(
      `${server.url}/google.firestore.v1.Firestore/Write/channel?VER=8&database=projects%2Fp%2Fdatabases%2F(default)&RID=1&CVER=22`,
      {
        method: 'POST',
        headers: { origin: 'http://127.0.0.1:4000', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'count=1&ofs=0&req0___data__=%7B%22database%22%3A%22projects%2Fp%2Fdatabases%2F(default)%22%7D',
      },
    );
    await res.text();
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4000');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-HTTP-Session-Id');
  });
});
