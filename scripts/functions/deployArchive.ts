// The Cloud Functions as `firebase deploy` uploads them. firebase-tools packs the codebase folder
// into an archive with its own code (lib/deploy/functions/prepareFunctionsUpload.js), leaving out
// every path with a segment that firebase.json's functions `ignore` matches; Cloud Build unpacks
// it and installs the dependencies from its package.json and lockfile alone. This module does the
// same on this machine, so that `npm start`, `npm run serve`, the rehearsal and the tests run
// what a deploy would run: the archive is packed by firebase-tools, unpacked into a folder of its
// own outside the repository (no workspace node_modules above it), checked for every file its
// entry point reaches, and given its dependencies by `npm ci` from functions/package-lock.json.
// Both steps are cached by content (the archive's hash, the lock's), so a second start with
// nothing changed unpacks and installs nothing.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** firebase.json's section for one functions codebase. */
export interface FunctionsConfig {
  source: string;
  codebase?: string;
  ignore?: string[];
}

/** The codebase's section of firebase.json (the `default` codebase, or the only one). */
export function functionsConfig(projectDir: string, codebase = 'default'): FunctionsConfig {
  const config = JSON.parse(fs.readFileSync(path.join(projectDir, 'firebase.json'), 'utf8')) as {
    functions?: FunctionsConfig | FunctionsConfig[];
  };
  const sections = [config.functions ?? []].flat();
  const section = sections.find((candidate) => (candidate.codebase ?? 'default') === codebase);
  if (!section) throw new Error(`firebase.json has no functions codebase "${codebase}".`);
  return section;
}

/**
 * Packs the codebase as `firebase deploy` does for 2nd-gen functions (a zip), with firebase-tools'
 * own packaging and firebase.json's section as it is. Returns the archive's path (a temporary
 * file the caller removes) and firebase-tools' hash of its content.
 */
export async function packFunctions(projectDir = root, codebase = 'default'): Promise<{ archive: string; hash: string }> {
  const section = functionsConfig(projectDir, codebase);
  const { prepareFunctionsUpload } = require('firebase-tools/lib/deploy/functions/prepareFunctionsUpload.js') as {
    prepareFunctionsUpload(
      projectDir: string,
      sourceDir: string,
      config: FunctionsConfig,
      additionalSources: string[],
      runtimeConfig: undefined,
      options: { exportType: 'zip' },
    ): Promise<{ pathToSource: string; hash: string }>;
  };
  // It adds its own entries to the list it is given: a copy keeps the caller's config as it was.
  const packed = await prepareFunctionsUpload(
    projectDir,
    path.join(projectDir, section.source),
    { ...section, ignore: section.ignore ? [...section.ignore] : undefined },
    [],
    undefined,
    { exportType: 'zip' },
  );
  return { archive: packed.pathToSource, hash: packed.hash };
}

/** Unpacks a zip archive into a folder (made if missing), with firebase-tools' own reader. */
export async function unpack(archive: string, folder: string): Promise<void> {
  const { unzip } = require('firebase-tools/lib/unzip.js') as { unzip(input: string, output: string): Promise<void> };
  await fsp.mkdir(folder, { recursive: true });
  await unzip(archive, folder);
}

/** Every file under a folder, relative to it with forward slashes, sorted (symbolic links not followed). */
export function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The package a bare import names: `firebase-functions/firestore` -> `firebase-functions`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

export interface ArchiveCheck {
  /** package.json's `main`, relative to the unpacked folder. */
  main: string;
  /** Every file `main` reaches through relative imports (itself included), with the file that first imports it. */
  reached: { file: string; from: string | null }[];
  /** Files `main` reaches that the folder lacks, each with the file that imports it. */
  missing: { file: string; from: string }[];
  /** Bare imports of packages the folder's package.json does not list among its dependencies. */
  undeclared: { name: string; from: string }[];
}

