// What `firebase deploy` uploads is what runs here. The archive firebase-tools packs from
// functions/ (its own packaging code, firebase.json's section as it is) holds the entry point and
// every file it reaches, declares every package it imports, and leaves out the sources and the
// local secrets; a codebase whose archive lacks a reached file refuses to start, as its deploy
// would fail to load; and the archive's dependencies install cleanly from functions/'s own lockfile,
// at the versions the workspace (and so every other test) runs with.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkArchive, filesUnder, packFunctions, stageFunctions, unpack } from '../../scripts/functions/deployArchive';
import { startFunctionsEmulator } from '../../scripts/functions/emulator';
import { lockDifferences, readLockfile, type Lockfile } from '../../scripts/functions/lockfile';

const root = path.resolve(import.meta.dirname, '../..');
const functionsDir = path.join(root, 'functions');
const main = (JSON.parse(fs.readFileSync(path.join(functionsDir, 'package.json'), 'utf8')) as { main: string }).main;
const INSTALL_TIMEOUT = 300_000;

const scratches: string[] = [];
afterAll(() => {
  for (const scratch of scratches) fs.rmSync(scratch, { recursive: true, force: true });
});
function scratchDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratches.push(dir);
  return dir;
}

/** The project's archive, packed by firebase-tools and unpacked into a scratch folder. */
async function unpackedArchive(projectDir = root): Promise<string> {
  const { archive } = await packFunctions(projectDir);
  const folder = scratchDir('functions-archive-');
  try {
    await unpack(archive, folder);
  } finally {
    fs.rmSync(archive, { force: true });
  }
  return folder;
}

/**
 * A scratch project with the built codebase (functions/lib, package.json, the lockfile) and a
 * firebase.json whose functions `ignore` is `ignore`.
 */
