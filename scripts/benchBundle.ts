// `npm run bench:bundle`: builds the app and prints the gzipped JavaScript a provider's first
// load of /presenters needs, chunk by chunk (scripts/firstLoad.ts says what counts). Checks the
// 250 KB gzip budget and that no admin code (events dashboard, event control,
// presenter management, admin login) rides along. Then prints what those chunks fetch later, on
// first use, outside the budget: the full Firestore SDK once the queue shows
// (src/db/sharedEvent.ts), Auth, the toasts, the service worker's registration.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { adminCodeIn, FIRST_LOAD_BUDGET_KB, readFirstLoad } from './firstLoad';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
    const load = await readFirstLoad(outDir);

    console.log(`\nJavaScript for a provider's first load of /presenters (budget ${FIRST_LOAD_BUDGET_KB} KB gzip)\n`);
    console.log(`${'chunk'.padEnd(44)} ${'role'.padEnd(14)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}`);
    for (const chunk of load.chunks)
      console.log(`${chunk.file.padEnd(44)} ${chunk.role.padEnd(14)} ${kb(chunk.raw)} ${kb(chunk.gzip)}`);
    console.log(`${'total'.padEnd(44)} ${''.padEnd(14)} ${kb(load.raw)} ${kb(load.gzip)}`);

    if (load.later.length > 0) {
      console.log(`\nFetched later, on first use (not in the figure above; the full Firestore SDK is shared):`);
      for (const later of load.later) console.log(`  ${later.label.slice(0, 66).padEnd(66)} ${kb(later.gzip)} KB gzip`);
    }

    console.log(
      `\n${load.chunks.length} of ${load.allChunks} JavaScript chunks load; ${load.allChunks - load.chunks.length} stay lazy (other routes).`,
    );
    console.log(`Admin route chunks in the build: ${load.adminChunks.length ? load.adminChunks.join(', ') : 'none yet'}.`);
    const adminHits = adminCodeIn(load);
    console.log(
      adminHits.length === 0
        ? 'Admin code in the first load: none.'
        : `Admin code in the first load:\n  ${adminHits.join('\n  ')}`,
    );

    const withinBudget = load.gzip / 1024 <= FIRST_LOAD_BUDGET_KB;
    console.log(
      `Budget: ${(load.gzip / 1024).toFixed(1)} KB of ${FIRST_LOAD_BUDGET_KB} KB gzip: ${withinBudget ? 'within' : 'OVER'} budget.\n`,
    );
    if (!withinBudget || adminHits.length > 0) process.exitCode = 1;
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

await main();
