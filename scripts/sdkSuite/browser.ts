// `npm run test:sdk-browser -- <firebase-js-sdk checkout>`: the SDK's Firestore api suite in
// Debian's Chromium against the local backend, as phones use it: WebChannel for the streams,
// in memory and with IndexedDB persistence. mocha's browser build in one page, its timeout 20 s as
// the SDK's browser runs have it, and no retries. Prints passed, failed and pending per test file
// and persistence mode (docs/testing.md names the SDK commit it is pinned to).

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { repoRoot } from '../../backend/src/config.js';
import { startBackend } from '../../backend/src/server.js';
import { chromiumLaunchOptions } from '../chromium.js';
import { bundleSuite } from './bundle.js';
import { formatReport, type TestResult } from './report.js';

const USAGE = `Usage: npm run test:sdk-browser -- <firebase-js-sdk checkout> [options]

Runs the SDK's packages/firestore/test/integration/api suite in headless Chromium against the
local backend (started here, in memory, allowing every request), with the published
@firebase/firestore of this repository, and prints the results per file and persistence mode.

  --memory-only       only the in-memory runs (INCLUDE_FIRESTORE_PERSISTENCE=false)
  --file <name>       only this test file of api/ (repeatable), e.g. --file query.test.ts
  --grep <pattern>    only tests whose full title matches (mocha's grep)
  --port <n>          use the Firestore backend already listening on 127.0.0.1:<n> instead
  --verbose           print the page's console and the backend's log
  --help              print this help`;

const MOCHA_TIMEOUT_MS = 20_000;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'memory-only': { type: 'boolean', default: false },
      file: { type: 'string', multiple: true },
      grep: { type: 'string' },
      port: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const sdk = path.resolve(positionals[0] as string);
  const verbose = values.verbose;
  const started = Date.now();

  const backend =
    values.port === undefined
      ? await startBackend({
          host: '127.0.0.1',
          firestorePort: 0,
          storagePort: 0,
          log: verbose ? (line) => console.log(`[backend] ${line}`) : undefined,
        })
      : null;
  const port = backend ? backend.firestorePort : Number(values.port);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`--port needs a port number (got ${values.port}).`);

  const bundle = await bundleSuite({
    sdk,
    files: values.file,
    platform: 'browser',
    env: {
      FIRESTORE_TARGET_BACKEND: 'emulator',
      FIRESTORE_EMULATOR_PORT: String(port),
      INCLUDE_FIRESTORE_PERSISTENCE: values['memory-only'] ? 'false' : 'true',
    },
  });
  const page = pageHtml(values.grep);
  const files: Record<string, { type: string; body: () => Buffer | string }> = {
    '/': { type: 'text/html', body: () => page },
    '/mocha.js': {
      type: 'text/javascript',
      body: () => fs.readFileSync(path.join(repoRoot, 'node_modules/mocha/mocha.js')),
    },
    '/suite.js': { type: 'text/javascript', body: () => fs.readFileSync(bundle) },
  };
  const server = http.createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://127.0.0.1').pathname];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' });
    res.end(file.body());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  const launch = chromiumLaunchOptions();
  // The SDK's settings name the emulator as localhost: keep it on IPv4 loopback.
  const browser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), '--host-resolver-rules=MAP localhost 127.0.0.1'],
  });
  const results: TestResult[] = [];
  try {
    const context = await browser.newContext();
    const tab = await context.newPage();
    if (verbose) tab.on('console', (msg) => console.log(`[page] ${msg.text()}`));
    tab.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
    const done = new Promise<void>((resolve, reject) => {
      void tab.exposeFunction('__sdkSuiteReport', (result: TestResult) => {
        results.push(result);
        if (result.outcome === 'failed') {
          console.log(`FAILED ${result.file}: ${result.title}\n  ${(result.error ?? '').split('\n')[0]}`);
        }
        if (results.length % 100 === 0) console.log(`… ${results.length} tests, ${Math.round((Date.now() - started) / 1000)} s`);
      });
      void tab.exposeFunction('__sdkSuiteDone', () => resolve());
      tab.on('crash', () => reject(new Error('The page crashed.')));
    });
    await tab.goto(pageUrl);
    await done;
  } finally {
    await browser.close();
    server.close();
    await backend?.close();
  }
  console.log(formatReport(results, (Date.now() - started) / 1000));
  return results.some((r) => r.outcome === 'failed') || results.length === 0 ? 1 : 0;
}

/** mocha set up as the SDK's browser runs have it, reporting each test to the runner. */
function pageHtml(grep: string | undefined): string {
  const setup = `
    mocha.setup({ ui: 'bdd', timeout: ${MOCHA_TIMEOUT_MS}, retries: 0, reporter: function Quiet() {}${
      grep ? `, grep: ${JSON.stringify(grep)}` : ''
    } });
    // Each test file registers its suites, then says its name (added to it by the bundler).
    globalThis.__sdkSuiteFileLoaded = (file) => {
      for (const suite of mocha.suite.suites) if (!suite.__file) suite.__file = file;
    };`;
  const run = `
    const fileOf = (test) => {
      let node = test;
      while (node.parent && !node.parent.root) node = node.parent;
      return node.__file || '(no file)';
    };
    const report = (test, outcome, err) => window.__sdkSuiteReport({
      file: fileOf(test),
      title: test.fullTitle(),
      outcome,
      error: err ? String((err && (err.stack || err.message)) || err) : undefined,
      ms: test.duration,
    });
    const runner = mocha.run();
    runner.on('pass', (test) => report(test, 'passed'));
    runner.on('fail', (test, err) => report(test, 'failed', err));
    runner.on('pending', (test) => report(test, 'pending'));
    runner.on('end', () => window.__sdkSuiteDone());`;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Firestore api suite</title></head>
<body><div id="mocha"></div>
<script src="/mocha.js"></script>
<script>${setup}</script>
<script src="/suite.js"></script>
<script>${run}</script>
</body></html>`;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
