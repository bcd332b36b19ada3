// The emulator's control endpoints (rules upload, reset, export, import, rules coverage,
// Storage's /internal/* and a bucket's CORS configuration) answer only callers on this machine: a web page elsewhere that the
// developer visits gets a 403 naming why, and its preflight is granted nothing. Exports and
// imports stay inside one folder.

import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBackend, type RunningBackend } from '../../../backend/src/server.js';

const PROJECT = 'demo-control';
const DB = `projects/${PROJECT}/databases/(default)`;
const OWNER = { identity: { admin: true, auth: null } };
const FOREIGN = 'https://evil.example';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw HTTP request: fetch would not let a test set the Origin header a browser sends. */
function send(url: string, method: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const rulesBody = (content: string) => JSON.stringify({ rules: { files: [{ name: 'x.rules', content }] } });
const ALLOW_ALL =
  "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents/{doc=**} { allow read, write: if true; } }";
const STORAGE_ALLOW_ALL =
  "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o/{all=**} { allow read, write: if true; } }";

describe('Control endpoints', () => {
  let backend: RunningBackend;
  let exportsDir: string;
  const firestore = (p: string) => `http://127.0.0.1:${backend.firestorePort}${p}`;
  const storage = (p: string) => `http://127.0.0.1:${backend.storagePort}${p}`;

  /** Every control endpoint of both ports, as a page would call it. */
  const controlCalls = () => [
    { url: firestore(`/emulator/v1/projects/${PROJECT}:securityRules`), method: 'PUT', body: rulesBody(ALLOW_ALL) },
    { url: firestore(`/emulator/v1/projects/${PROJECT}/databases/(default)/documents`), method: 'DELETE' },
    { url: firestore(`/emulator/v1/projects/${PROJECT}:export`), method: 'POST', body: JSON.stringify({ path: 'stolen' }) },
    { url: firestore(`/emulator/v1/projects/${PROJECT}:import`), method: 'POST', body: JSON.stringify({ path: 'planted' }) },
    { url: storage('/internal/reset'), method: 'DELETE' },
    { url: storage('/internal/setRules'), method: 'PUT', body: rulesBody(STORAGE_ALLOW_ALL) },
    // A page that could set a bucket's CORS configuration would let itself download.
    {
      url: storage(`/storage/v1/b/${PROJECT}.firebasestorage.app`),
      method: 'PATCH',
      body: JSON.stringify({ cors: [{ origin: [FOREIGN], method: ['GET'] }] }),
    },
    // The rules coverage reports carry the rules' text and what the requests carried.
    { url: firestore(`/emulator/v1/projects/${PROJECT}:ruleCoverage.html`), method: 'GET' },
    { url: storage(`/emulator/v1/projects/${PROJECT}:ruleCoverage`), method: 'GET' },
    { url: storage(`/emulator/v1/projects/${PROJECT}:ruleCoverage`), method: 'DELETE' },
  ];

  beforeAll(async () => {
    exportsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'control-exports-'));
    backend = await startBackend({ firestorePort: 0, storagePort: 0, exportsDir });
  });
  afterAll(async () => {
    await backend.close();
    await fs.rm(exportsDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('a web page on another origin', () => {
    it('cannot upload rules, reset, export or import: 403 with a JSON error naming the origin, and nothing happens', async () => {
      await backend.engine.commit(DB, { writes: [{ update: { name: `${DB}/documents/keep/k1`, fields: {} } }] }, OWNER);
      const resets = vi.spyOn(backend.engine, 'reset');
      const firestoreRules = vi.spyOn(backend.rules, 'setProjectFirestoreRules');
      const storageRules = vi.spyOn(backend.rules, 'setStorageRules');
      const storageResets = vi.spyOn(backend.storage, 'reset');

      for (const call of controlCalls()) {
        const reply = await send(call.url, call.method, { origin: FOREIGN, 'content-type': 'text/plain' }, call.body);
        expect(reply.status, `${call.method} ${call.url}`).toBe(403);
        expect(reply.headers['content-type']).toMatch(/^application\/json/);
        expect(reply.headers['access-control-allow-origin']).toBeUndefined();
        const { error } = JSON.parse(reply.body) as { error: { message: string } };
        expect(error.message).toContain(FOREIGN);
        expect(error.message).toContain('only requests from this machine');
      }

      expect(resets).not.toHaveBeenCalled();
      expect(firestoreRules).not.toHaveBeenCalled();
      expect(storageRules).not.toHaveBeenCalled();
      expect(storageResets).not.toHaveBeenCalled();
      expect(backend.storage.bucketCors.of(`${PROJECT}.firebasestorage.app`)).toEqual([]);
      expect(backend.engine.lookup(`${DB}/documents/keep/k1`)).not.toBeNull();
      expect(await fs.readdir(exportsDir)).toEqual([]);
    });

    it('is granted nothing by a preflight, and a null or look-alike origin is not loopback', async () => {
      for (const call of controlCalls()) {
        const reply = await send(call.url, 'OPTIONS', {
          origin: FOREIGN,
          'access-control-request-method': call.method,
          'access-control-request-headers': 'content-type',
        });
        expect(reply.status, `OPTIONS ${call.url}`).toBe(403);
        expect(reply.headers['access-control-allow-origin']).toBeUndefined();
        expect(reply.headers['access-control-allow-methods']).toBeUndefined();
      }
      for (const origin of [
        'null',
        'http://localhost.evil.example',
        'http://127.0.0.1.nip.io:8080',
        'file://',
        'chrome-extension://abc',
      ]) {
        const reply = await send(firestore(`/emulator/v1/projects/${PROJECT}/databases/(default)/documents`), 'DELETE', {
          origin,
        });
        expect(reply.status, origin).toBe(403);
      }
    });

    it("still gets CORS for the app's own requests", async () => {
      const reply = await send(firestore(`/v1/${DB}/documents/keep/k1`), 'GET', { origin: FOREIGN });
      expect(reply.status).toBe(200);
      expect(reply.headers['access-control-allow-origin']).toBe(FOREIGN);
      // ...while the control endpoint on the same port refuses the same page.
      const refused = await send(firestore(`/emulator/v1/projects/${PROJECT}/databases/(default)/documents`), 'DELETE', {
        origin: FOREIGN,
      });
      expect(refused.status).toBe(403);
    });
  });

  describe('a caller on this machine', () => {
    it('is served with no Origin or a loopback Origin on any port, preflight included, where a page elsewhere is not', async () => {
      for (const origin of [
        undefined,
        'http://localhost:5173',
        'https://localhost',
        'http://127.0.0.1:8080',
        'http://[::1]:3000',
      ]) {
        const headers: Record<string, string> = origin ? { origin } : {};
        const reset = await send(firestore(`/emulator/v1/projects/${PROJECT}/databases/(default)/documents`), 'DELETE', headers);
        expect(reset.status, String(origin)).toBe(200);
        const storageReset = await send(storage('/internal/reset'), 'DELETE', headers);
        expect(storageReset.status, String(origin)).toBe(200);
        if (!origin) continue;
        const preflight = await send(firestore(`/emulator/v1/projects/${PROJECT}:securityRules`), 'OPTIONS', {
          origin,
          'access-control-request-method': 'PUT',
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      }
      const foreign = await send(storage('/internal/reset'), 'DELETE', { origin: 'http://192.168.1.20:5173' });
      expect(foreign.status).toBe(403);
    });
  });

  describe('exports and imports', () => {
    const transfer = (action: 'export' | 'import', folder: string) =>
      send(firestore(`/emulator/v1/projects/${PROJECT}:${action}`), 'POST', {}, JSON.stringify({ path: folder }));

    it('resolve a relative path inside the exports folder, and read it back', async () => {
      await backend.engine.commit(
        DB,
        { writes: [{ update: { name: `${DB}/documents/keep/k2`, fields: { n: { integerValue: '2' } } } }] },
        OWNER,
      );
      const exported = await transfer('export', 'nightly/one');
      expect(exported.status).toBe(200);
      const file = path.join(exportsDir, 'nightly', 'one', 'firestore_documents.json');
      expect(JSON.parse(exported.body)).toMatchObject({ path: path.join(exportsDir, 'nightly', 'one'), file });
      await fs.access(file);

      await backend.engine.reset(DB);
      const imported = await transfer('import', path.join(exportsDir, 'nightly', 'one'));
      expect(imported.status).toBe(200);
      expect(backend.engine.lookup(`${DB}/documents/keep/k2`)?.fields?.n).toEqual({ integerValue: '2' });
    });

    it('refuse ".." out of it, an absolute path elsewhere and a symbolic link out of it (400, naming the folder)', async () => {
      const elsewhere = await fs.mkdtemp(path.join(os.tmpdir(), 'control-elsewhere-'));
      try {
        await fs.symlink(elsewhere, path.join(exportsDir, 'link'));
        for (const folder of ['../escaped', 'a/../../escaped', elsewhere, 'link', 'link/deeper']) {
          for (const action of ['export', 'import'] as const) {
            const reply = await transfer(action, folder);
            expect(reply.status, `${action} ${folder}`).toBe(400);
            const { error } = JSON.parse(reply.body) as { error: { status: string; message: string } };
            expect(error.status).toBe('INVALID_ARGUMENT');
            expect(error.message).toContain(exportsDir);
          }
        }
        expect(await fs.readdir(elsewhere)).toEqual([]);
        await expect(fs.access(path.join(exportsDir, '..', 'escaped'))).rejects.toThrow();
      } finally {
        await fs.rm(elsewhere, { recursive: true, force: true });
      }
    });

    it('go to exports/ in the data folder by default, and are off for a backend with neither', async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'control-data-'));
      const withData = await startBackend({ firestorePort: 0, storagePort: 0, dataDir });
      const inMemory = await startBackend({ firestorePort: 0, storagePort: 0 });
      try {
        const exported = await send(
          `http://127.0.0.1:${withData.firestorePort}/emulator/v1/projects/${PROJECT}:export`,
          'POST',
          {},
          JSON.stringify({ path: 'snap' }),
        );
        expect(exported.status).toBe(200);
        await fs.access(path.join(dataDir, 'exports', 'snap', 'firestore_documents.json'));

        const refused = await send(
          `http://127.0.0.1:${inMemory.firestorePort}/emulator/v1/projects/${PROJECT}:export`,
          'POST',
          {},
          JSON.stringify({ path: path.join(os.tmpdir(), 'anywhere') }),
        );
        expect(refused.status).toBe(400);
        expect(JSON.parse(refused.body).error.message).toContain('--exports');
      } finally {
        await Promise.all([withData.close(), inMemory.close()]);
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    });
  });
});
