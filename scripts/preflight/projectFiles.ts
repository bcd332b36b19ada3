// The files `firebase deploy` reads besides the settings: the rules and indexes firebase.json
// names, the database location it names against the functions' region, the functions' build, and
// the archive a deploy packs from it.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArchiveReport } from '../functions/archiveReport.js';
import { loadRules } from '../../backend/src/rules/loadRules.js';
import { fail, pass, readJson, type FirebaseJson, type Finding } from './findings.js';

const DEPLOY = 'deploy';

export function checkRulesFiles(root: string, config: FirebaseJson): Finding[] {
  const files = [config.firestore?.rules, config.storage?.rules];
  return files.map((file, i) => {
    const label = i === 0 ? 'firestore.rules' : 'storage.rules';
    if (!file) return fail(`firebase.json names no ${i === 0 ? 'Firestore' : 'Storage'} rules file`, DEPLOY);
    const full = path.join(root, file);
    if (!existsSync(full)) return fail(`${file} (firebase.json's ${label}) does not exist`, DEPLOY);
    try {
      loadRules(readFileSync(full, 'utf8'), file);
      return pass(`${file} parses`, DEPLOY);
    } catch (error) {
      return fail(`${file} does not parse: ${error instanceof Error ? error.message : String(error)}`, DEPLOY);
    }
  });
}

const QUERY_SCOPES = new Set(['COLLECTION', 'COLLECTION_GROUP', 'COLLECTION_RECURSIVE']);
const ORDERS = new Set(['ASCENDING', 'DESCENDING']);

/** What is wrong with an indexes file's shape (`firebase deploy --only firestore:indexes`), or null. */
export function indexesProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not a JSON object';
  const { indexes, fieldOverrides } = value as { indexes?: unknown; fieldOverrides?: unknown };
  if (!Array.isArray(indexes)) return '"indexes" is not a list';
  if (fieldOverrides !== undefined && !Array.isArray(fieldOverrides)) return '"fieldOverrides" is not a list';
  for (const [i, index] of indexes.entries()) {
    const { collectionGroup, queryScope, fields } = (index ?? {}) as Record<string, unknown>;
    if (typeof collectionGroup !== 'string' || collectionGroup === '') return `index ${i} has no collectionGroup`;
    if (typeof queryScope !== 'string' || !QUERY_SCOPES.has(queryScope)) return `index ${i} has no valid queryScope`;
    if (!Array.isArray(fields) || fields.length === 0) return `index ${i} has no fields`;
    for (const field of fields as unknown[]) {
      const { fieldPath, order, arrayConfig, vectorConfig } = (field ?? {}) as Record<string, unknown>;
      if (typeof fieldPath !== 'string' || fieldPath === '') return `a field of index ${i} has no fieldPath`;
      const modes = [order, arrayConfig, vectorConfig].filter((m) => m !== undefined);
      if (modes.length !== 1) return `field ${fieldPath} of index ${i} needs exactly one of order, arrayConfig, vectorConfig`;
      if (order !== undefined && (typeof order !== 'string' || !ORDERS.has(order))) {
        return `field ${fieldPath} of index ${i} has order ${String(order)}`;
      }
      if (arrayConfig !== undefined && arrayConfig !== 'CONTAINS')
        return `field ${fieldPath} of index ${i} has arrayConfig ${String(arrayConfig)}`;
    }
  }
  for (const [i, override] of ((fieldOverrides ?? []) as unknown[]).entries()) {
    const { collectionGroup, fieldPath } = (override ?? {}) as Record<string, unknown>;
    if (typeof collectionGroup !== 'string' || typeof fieldPath !== 'string')
      return `field override ${i} needs collectionGroup and fieldPath`;
  }
  return null;
}

