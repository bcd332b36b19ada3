// `npm run test:sdk-node -- <firebase-js-sdk checkout>`: the SDK's Firestore api suite in Node
// against the local backend, as firebase-admin's and Node clients' path is: gRPC. mocha with the
// SDK's browser timeout (20 s) and no retries, in memory (the Node SDK has no IndexedDB); prints
// passed, failed and pending per test file, as the browser run does.

import path from 'node:path';
import { parseArgs } from 'node:util';
import Mocha from 'mocha';
import { startBackend } from '../../backend/src/server.js';
import { bundleSuite } from './bundle.js';
import { formatReport, type TestResult } from './report.js';

const USAGE = `Usage: npm run test:sdk-node -- <firebase-js-sdk checkout> [options]

Runs the SDK's packages/firestore/test/integration/api suite in Node (gRPC) against the local
backend (started here, in memory, allowing every request), with the published @firebase/firestore
of this repository, and prints the results per file.

  --file <name>       only this test file of api/ (repeatable), e.g. --file query.test.ts
  --grep <pattern>    only tests whose full title matches (mocha's grep)
  --help              print this help`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      file: { type: 'string', multiple: true },
      grep: { type: 'string' },
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
  const started = Date.now();
  const backend = await startBackend({ host: '127.0.0.1', firestorePort: 0, storagePort: 0 });
  const results: TestResult[] = [];
  try {
    const bundle = await bundleSuite({
      sdk: path.resolve(positionals[0] as string),
      files: values.file,
      platform: 'node',
      env: {
        FIRESTORE_TARGET_BACKEND: 'emulator',
        FIRESTORE_EMULATOR_PORT: String(backend.firestorePort),
        INCLUDE_FIRESTORE_PERSISTENCE: 'false',
      },
    });
    const mocha = new Mocha({ ui: 'bdd', timeout: 20_000, retries: 0, reporter: Mocha.reporters.Base, grep: values.grep });
    // Each test file registers its suites, then says its name (added to it by the bundler).
    const files = new Map<Mocha.Suite, string>();
    Object.assign(globalThis, {
      __sdkSuiteFileLoaded: (file: string) => {
        for (const suite of mocha.suite.suites) if (!files.has(suite)) files.set(suite, file);
      },
    });
    mocha.addFile(bundle);
    await mocha.loadFilesAsync();
    const fileOf = (test: Mocha.Runnable): string => {
      let node: Mocha.Runnable | Mocha.Suite = test;
      while (node.parent && !node.parent.root) node = node.parent;
      return (node instanceof Mocha.Suite && files.get(node)) || '(no file)';
    };
    const report = (test: Mocha.Runnable, outcome: TestResult['outcome'], err?: Error) => {
      const result = {
        file: fileOf(test),
        title: test.fullTitle(),
        outcome,
        error: err ? (err.stack ?? err.message) : undefined,
      };
      results.push(result);
      if (outcome === 'failed') console.log(`FAILED ${result.file}: ${result.title}\n  ${err?.message ?? ''}`);
    };
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => resolve());
      runner.on('pass', (test) => report(test, 'passed'));
      runner.on('fail', (test, err: Error) => report(test, 'failed', err));
      runner.on('pending', (test) => report(test, 'pending'));
    });
  } finally {
    await backend.close();
  }
  console.log(formatReport(results, (Date.now() - started) / 1000));
  return results.some((r) => r.outcome === 'failed') || results.length === 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
