// The Cloud Functions' own lockfile (functions/package-lock.json): what Cloud Build installs for a
// deploy, with `npm ci`, from the archive's package.json and this file. The repository's workspace
// lock (package-lock.json) decides what the tests and the local services run with; the functions'
// lock is written from it, so that both resolve every package the functions reach to the same
// version. `npm run lock:functions` writes it again after a change to functions/package.json or to
// the workspace lock; tests/functions/deployArchive.test.ts fails while the two disagree.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface LockEntry {
  version?: string;
  /** Installed for development only (the compiler, the types): not by a deploy. */
  dev?: boolean;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface Lockfile {
  packages: Record<string, LockEntry>;
}

export const readLockfile = (file: string): Lockfile => JSON.parse(fs.readFileSync(file, 'utf8')) as Lockfile;

/** The folder Node looks in next, above a package's folder in the lock ("" is the lock's root). */
function parentOf(folder: string): string | null {
  if (folder === '') return null;
  const nested = folder.lastIndexOf('/node_modules/');
  if (nested >= 0) return folder.slice(0, nested);
  return '';
}

/** The lock's entry Node would load for `name` required from the package in `folder`. */
function resolve(lock: Lockfile, folder: string, name: string): string | null {
  for (let at: string | null = folder; at !== null; at = parentOf(at)) {
    const candidate = `${at === '' ? '' : `${at}/`}node_modules/${name}`;
    const entry = lock.packages[candidate];
    if (entry) return entry.link && entry.resolved ? entry.resolved : candidate;
  }
  return null;
}

/**
 * Every package the code in `start` reaches at run time (its dependencies, theirs, and the peers
 * npm installs with them), as `name@version`, following Node's lookup through the lock's folders.
 * A package the lock lacks is listed as `name@missing`.
 */
export function reachedPackages(lock: Lockfile, start: string): Set<string> {
  const reached = new Set<string>();
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift() as string;
    if (seen.has(folder)) continue;
    seen.add(folder);
    const entry = lock.packages[folder];
    if (!entry) continue;
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
    const names = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers];
    for (const name of names) {
      const found = resolve(lock, folder, name);
      if (found === null) {
        if (!(name in (entry.optionalDependencies ?? {}))) reached.add(`${name}@missing`);
        continue;
      }
      reached.add(`${name}@${lock.packages[found]?.version ?? 'unknown'}`);
      queue.push(found);
    }
  }
  return reached;
}

/** Where the two locks disagree on what the functions run with: each side's extra `name@version`. */
export function lockDifferences(functionsLock: Lockfile, workspaceLock: Lockfile): { functions: string[]; workspace: string[] } {
  // The functions' own entry sits at the root of their lock, and in the workspace lock at
  // functions/; their devDependencies (the compiler and the types) are not walked: a deploy's
  // install leaves them out.
  const mine = reachedPackages(functionsLock, '');
  const theirs = reachedPackages(workspaceLock, 'functions');
  return {
    functions: [...mine].filter((item) => !theirs.has(item)).sort(),
    workspace: [...theirs].filter((item) => !mine.has(item)).sort(),
  };
}

/**
 * Writes functions/package-lock.json from the workspace lock: npm starts from the packages the
 * workspace installed (each where Node finds it from functions/), keeps those the functions'
 * ranges accept and drops the rest, so a version changes only where the workspace's would not do.
 */
export async function writeFunctionsLock(functionsDir = path.join(root, 'functions')): Promise<string> {
  const pkg = JSON.parse(await fsp.readFile(path.join(functionsDir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const workspace = readLockfile(path.join(root, 'package-lock.json'));
  const prefix = `${path.relative(root, functionsDir)}/`;
  const packages: Record<string, unknown> = {
    '': { name: pkg.name, dependencies: pkg.dependencies, devDependencies: pkg.devDependencies, engines: pkg.engines },
  };
  for (const [folder, entry] of Object.entries(workspace.packages)) {
    if (folder.startsWith('node_modules/') && !entry.link) packages[folder] = entry;
  }
  for (const [folder, entry] of Object.entries(workspace.packages)) {
    if (folder.startsWith(`${prefix}node_modules/`)) packages[folder.slice(prefix.length)] = entry;
  }
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'functions-lock-'));
  try {
    await fsp.copyFile(path.join(functionsDir, 'package.json'), path.join(scratch, 'package.json'));
    await fsp.writeFile(
      path.join(scratch, 'package-lock.json'),
      JSON.stringify({ name: pkg.name, lockfileVersion: 3, requires: true, packages }),
    );
    const npm = ['--ignore-scripts', '--no-audit', '--no-fund', '--package-lock-only'];
    await run('npm', ['install', ...npm], { cwd: scratch });
    await run('npm', ['prune', ...npm], { cwd: scratch });
    const target = path.join(functionsDir, 'package-lock.json');
    await fsp.copyFile(path.join(scratch, 'package-lock.json'), target);
    return target;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}