/**
 * What the unpacked codebase's entry point reaches: every relative import (static, dynamic,
 * re-export, require) followed from `main`, and every bare import checked against package.json's
 * `dependencies` (a deploy installs nothing else; Node's own modules need nothing).
 */
export function checkArchive(folder: string): ArchiveCheck {
  const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    main?: string;
    dependencies?: Record<string, string>;
  };
  const main = path.posix.normalize(pkg.main ?? 'index.js');
  const declared = new Set(Object.keys(pkg.dependencies ?? {}));
  const reached: ArchiveCheck['reached'] = [];
  const missing: ArchiveCheck['missing'] = [];
  const undeclared: ArchiveCheck['undeclared'] = [];
  const seen = new Set<string>();
  const queue: { file: string; from: string | null }[] = [{ file: main, from: null }];
  while (queue.length > 0) {
    const next = queue.shift() as { file: string; from: string | null };
    if (seen.has(next.file)) continue;
    seen.add(next.file);
    const full = path.join(folder, next.file);
    if (!fs.existsSync(full) || !fs.statSync(full).isFile()) {
      missing.push({ file: next.file, from: next.from ?? 'package.json (main)' });
      continue;
    }
    reached.push(next);
    const code = fs.readFileSync(full, 'utf8');
    for (const { fileName: specifier } of ts.preProcessFile(code, true, true).importedFiles) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        queue.push({ file: path.posix.normalize(path.posix.join(path.posix.dirname(next.file), specifier)), from: next.file });
      } else if (!isBuiltin(specifier) && !declared.has(packageOf(specifier))) {
        undeclared.push({ name: packageOf(specifier), from: next.file });
      }
    }
  }
  return { main, reached, missing, undeclared };
}

/** The check's findings, a sentence each; none when the archive is whole. */
export function archiveProblems(check: ArchiveCheck, ignore: string[] | undefined): string[] {
  return [
    ...check.missing.map(
      ({ file, from }) =>
        `${file}, which ${from} imports, is not in the archive (firebase.json's functions ignore: ${JSON.stringify(ignore ?? [])})`,
    ),
    ...check.undeclared.map(
      ({ name, from }) => `${from} imports ${name}, which functions/package.json does not list in its dependencies`,
    ),
  ];
}

/** Where staged codebases and their installed dependencies are kept between runs: outside the repository. */
export function defaultCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'pitch-live', 'functions');
}

export interface StagedFunctions {
  /** The unpacked archive, with its dependencies installed: the folder the Functions emulator loads. */
  dir: string;
  /** firebase-tools' hash of the archive's content. */
  hash: string;
  /** The archive's files, relative to `dir`. */
  files: string[];
  check: ArchiveCheck;
}

