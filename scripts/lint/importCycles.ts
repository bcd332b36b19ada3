// Circles in the repository's imports: a file that, through the files it imports, comes back to
// itself. The zones lint rule (zones.js) keeps imports between folders one way; this keeps them
// one way between files too, type-only imports included, so each module can be read, changed
// and tested from the bottom up. Imports are read with TypeScript's own pre-processor and
// resolved with its resolver (as the bundler resolves them: `.js` specifiers find `.ts` files),
// so no lint plugin with a native resolver is needed.

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The folders whose files the app, the functions, the backend and their tools are made of. */
export const SOURCE_FOLDERS = ['src', 'domain', 'functions/src', 'backend', 'scripts', 'tests'] as const;

const SKIPPED_FOLDERS = new Set(['node_modules', 'artifacts', 'lib', 'dist']);
const SOURCE_FILE = /\.(ts|tsx|mts|js|mjs)$/;

const resolution: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
};

function sourceFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) files.push(...sourceFiles(full));
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** Each file's relative imports (static, dynamic and re-exports), resolved to files of the same set. */
export function importGraph(root: string, folders: readonly string[] = SOURCE_FOLDERS): Map<string, string[]> {
  const files = folders.flatMap((folder) => sourceFiles(path.join(root, folder))).sort();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const imported of importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const resolved = ts.resolveModuleName(imported.fileName, file, resolution, ts.sys).resolvedModule;
      const target = resolved && path.resolve(resolved.resolvedFileName);
      if (target && known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * Every circle in the graph, one per group of files that reach each other (Tarjan's strongly
 * connected components), each written as the path that closes it: a → b → c → a.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  const visit = (file: string): void => {
    order.set(file, counter);
    lowest.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(next) ?? 0));
      } else if (onStack.has(next)) lowest.set(file, Math.min(lowest.get(file) ?? 0, order.get(next) ?? 0));
    }
    if (lowest.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);

  return groups.map((group) => closingPath(graph, new Set(group)));
}

/** A path through the group's files from its first (by name) back to it. */
function closingPath(graph: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    for (const next of graph.get(file) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const trail = [file];
        for (let at = cameFrom.get(file); at !== undefined; at = cameFrom.get(at)) trail.unshift(at);
        return [...trail, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
