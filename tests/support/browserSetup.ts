// Runs once before the browser tests (the `browser` project): builds the app and the SDK harness
// page, side by side, and starts the one Chromium every browser test file connects to. Building
// and launching once per run rather than once per file is most of what keeps these tests fast.

import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../../scripts/chromium';
import { buildApp } from './builtApp';

const here = path.dirname(fileURLToPath(import.meta.url));

type Stop = () => Promise<void>;

export default async function setup(): Promise<Stop> {
  // A second project listing this set-up (browser-alone, vitest.config.ts) finds the build and
  // Chromium of the first and starts nothing more.
  if (process.env.BUILT_APP_DIR && process.env.SDK_HARNESS_URL && process.env.CHROMIUM_WS_ENDPOINT) return async () => undefined;
  // Folders of this run's own: two runs at once (two checkouts' worth of work on one machine)
  // never build over each other's files.
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'browser-tests-'));
  const appDir = path.join(scratch, 'app');
  const harnessDir = path.join(scratch, 'sdk-harness');
  const stops: Stop[] = [() => fs.rm(scratch, { recursive: true, force: true })];
  try {
    await Promise.all([buildApp(appDir), buildHarness(harnessDir)]);
    process.env.BUILT_APP_DIR = appDir;

    const harness = await serveFolder(harnessDir);
    stops.push(harness.close);
    process.env.SDK_HARNESS_URL = harness.url;

    const browserServer = await chromium.launchServer(chromiumLaunchOptions('shell'));
    stops.push(() => browserServer.close());
    process.env.CHROMIUM_WS_ENDPOINT = browserServer.wsEndpoint();
  } catch (error) {
    for (const stop of stops.reverse()) await stop();
    throw error;
  }

  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

/** The page carrying the real firebase web SDK (harness/) that conformance tests drive. */
async function buildHarness(harnessDir: string): Promise<void> {
  await build({
    root: path.join(here, 'harness'),
    base: './',
    logLevel: 'warn',
    configFile: false,
    build: { outDir: harnessDir, emptyOutDir: true, minify: false, sourcemap: false },
  });
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