export interface StageOptions {
  projectDir?: string;
  cacheDir?: string;
  log?: (line: string) => void;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Moves a finished folder into place; another process that finished the same folder first wins. */
async function settle(scratch: string, target: string): Promise<void> {
  try {
    await fsp.rename(scratch, target);
  } catch (error) {
    if (!fs.existsSync(target)) throw error;
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The dependencies of an unpacked codebase, installed as Cloud Build installs them: `npm ci` from
 * its package.json and lockfile, without the devDependencies. Cached by the two files' content.
 */
async function installDependencies(folder: string, cacheDir: string, log: (line: string) => void): Promise<string> {
  const manifest = await fsp.readFile(path.join(folder, 'package.json'), 'utf8');
  const lockPath = path.join(folder, 'package-lock.json');
  if (!fs.existsSync(lockPath))
    throw new Error(
      "The functions' deploy archive has no package-lock.json: Cloud Build would install whatever versions the ranges allow that day. Write functions/package-lock.json with npm run lock:functions.",
    );
  const lock = await fsp.readFile(lockPath, 'utf8');
  const target = path.join(cacheDir, 'dependencies', sha256(`${manifest}\n${lock}`));
  if (fs.existsSync(path.join(target, 'node_modules'))) return path.join(target, 'node_modules');
  log("Installing the functions' dependencies from functions/package-lock.json (npm ci, as Cloud Build does)…");
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const scratch = await fsp.mkdtemp(`${target}.installing-`);
  await fsp.writeFile(path.join(scratch, 'package.json'), manifest);
  await fsp.writeFile(path.join(scratch, 'package-lock.json'), lock);
  try {
    // No install scripts, as in the workspace (package.json's allowScripts approves none).
    await run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: scratch });
  } catch (error) {
    await fsp.rm(scratch, { recursive: true, force: true });
    const { stderr = '' } = error as { stderr?: string };
    throw new Error(`npm ci of the functions' deploy archive failed:\n${stderr}`.trim(), { cause: error });
  }
  await settle(scratch, target);
  return path.join(target, 'node_modules');
}

/** How long a staged archive (a day) and an installed dependency set (a week) stay unused before they go. */
const KEEP_MS = { archives: 86_400_000, dependencies: 7 * 86_400_000 } as const;

/** Removes what earlier runs staged and this one did not use, once it has gone unused for its time. */
async function pruneCache(cacheDir: string, using: { archives: string; dependencies: string }): Promise<void> {
  for (const kind of ['archives', 'dependencies'] as const) {
    const folder = path.join(cacheDir, kind);
    const now = new Date();
    await fsp.utimes(using[kind], now, now);
    for (const name of await fsp.readdir(folder)) {
      const entry = path.join(folder, name);
      if (entry === using[kind]) continue;
      const { mtimeMs } = await fsp.stat(entry);
      if (now.getTime() - mtimeMs > KEEP_MS[kind]) await fsp.rm(entry, { recursive: true, force: true });
    }
  }
}

/**
 * Packs the codebase as a deploy does, unpacks it, refuses it when its entry point reaches a file
 * the archive lacks or a package it does not declare, installs its dependencies, and gives it the
 * local secrets (functions/.secret.local, which the deploy leaves out: production reads Secret
 * Manager). The codebase must be built (functions/lib) before.
 */
export async function stageFunctions(options: StageOptions = {}): Promise<StagedFunctions> {
  const projectDir = options.projectDir ?? root;
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const log = options.log ?? (() => undefined);
  const section = functionsConfig(projectDir);
  const { archive, hash } = await packFunctions(projectDir);
  const dir = path.join(cacheDir, 'archives', hash);
  try {
    if (!fs.existsSync(dir)) {
      await fsp.mkdir(path.dirname(dir), { recursive: true });
      const scratch = await fsp.mkdtemp(`${dir}.unpacking-`);
      await unpack(archive, scratch);
      await settle(scratch, dir);
    }
  } finally {
    await fsp.rm(archive, { force: true });
  }
  const files = filesUnder(dir).filter((file) => file !== '.secret.local' && !file.startsWith('node_modules/'));
  const check = checkArchive(dir);
  const problems = archiveProblems(check, section.ignore);
  if (problems.length > 0)
    throw new Error(
      `The functions' deploy archive (packed from ${section.source}/ as firebase deploy packs it) would not run:\n${problems.map((line) => `- ${line}`).join('\n')}\nA deploy would upload it as it is and every function would fail to load.`,
    );
  const modules = await installDependencies(dir, cacheDir, log);
  const link = path.join(dir, 'node_modules');
  if (!fs.existsSync(link)) {
    try {
      await fsp.symlink(modules, link, 'dir');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secrets = path.join(projectDir, section.source, '.secret.local');
  if (fs.existsSync(secrets)) {
    // Written whole under another name and renamed: emulators starting side by side read it too.
    const scratch = path.join(dir, `.secret.local.${process.pid}`);
    await fsp.copyFile(secrets, scratch);
    await fsp.rename(scratch, path.join(dir, '.secret.local'));
  }
  await pruneCache(cacheDir, { archives: dir, dependencies: path.dirname(modules) });
  return { dir, hash, files, check };
}