export function checkIndexes(root: string, config: FirebaseJson): Finding {
  const file = config.firestore?.indexes;
  if (!file) return fail('firebase.json lists no Firestore indexes file (firestore.indexes)', DEPLOY);
  const full = path.join(root, file);
  if (!existsSync(full)) return fail(`${file} (firebase.json's firestore.indexes) does not exist`, DEPLOY);
  let problem: string | null;
  try {
    problem = indexesProblem(readJson(full));
  } catch (error) {
    problem = `it is not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  return problem === null ? pass(`${file} is a valid indexes file`, DEPLOY) : fail(`${file}: ${problem}`, DEPLOY);
}

/** The Functions region that suits a Firestore location (a trigger runs where its database is). */
export function regionFor(location: string): string {
  if (location === 'nam5') return 'us-central1';
  if (location === 'eur3') return 'europe-west1';
  return location;
}

/** firebase.json's firestore.location (what a deploy creates a missing database in) against REGION. */
export function checkLocation(root: string, config: FirebaseJson): Finding {
  const anchor = 'choose-the-functions-region';
  const location = config.firestore?.location;
  if (!location) {
    return fail(
      'firebase.json names no firestore.location: a deploy would create a missing database in nam5',
      'create-the-database',
    );
  }
  const index = path.join(root, 'functions', 'src', 'index.ts');
  const region = existsSync(index) ? /const REGION = '([a-z0-9-]+)'/.exec(readFileSync(index, 'utf8'))?.[1] : undefined;
  if (!region) return fail("functions/src/index.ts declares no REGION (const REGION = '...')", anchor);
  if (region !== regionFor(location)) {
    return fail(
      `The functions' REGION is ${region}, but firebase.json's firestore.location ${location} needs ${regionFor(location)}`,
      anchor,
    );
  }
  return pass(`Firestore location ${location} (firebase.json) and the functions' REGION ${region}`, anchor);
}

export function checkFunctionsBuild(root: string): Finding {
  try {
    // What firebase.json's predeploy runs.
    execFileSync('npm', ['--prefix', path.join(root, 'functions'), 'run', 'build'], {
      cwd: root,
      stdio: 'pipe',
      encoding: 'utf8',
    });
    return pass('The functions build (npm --prefix functions run build)', DEPLOY);
  } catch (error) {
    const output = error instanceof Error && 'stdout' in error ? String((error as { stdout: unknown }).stdout) : '';
    const firstError = output
      .split('\n')
      .find((line) => /error/i.test(line))
      ?.trim();
    return fail(`The functions do not build${firstError ? `: ${firstError}` : ''}`, DEPLOY);
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARCHIVE_REPORT = path.join(repoRoot, 'scripts/functions/archiveReport.ts');

/**
 * What decides the archive's report: the codebase folder's files but the params files (dotenv,
 * read by the deploy, not by the code) and the TypeScript sources (the build's input), and
 * firebase.json and the workspace lock.
 */
function archiveInputs(root: string): string {
  const hash = createHash('sha256');
  const functionsDir = path.join(root, 'functions');
  for (const entry of readdirSync(functionsDir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(functionsDir, full);
    if (!entry.isFile() || relative.split(path.sep).includes('node_modules')) continue;
    if (entry.name.startsWith('.env') || /\.tsx?$/.test(entry.name)) continue;
    hash.update(`${relative}\0`).update(readFileSync(full)).update('\0');
  }
  // Of firebase.json, only the functions section (what the packing reads).
  const config = readFileSync(path.join(root, 'firebase.json'), 'utf8');
  try {
    hash.update(JSON.stringify((JSON.parse(config) as { functions?: unknown }).functions) ?? '');
  } catch {
    hash.update(config);
  }
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(lock)) hash.update(readFileSync(lock));
  return hash.digest('hex');
}

/** Reports by what they were made from: one packing for every check of the same codebase in a process. */
const archiveReports = new Map<string, ArchiveReport>();

/**
 * The archive `firebase deploy` packs from functions/ (firebase-tools' own packaging, in a process
 * of its own: scripts/functions/archiveReport.ts) holds every file its entry point reaches, declares
 * every package it imports, carries its own lockfile in step with the workspace's, and will not be
 * built again by Cloud Build. Run after the build, which it reads.
 */
export function checkFunctionsArchive(root: string): Finding {
  const key = archiveInputs(root);
  let report = archiveReports.get(key);
  if (!report) {
    try {
      const output = execFileSync(process.execPath, ['--import', 'tsx', ARCHIVE_REPORT, root], {
        cwd: repoRoot,
        stdio: 'pipe',
        encoding: 'utf8',
      });
      report = JSON.parse(output.trim().split('\n').pop() ?? '') as ArchiveReport;
    } catch (error) {
      return fail(
        `The functions' deploy archive could not be packed: ${error instanceof Error ? error.message : String(error)}`,
        DEPLOY,
      );
    }
    archiveReports.set(key, report);
  }
  if (report.problems.length > 0)
    return fail(`The functions' deploy archive would not run: ${report.problems.join('; ')}`, DEPLOY);
  return pass(
    `The functions' deploy archive (${report.files} files, packed as firebase deploy packs functions/) holds everything its entry point reaches, with its own lockfile`,
    DEPLOY,
  );
}