function scratchProject(ignore: string[]): string {
  const project = scratchDir('functions-project-');
  const config = JSON.parse(fs.readFileSync(path.join(root, 'firebase.json'), 'utf8')) as { functions: { ignore: string[] }[] };
  config.functions[0]!.ignore = ignore;
  fs.writeFileSync(path.join(project, 'firebase.json'), JSON.stringify(config));
  const copy = path.join(project, 'functions');
  fs.cpSync(path.join(functionsDir, 'lib'), path.join(copy, 'lib'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json', '.secret.local'])
    fs.copyFileSync(path.join(functionsDir, file), path.join(copy, file));
  return project;
}

const ignoreToday = () =>
  (JSON.parse(fs.readFileSync(path.join(root, 'firebase.json'), 'utf8')) as { functions: { ignore: string[] }[] }).functions[0]!
    .ignore;

describe("the functions' deploy archive", () => {
  it('holds the entry point and every file it reaches, and declares every package they import', async () => {
    const folder = await unpackedArchive();
    const files = filesUnder(folder);
    const check = checkArchive(folder);
    expect(check.missing).toEqual([]);
    expect(check.undeclared).toEqual([]);
    expect(check.main).toBe(main);
    const reached = check.reached.map(({ file }) => file);
    expect(reached).toContain(main);
    // The entry, the functions' own modules and the domain code they share with the app.
    expect(reached.filter((file) => file.startsWith('lib/functions/')).length).toBeGreaterThan(10);
    expect(reached.some((file) => file.startsWith('lib/domain/'))).toBe(true);
    for (const file of reached) expect(files).toContain(file);
    expect(files).toContain('package-lock.json');
  });

  it('leaves out the sources, the build settings and the local secrets', async () => {
    const files = filesUnder(await unpackedArchive());
    expect(files.filter((file) => /\.tsx?$/.test(file) || file.startsWith('src/'))).toEqual([]);
    expect(files).not.toContain('tsconfig.json');
    expect(files).not.toContain('.secret.local');
  });

  it('is not built again by Cloud Build, which would run a `build` script without the sources it compiles', async () => {
    const folder = await unpackedArchive();
    const { scripts = {} } = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    // Cloud Build runs `gcp-build` instead of `build` when there is one; an empty one runs nothing.
    if ('build' in scripts) expect(scripts['gcp-build']).toBe('');
  });
});

describe('a codebase whose archive a deploy could not run refuses to start', () => {
  it('naming the file the archive lacks and the file that imports it', async () => {
    const project = scratchProject([...ignoreToday(), 'rebuildRoster.js']);
    const start = startFunctionsEmulator({
      projectId: 'demo-archive-check',
      projectDir: project,
      firestore: '127.0.0.1:9',
      params: {},
      pointBackend: false,
      port: 9,
    });
    await expect(start).rejects.toThrow(
      /lib\/functions\/src\/rosters\/rebuildRoster\.js, which lib\/functions\/src\/index\.js imports, is not in the archive/,
    );
  });

  it('naming the entry point itself when an ignore entry matches a folder on its path', async () => {
    // firebase-tools matches each entry against every path's last segment: "src" drops lib/functions/src too.
    const project = scratchProject(['node_modules', '.git', '*.log', '*.local', 'src', 'tsconfig.json']);
    await expect(stageFunctions({ projectDir: project, cacheDir: scratchDir('functions-cache-') })).rejects.toThrow(
      new RegExp(
        `${main.replaceAll('/', '\\/').replaceAll('.', '\\.')}, which package\\.json \\(main\\) imports, is not in the archive`,
      ),
    );
  });

  it('naming a package the code imports and package.json does not declare', async () => {
    const project = scratchProject(ignoreToday());
    const roster = path.join(project, 'functions/lib/functions/src/rosters/rebuildRoster.js');
    fs.writeFileSync(roster, `import 'lodash';\n${fs.readFileSync(roster, 'utf8')}`);
    await expect(stageFunctions({ projectDir: project, cacheDir: scratchDir('functions-cache-') })).rejects.toThrow(
      /lib\/functions\/src\/rosters\/rebuildRoster\.js imports lodash, which functions\/package\.json does not list/,
    );
  });
});

describe("functions/'s own lockfile", () => {
  const functionsLock = readLockfile(path.join(functionsDir, 'package-lock.json'));
  const workspaceLock = readLockfile(path.join(root, 'package-lock.json'));

  it('resolves every package the functions reach to the version the workspace runs them with', () => {
    expect(lockDifferences(functionsLock, workspaceLock)).toEqual({ functions: [], workspace: [] });
  });

  it('is told apart from the workspace when one version differs', () => {
    const entry = functionsLock.packages['node_modules/nodemailer']!;
    const changed: Lockfile = {
      packages: { ...functionsLock.packages, 'node_modules/nodemailer': { ...entry, version: '0.0.1' } },
    };
    const differences = lockDifferences(changed, workspaceLock);
    expect(differences.functions).toEqual(['nodemailer@0.0.1']);
    expect(differences.workspace).toEqual([`nodemailer@${entry.version}`]);
  });

  it(
    "installs the staged archive cleanly with npm ci, each package at the lock's version",
    async () => {
      // A cache of its own: nothing installed before, as on Cloud Build.
      const staged = await stageFunctions({ cacheDir: scratchDir('functions-cache-') });
      const modules = path.join(staged.dir, 'node_modules');
      const installed = Object.entries(functionsLock.packages).filter(([folder, entry]) => folder !== '' && !entry.dev);
      expect(installed.length).toBeGreaterThan(50);
      for (const [folder, entry] of installed) {
        const manifest = path.join(modules, folder.replace(/^node_modules\//, ''), 'package.json');
        expect(fs.existsSync(manifest), `${folder} is installed`).toBe(true);
        expect((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version, folder).toBe(entry.version);
      }
      // Nothing of the workspace above it: the entry point's packages resolve inside the staged folder.
      const { createRequire } = await import('node:module');
      const resolved = fs.realpathSync(createRequire(path.join(staged.dir, main)).resolve('nodemailer'));
      expect(resolved.startsWith(fs.realpathSync(root))).toBe(false);
    },
    INSTALL_TIMEOUT,
  );
});
