// What preflight asks of the functions' deploy archive, in a process of its own (firebase-tools'
// packaging is asynchronous; preflight is not): `tsx scripts/functions/archiveReport.ts <project dir>`
// packs functions/ as `firebase deploy` does, unpacks it into a scratch folder and prints one JSON
// line: how many files the archive holds, and each reason a deploy of it would not run (a file
// the entry point reaches and the archive lacks, a package it imports undeclared, no lockfile, a
// lockfile that disagrees with the workspace's, a build script Cloud Build would run).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { archiveProblems, checkArchive, filesUnder, functionsConfig, packFunctions, unpack } from './deployArchive.js';
import { lockDifferences, readLockfile } from './lockfile.js';

export interface ArchiveReport {
  files: number;
  problems: string[];
}

export async function archiveReport(projectDir: string): Promise<ArchiveReport> {
  const section = functionsConfig(projectDir);
  const { archive } = await packFunctions(projectDir);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-archive-'));
  try {
    await unpack(archive, folder);
    const problems = archiveProblems(checkArchive(folder), section.ignore);
    const lock = path.join(folder, 'package-lock.json');
    const workspaceLock = path.join(projectDir, 'package-lock.json');
    if (!fs.existsSync(lock)) {
      problems.push(
        `${section.source}/package-lock.json is missing: Cloud Build would install whatever versions the ranges allow (npm run lock:functions writes it)`,
      );
    } else if (fs.existsSync(workspaceLock)) {
      const differences = lockDifferences(readLockfile(lock), readLockfile(workspaceLock));
      if (differences.functions.length > 0 || differences.workspace.length > 0)
        problems.push(
          `${section.source}/package-lock.json installs ${differences.functions.join(', ')} where the tests ran with ${differences.workspace.join(', ')} (npm run lock:functions writes it again)`,
        );
    }
    const { scripts = {} } = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    if ('build' in scripts && scripts['gcp-build'] === undefined)
      problems.push(
        `${section.source}/package.json has a build script and no gcp-build: Cloud Build would run the build without the sources the archive leaves out (an empty "gcp-build": "" keeps it from running)`,
      );
    return { files: filesUnder(folder).length, problems };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(archive, { force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const projectDir = process.argv[2];
  if (!projectDir) {
    console.error('Usage: tsx scripts/functions/archiveReport.ts <project dir>');
    process.exit(2);
  }
  archiveReport(path.resolve(projectDir)).then(
    (report) => console.log(JSON.stringify(report)),
    (error: unknown) =>
      console.log(JSON.stringify({ files: 0, problems: [error instanceof Error ? error.message : String(error)] })),
  );
}
