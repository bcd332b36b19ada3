// Runs once before the suite: builds the browser harness (the real firebase web SDK) and, unless
// the environment already names emulators, starts the local backend and the Auth emulator.
// The addresses go to the test workers through the same variables the official emulators use,
// so the suite can run against either.

import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
export const harnessDir = path.join(root, 'node_modules/.cache/sdk-harness');

type Stop = () => Promise<void>;

export default async function setup(): Promise<Stop> {
  const stops: Stop[] = [];
  // The suite talks to local emulators only: Google's client libraries inside firebase-admin
  // must not probe Google Cloud's metadata server (a request off this machine) for credentials.
  process.env.METADATA_SERVER_DETECTION ??= 'none';

  await build({
    root: path.join(here, 'harness'),
    base: './',
    logLevel: 'warn',
    configFile: false,
    build: { outDir: harnessDir, emptyOutDir: true, minify: false, sourcemap: false },
  });
  const harness = await serveFolder(harnessDir);
  stops.push(harness.close);
  process.env.SDK_HARNESS_URL = harness.url;

  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_STORAGE_EMULATOR_HOST) {
    const { startBackend } = await import('../../backend/src/server.js');
    const backend = await startBackend({ firestorePort: 0, storagePort: 0 });
    stops.push(() => backend.close());
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${backend.firestorePort}`;
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${backend.storagePort}`;
  }
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    const { startAuthEmulator } = await import('../../backend/src/auth/authEmulator.js');
    const authEmulator = await startAuthEmulator({ host: '127.0.0.1', port: 0, projectId: 'demo-conformance' });
    stops.push(() => authEmulator.close());
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${authEmulator.port}`;
  }

  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

async function serveFolder(folder: string): Promise<{ url: string; close: Stop }> {
  const server = http.createServer(async (req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(folder, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(folder)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await fs.readFile(file);
      res.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
