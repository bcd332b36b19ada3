// `npm run bench:bundle`: builds the app and prints the gzipped JavaScript a provider's first
// load of /presenters needs: the entry chunk, its static imports, and the lazy chunk of the
// /presenters route with its own static imports. Checks the 300 KB gzip budget and that no admin
// code (events dashboard, event control, presenter management, admin login) rides along.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const BUDGET_KB = 300;
const ROUTE_MODULE = 'src/app/routes/PresentersRoute.tsx';
/** Source files that belong to the admin side of the app. */
const ADMIN_CODE =
  /(^|\/)src\/(features\/(admin|events|insights|invite|presenterAdmin|signup)\/|contexts\/AdminContext|db\/(adminAuth|eventAdmin|eventControl|insights|presenters|ratingProgress|storage)\.|app\/routes\/(Events|Event|Insights|Invite|Signup|Admin)[A-Za-z]*Route\.tsx)/;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function closure(manifest: Manifest, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk "${key}".`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  start.forEach(visit);
  return seen;
}

async function sourcesOf(outDir: string, file: string): Promise<string[]> {
  try {
    const map = JSON.parse(await fs.readFile(path.join(outDir, `${file}.map`), 'utf8')) as { sources?: string[] };
    return (map.sources ?? []).map((source) => path.relative(root, path.resolve(path.dirname(path.join(outDir, file)), source)));
  } catch {
    return [];
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

async function main() {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-bundle-'));
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: true },
    });
    const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entryKey) throw new Error('The build has no entry chunk.');
    if (!manifest[ROUTE_MODULE]) throw new Error(`The build has no lazy chunk for ${ROUTE_MODULE}.`);

    const initial = closure(manifest, [entryKey]);
    const route = closure(manifest, [ROUTE_MODULE]);
    const needed = [...new Set([...initial, ...route])];

    console.log(`\nJavaScript for a provider's first load of /presenters (budget ${BUDGET_KB} KB gzip)\n`);
    console.log(`${'chunk'.padEnd(44)} ${'role'.padEnd(14)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}`);
    let raw = 0;
    let gzip = 0;
    const adminHits: string[] = [];
    for (const key of needed) {
      const file = manifest[key]?.file;
      if (!file) throw new Error(`The build manifest has no file for "${key}".`);
      const bytes = await fs.readFile(path.join(outDir, file));
      const zipped = gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      gzip += zipped;
      const role =
        key === entryKey ? 'entry' : key === ROUTE_MODULE ? 'route (lazy)' : initial.has(key) ? 'entry import' : 'route import';
      console.log(`${file.padEnd(44)} ${role.padEnd(14)} ${kb(bytes.length)} ${kb(zipped)}`);
      for (const source of await sourcesOf(outDir, file)) if (ADMIN_CODE.test(source)) adminHits.push(`${file}: ${source}`);
    }
    console.log(`${'total'.padEnd(44)} ${''.padEnd(14)} ${kb(raw)} ${kb(gzip)}`);

    const allJs = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
    const lazyNotLoaded = allJs.length - needed.length;
    console.log(`\n${needed.length} of ${allJs.length} JavaScript chunks load; ${lazyNotLoaded} stay lazy (other routes).`);
    const adminChunks = Object.entries(manifest)
      .filter(([key]) => ADMIN_CODE.test(key))
      .map(([, chunk]) => chunk.file);
    console.log(`Admin route chunks in the build: ${adminChunks.length ? adminChunks.join(', ') : 'none yet'}.`);
    console.log(
      adminHits.length === 0
        ? 'Admin code in the first load: none.'
        : `Admin code in the first load:\n  ${adminHits.join('\n  ')}`,
    );

    const withinBudget = gzip / 1024 <= BUDGET_KB;
    console.log(`Budget: ${(gzip / 1024).toFixed(1)} KB of ${BUDGET_KB} KB gzip: ${withinBudget ? 'within' : 'OVER'} budget.\n`);
    if (!withinBudget || adminHits.length > 0) process.exitCode = 1;
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

await main();
