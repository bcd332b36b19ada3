// What a provider's first load of /presenters fetches, read from a build made with `manifest`
// and `sourcemap` on: the entry chunk, its static imports, the start-up's later stages (src/main.tsx
// imports them at once, scripts/firstScreens.ts), and the lazy chunk of the /presenters
// route with its own static imports, each with its size and the sources in it; then what those
// chunks fetch later, on first use (the full Firestore SDK once the queue shows, Auth, the
// toasts, the service worker's registration). Used by `npm run bench:bundle` (prints it) and
// tests/e2e/firstLoad.test.ts (holds the budget).

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { STAGES } from './firstScreens';

/** The budget of a provider's first load of /presenters, in KB of gzipped JavaScript (docs/performance.md). */
export const FIRST_LOAD_BUDGET_KB = 250;
export const ROUTE_MODULE = 'src/app/routes/PresentersRoute.tsx';
/** Source files that belong to the admin side of the app. */
export const ADMIN_CODE =
  /(^|\/)src\/(features\/(admin|events|insights|invite|presenterAdmin|signup)\/|contexts\/AdminContext|db\/(adminAuth|eventAdmin|eventControl|insights|presenters|ratingProgress|storage)\.|app\/routes\/(Events|Event|Insights|Invite|Signup|Admin)[A-Za-z]*Route\.tsx)/;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LoadedChunk {
  file: string;
  role: 'entry' | 'entry import' | 'start-up stage' | 'route (lazy)' | 'route import';
  raw: number;
  gzip: number;
  /** The chunk's sources, relative to the repository (node_modules/… for packages). */
  sources: string[];
}

export interface LaterLoad {
  /** The app's modules in it, or the package it comes from. */
  label: string;
  /** Gzipped bytes of it and the chunks it brings that the first load has not. */
  gzip: number;
}

export interface FirstLoad {
  chunks: LoadedChunk[];
  raw: number;
  gzip: number;
  later: LaterLoad[];
  /** Every JavaScript chunk of the build. */
  allChunks: number;
  /** Admin route chunks of the build (they must exist, and stay out of the first load). */
  adminChunks: string[];
}

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

async function sizes(outDir: string, file: string): Promise<{ raw: number; gzip: number }> {
  const bytes = await fs.readFile(path.join(outDir, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Reads the first load from the build in `outDir`. */
export async function readFirstLoad(outDir: string): Promise<FirstLoad> {
  const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build has no entry chunk.');
  if (!manifest[ROUTE_MODULE]) throw new Error(`The build has no lazy chunk for ${ROUTE_MODULE}.`);

  for (const stage of STAGES) if (!manifest[stage]) throw new Error(`The build has no chunk for the start-up stage ${stage}.`);
  const initial = closure(manifest, [entryKey]);
  const staged = closure(manifest, STAGES);
  const needed = [...new Set([...initial, ...staged, ...closure(manifest, [ROUTE_MODULE])])];
  const chunks: LoadedChunk[] = [];
  for (const key of needed) {
    const file = manifest[key]?.file;
    if (!file) throw new Error(`The build manifest has no file for "${key}".`);
    const role =
      key === entryKey
        ? 'entry'
        : key === ROUTE_MODULE
          ? 'route (lazy)'
          : initial.has(key)
            ? 'entry import'
            : staged.has(key)
              ? 'start-up stage'
              : 'route import';
    chunks.push({ file, role, ...(await sizes(outDir, file)), sources: await sourcesOf(outDir, file) });
  }

  // What the first load's chunks import on first use (other routes aside), each with the chunks
  // it brings that are not in yet.
  const later: LaterLoad[] = [];
  const laterKeys = [...new Set(needed.flatMap((key) => manifest[key]?.dynamicImports ?? []))].filter(
    (key) => !key.startsWith('src/app/routes/') && !needed.includes(key),
  );
  for (const key of laterKeys) {
    let gzip = 0;
    // A dynamic import may land on a facade chunk that only re-exports another chunk's code: the
    // sources are those of the chunk and of what it imports that the first load has not.
    const sources: string[] = [];
    for (const chunk of closure(manifest, [key])) {
      const file = manifest[chunk]?.file;
      if (needed.includes(chunk) || !file?.endsWith('.js')) continue;
      gzip += (await sizes(outDir, file)).gzip;
      if (chunk === key || sources.length === 0) sources.push(...(await sourcesOf(outDir, file)));
    }
    const file = manifest[key]?.file ?? key;
    const own = sources.filter((source) => source.startsWith('src/'));
    const label = own.length > 0 ? own.join(', ') : (/.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(sources[0] ?? '')?.[1] ?? file);
    later.push({ label, gzip });
  }

  return {
    chunks,
    raw: chunks.reduce((sum, chunk) => sum + chunk.raw, 0),
    gzip: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
    later,
    allChunks: Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js')).length,
    adminChunks: Object.entries(manifest)
      .filter(([key]) => ADMIN_CODE.test(key))
      .map(([, chunk]) => chunk.file),
  };
}

/** The admin sources in the first load, as "file: source". */
export function adminCodeIn(load: FirstLoad): string[] {
  return load.chunks.flatMap((chunk) =>
    chunk.sources.filter((source) => ADMIN_CODE.test(source)).map((source) => `${chunk.file}: ${source}`),
  );
}
