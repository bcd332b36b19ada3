// Bundles the firebase-js-sdk's Firestore api suite (packages/firestore/test/integration/api) from
// a checkout of the SDK, as the SDK's packaged-build suite (integration/firestore) does: the
// tests and their util/ helpers as they are, the published @firebase/firestore of this repo's
// node_modules in place of the monorepo's sources. Nothing of the SDK is copied: esbuild reads
// the checkout. The browser bundle runs in mocha's browser build; the Node bundle under mocha.

import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { repoRoot } from '../../backend/src/config.js';

/** The files the packaged-build suite leaves out (its gulpfile): they need the monorepo's sources. */
const EXCLUDED = new Set(['pipeline.listen.test.ts', 'snapshot_listener_source.test.ts', 'pipeline.query.test.ts']);

export interface SuiteSettings {
  /** The SDK checkout's root. */
  sdk: string;
  /** Only these test files (names in api/), else all of them. */
  files?: string[];
  platform: 'browser' | 'node';
  /** process.env as the SDK's settings read it (target backend, port, persistence). */
  env: Record<string, string>;
}

export function apiDir(sdk: string): string {
  return path.join(sdk, 'packages/firestore/test/integration/api');
}

/** The api suite's test files, checked against the checkout so a wrong path says so. */
export function suiteFiles(sdk: string, only?: string[]): string[] {
  const dir = apiDir(sdk);
  if (!fs.existsSync(dir)) {
    throw new Error(`${dir} does not exist: give the root of a firebase-js-sdk checkout (docs/testing.md).`);
  }
  const all = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts') && !EXCLUDED.has(f))
    .sort();
  if (!only || only.length === 0) return all;
  const unknown = only.filter((f) => !all.includes(f));
  if (unknown.length > 0) throw new Error(`Not in the suite: ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return only;
}

/**
 * Builds the suite into one file: each test file in turn, each telling the page or process its
 * name once its suites are registered (so results can be counted per file). Whoever loads it has
 * set mocha up before and runs it after.
 */
export async function bundleSuite(settings: SuiteSettings): Promise<string> {
  const { sdk, platform, env } = settings;
  // Inside this repo's node_modules, so that what the Node bundle leaves out resolves here.
  const outDir = path.join(repoRoot, 'node_modules/.cache/sdk-suite', platform);
  const files = suiteFiles(sdk, settings.files);
  const dir = apiDir(sdk);
  const packaged = path.join(sdk, 'integration/firestore');
  fs.mkdirSync(outDir, { recursive: true });

  // A test file's last statement (added on load) runs once its suites are registered.
  const entry = files.map((f) => `import ${JSON.stringify(path.join(dir, f))};`).join('\n');

  const plugin: Plugin = {
    name: 'sdk-suite',
    setup(b) {
      // The packaged-build suite's firebase_export and pipeline_export: the published packages.
      b.onResolve({ filter: /(^|\/)firebase_export$/ }, () => ({ path: path.join(packaged, 'firebase_export.ts') }));
      b.onResolve({ filter: /(^|\/)pipeline_export$/ }, () => ({ path: path.join(packaged, 'pipeline_export.ts') }));
      // The project id comes from the environment against an emulator; the file is a CI secret.
      b.onResolve({ filter: /config\/project\.json$/ }, () => ({ path: 'project.json', namespace: 'sdk-suite' }));
      b.onLoad({ filter: /^project\.json$/, namespace: 'sdk-suite' }, () => ({ contents: '{}', loader: 'json' }));
      b.onLoad({ filter: /\.test\.ts$/ }, (args) => {
        const contents = fs.readFileSync(args.path, 'utf8');
        const name = JSON.stringify(path.basename(args.path));
        return { contents: `${contents}\n;globalThis.__sdkSuiteFileLoaded?.(${name});\n`, loader: 'ts' };
      });
    },
  };

  const processShim = `var process = globalThis.process ?? { env: {} }; Object.assign(process.env, ${JSON.stringify(env)});`;
  // CommonJS for Node: this repository's package.json makes .js files ES modules.
  const out = path.join(outDir, platform === 'node' ? 'suite.cjs' : 'suite.js');
  await build({
    stdin: { contents: entry, resolveDir: dir, sourcefile: 'suite-entry.ts', loader: 'ts' },
    bundle: true,
    outfile: out,
    platform,
    format: platform === 'browser' ? 'iife' : 'cjs',
    target: platform === 'browser' ? 'chrome120' : 'node20',
    // Every package from this repo's node_modules, whatever the checkout has installed.
    nodePaths: [path.join(repoRoot, 'node_modules')],
    mainFields: platform === 'browser' ? ['browser', 'module', 'main'] : ['main', 'module'],
    conditions: platform === 'browser' ? ['browser'] : ['node'],
    // One firebase for the suite and its helpers, loaded as Node loads it (gRPC and all).
    external: platform === 'node' ? ['@firebase/*', 'firebase'] : [],
    banner: { js: processShim },
    // Node's name for the global object, which some of the suite's dependencies use.
    define: platform === 'browser' ? { global: 'globalThis' } : {},
    sourcemap: 'inline',
    logLevel: 'error',
    plugins: [plugin],
    // The suite's helpers declare what they use as globals (describe, it: mocha's).
    tsconfigRaw: { compilerOptions: { target: 'es2020', useDefineForClassFields: false } },
  });
  return out;
}
