// `npm run preflight -- --project <id> [--mode <mode>]`: before `firebase deploy`, checks offline
// what the deploy needs from this repository: the app's production VITE_* settings, the Functions
// params and secret, the rules files, the indexes file, the functions' build and a hosting build
// of the checked-out commit for that project. Prints each missing item with the section of
// docs/deploying.md that fixes it; exits 1 when anything is missing. It never talks to Firebase:
// what only the project knows (the secret's value, the database's location) is left to the runbook.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { loadRules } from '../backend/src/rules/loadRules.js';
import { BUILD_INFO_FILE, gitState, type BuildInfo } from './buildInfo.js';

const RUNBOOK = 'docs/deploying.md';

export interface Finding {
  ok: boolean;
  /** What was checked, or what is missing. */
  message: string;
  /** The runbook section that fixes it (an anchor of docs/deploying.md). */
  fix: string;
}

export interface PreflightOptions {
  root: string;
  projectId: string;
  /** Vite's mode for the hosting build: its .env.<mode> files are read. */
  mode?: string;
}

/** The values the repository ships for local use, which must not reach a deployment. */
const DEMO_VALUES = new Set(['demo-api-key', 'Polytechnic Innovation Office']);
const RESERVED_DOMAIN = /(^|\.)(example(\.(com|org|net|edu))?|test|invalid|localhost)$/i;

export function isDemoValue(value: string): boolean {
  const domain = /@([^@\s]+)$/.exec(value)?.[1];
  return DEMO_VALUES.has(value) || value.startsWith('demo-') || (domain !== undefined && RESERVED_DOMAIN.test(domain));
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** A dotenv file as the Firebase CLI reads it: KEY=VALUE lines, optional quotes, # comments. */
export function parseDotenv(source: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of source.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1]) continue;
    let value = match[2] ?? '';
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2] ?? '';
    else value = value.replace(/\s+#.*$/, '');
    values[match[1]] = value;
  }
  return values;
}

// --- The app's settings -------------------------------------------------------------------------

const APP_SETTINGS = [
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_APP_ID',
  'VITE_CONTACT_EMAIL',
  'VITE_ORGANISATION_NAME',
];

function checkAppSettings(env: Record<string, string>, projectId: string, mode: string): Finding[] {
  const fix = `${RUNBOOK}#point-this-repository-at-the-project`;
  const findings: Finding[] = [];
  for (const key of APP_SETTINGS) {
    const value = env[key]?.trim() ?? '';
    if (value === '') findings.push({ ok: false, message: `${key} is not set for mode ${mode}`, fix });
    else if (isDemoValue(value)) findings.push({ ok: false, message: `${key} is a demo value (${value})`, fix });
  }
  const configured = env.VITE_FIREBASE_PROJECT_ID?.trim();
  if (configured && configured !== projectId) {
    findings.push({ ok: false, message: `VITE_FIREBASE_PROJECT_ID is ${configured}, not ${projectId}`, fix });
  }
  if (env.VITE_USE_EMULATORS === 'true') {
    findings.push({ ok: false, message: 'VITE_USE_EMULATORS is true: the build would talk to the local emulators', fix });
  }
  if (findings.length === 0) findings.push({ ok: true, message: `The app's settings for ${projectId} (mode ${mode})`, fix });
  return findings;
}

// --- The Functions params and secret --------------------------------------------------------------

interface DeclaredParam {
  name: string;
  kind: 'String' | 'Int' | 'Boolean' | 'Float' | 'List' | 'Secret';
  /** The default as written, resolved when it is a literal or a constant of the same file. */
  defaultValue: string | undefined;
  hasDefault: boolean;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The params the functions declare (`defineString('NAME', { default })` and the like). */
export function declaredParams(functionsSource: string): DeclaredParam[] {
  const params: DeclaredParam[] = [];
  for (const file of sourceFiles(functionsSource)) {
    const source = readFileSync(file, 'utf8');
    const pattern = /define(String|Int|Boolean|Float|List|Secret)\(\s*'([A-Z][A-Z0-9_]*)'\s*(?:,\s*\{([^}]*)\})?/g;
    for (const match of source.matchAll(pattern)) {
      const options = match[3] ?? '';
      const written = /default:\s*([^,\n]+)/.exec(options)?.[1]?.trim();
      let defaultValue: string | undefined;
      if (written !== undefined) {
        const literal = /^(['"])(.*)\1$/.exec(written);
        const constant = new RegExp(`const ${written}\\s*=\\s*(['"])(.*?)\\1`).exec(source);
        defaultValue = literal ? literal[2] : constant ? constant[2] : written;
      }
      params.push({
        name: match[2] ?? '',
        kind: match[1] as DeclaredParam['kind'],
        defaultValue,
        hasDefault: written !== undefined,
      });
    }
  }
  return params;
}

/** The values `firebase deploy` gives the params: functions/.env, then .env.<project id or alias>. */
function functionsEnv(root: string, projectId: string): { values: Record<string, string>; files: string[]; suggested: string } {
  const names = [projectId];
  const firebaserc = path.join(root, '.firebaserc');
  if (existsSync(firebaserc)) {
    const projects = (readJson(firebaserc) as { projects?: Record<string, string> }).projects ?? {};
    for (const [alias, id] of Object.entries(projects)) if (id === projectId && !names.includes(alias)) names.push(alias);
  }
  const values: Record<string, string> = {};
  const files: string[] = [];
  for (const name of ['.env', ...names.map((n) => `.env.${n}`)]) {
    const file = path.join(root, 'functions', name);
    if (!existsSync(file)) continue;
    files.push(`functions/${name}`);
    Object.assign(values, parseDotenv(readFileSync(file, 'utf8')));
  }
  // The alias, when there is one, as the runbook names the file.
  return { values, files, suggested: `functions/.env.${names[1] ?? projectId}` };
}

function checkFunctionsParams(root: string, projectId: string, appEnv: Record<string, string>): Finding[] {
  const fix = `${RUNBOOK}#mail-and-matching-settings`;
  const params = declaredParams(path.join(root, 'functions', 'src'));
  const { values, files, suggested } = functionsEnv(root, projectId);
  const where = files.length > 0 ? files.join(', ') : suggested;
  const findings: Finding[] = [];
  const secrets = params.filter((p) => p.kind === 'Secret');
  if (secrets.length === 0) {
    findings.push({ ok: false, message: 'The functions declare no secret (SMTP_PASSWORD: defineSecret)', fix });
  }
  for (const secret of secrets) {
    if (secret.name in values) {
      findings.push({
        ok: false,
        message: `${secret.name} is a secret: remove it from ${where} and set it with functions:secrets:set`,
        fix,
      });
    }
  }
  for (const param of params.filter((p) => p.kind !== 'Secret')) {
    const value = values[param.name] ?? param.defaultValue;
    if (value === undefined || (value === '' && !param.hasDefault)) {
      findings.push({ ok: false, message: `${param.name} has no value (no default): set it in ${where}`, fix });
    } else if (value !== '' && isDemoValue(value)) {
      const origin = param.name in values ? `is a demo value (${value})` : `would be its demo default (${value})`;
      findings.push({ ok: false, message: `${param.name} ${origin}: set it in ${where}`, fix });
    } else if (param.kind === 'Int' && !/^-?\d+$/.test(value)) {
      findings.push({ ok: false, message: `${param.name} must be a whole number (got "${value}")`, fix });
    } else if (param.kind === 'Boolean' && !/^(true|false)$/.test(value)) {
      findings.push({ ok: false, message: `${param.name} must be true or false (got "${value}")`, fix });
    }
  }
  const contact = values.CONTACT_EMAIL;
  if (contact !== undefined && appEnv.VITE_CONTACT_EMAIL !== undefined && contact !== appEnv.VITE_CONTACT_EMAIL) {
    findings.push({
      ok: false,
      message: `CONTACT_EMAIL (${contact}) differs from the app's VITE_CONTACT_EMAIL (${appEnv.VITE_CONTACT_EMAIL})`,
      fix,
    });
  }
  if (findings.length === 0) {
    const names = secrets.map((s) => s.name).join(', ');
    findings.push({ ok: true, message: `The Functions params (${where}) and the secret's name (${names})`, fix });
  }
  return findings;
}

// --- Rules, indexes, builds -----------------------------------------------------------------------

interface FirebaseJson {
  hosting?: { public?: string };
  firestore?: { rules?: string; indexes?: string };
  storage?: { rules?: string };
}

function checkRulesFiles(root: string, config: FirebaseJson): Finding[] {
  const fix = `${RUNBOOK}#build-and-deploy`;
  const files = [config.firestore?.rules, config.storage?.rules];
  return files.map((file, i) => {
    const label = i === 0 ? 'firestore.rules' : 'storage.rules';
    if (!file) return { ok: false, message: `firebase.json names no ${i === 0 ? 'Firestore' : 'Storage'} rules file`, fix };
    const full = path.join(root, file);
    if (!existsSync(full)) return { ok: false, message: `${file} (firebase.json's ${label}) does not exist`, fix };
    try {
      loadRules(readFileSync(full, 'utf8'), file);
      return { ok: true, message: `${file} parses`, fix };
    } catch (error) {
      return { ok: false, message: `${file} does not parse: ${error instanceof Error ? error.message : String(error)}`, fix };
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

function checkIndexes(root: string, config: FirebaseJson): Finding {
  const fix = `${RUNBOOK}#build-and-deploy`;
  const file = config.firestore?.indexes;
  if (!file) return { ok: false, message: 'firebase.json lists no Firestore indexes file (firestore.indexes)', fix };
  const full = path.join(root, file);
  if (!existsSync(full)) return { ok: false, message: `${file} (firebase.json's firestore.indexes) does not exist`, fix };
  let problem: string | null;
  try {
    problem = indexesProblem(readJson(full));
  } catch (error) {
    problem = `it is not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  return problem === null
    ? { ok: true, message: `${file} is a valid indexes file`, fix }
    : { ok: false, message: `${file}: ${problem}`, fix };
}

function checkFunctionsBuild(root: string): Finding {
  const fix = `${RUNBOOK}#build-and-deploy`;
  try {
    // What firebase.json's predeploy runs.
    execFileSync('npm', ['--prefix', path.join(root, 'functions'), 'run', 'build'], {
      cwd: root,
      stdio: 'pipe',
      encoding: 'utf8',
    });
    return { ok: true, message: 'The functions build (npm --prefix functions run build)', fix };
  } catch (error) {
    const output = error instanceof Error && 'stdout' in error ? String((error as { stdout: unknown }).stdout) : '';
    const firstError = output
      .split('\n')
      .find((line) => /error/i.test(line))
      ?.trim();
    return { ok: false, message: `The functions do not build${firstError ? `: ${firstError}` : ''}`, fix };
  }
}

function checkHostingBuild(root: string, config: FirebaseJson, projectId: string, mode: string): Finding[] {
  const fix = `${RUNBOOK}#build-and-deploy`;
  const dist = config.hosting?.public ?? 'dist';
  const infoFile = path.join(root, dist, BUILD_INFO_FILE);
  if (!existsSync(path.join(root, dist, 'index.html')) || !existsSync(infoFile)) {
    return [{ ok: false, message: `${dist}/ holds no build (npm run build -- --mode ${mode})`, fix }];
  }
  const info = readJson(infoFile) as BuildInfo;
  const head = gitState(root);
  const findings: Finding[] = [];
  if (info.commit === null || info.commit !== head.commit) {
    const built = info.commit?.slice(0, 7) ?? 'no commit';
    findings.push({
      ok: false,
      message: `${dist}/ was built from ${built}, not the checked-out ${head.commit?.slice(0, 7) ?? '(no commit)'}`,
      fix,
    });
  } else if (info.dirty || head.dirty) {
    findings.push({ ok: false, message: `${dist}/ or the working tree has uncommitted changes: commit, then build again`, fix });
  }
  if (info.mode !== mode) {
    findings.push({
      ok: false,
      message: `${dist}/ was built in mode ${info.mode}, not ${mode} (npm run build -- --mode ${mode})`,
      fix,
    });
  }
  if (info.projectId !== projectId) {
    findings.push({ ok: false, message: `${dist}/ was built for ${info.projectId ?? 'no project'}, not ${projectId}`, fix });
  }
  if (findings.length === 0)
    findings.push({ ok: true, message: `${dist}/ was built from ${head.commit?.slice(0, 7)} for ${projectId}`, fix });
  return findings;
}

export function runPreflight({ root, projectId, mode = 'production' }: PreflightOptions): Finding[] {
  const config = readJson(path.join(root, 'firebase.json')) as FirebaseJson;
  const appEnv = loadEnv(mode, root, 'VITE_');
  const findings: Finding[] = [];
  if (projectId.startsWith('demo-')) {
    findings.push({
      ok: false,
      message: `${projectId} is a demo project id, which never reaches Firebase`,
      fix: `${RUNBOOK}#create-the-project-and-the-web-app`,
    });
  }
  findings.push(
    ...checkAppSettings(appEnv, projectId, mode),
    ...checkFunctionsParams(root, projectId, appEnv),
    ...checkRulesFiles(root, config),
    checkIndexes(root, config),
    checkFunctionsBuild(root),
    ...checkHostingBuild(root, config, projectId, mode),
  );
  return findings;
}

function main(): void {
  const { values } = parseArgs({ options: { project: { type: 'string' }, mode: { type: 'string', default: 'production' } } });
  if (!values.project) {
    console.error('Usage: npm run preflight -- --project <id> [--mode <mode>]');
    process.exit(2);
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const findings = runPreflight({ root, projectId: values.project, mode: values.mode });
  for (const finding of findings) {
    console.log(finding.ok ? `  ok       ${finding.message}` : `  MISSING  ${finding.message}\n           fix: ${finding.fix}`);
  }
  const missing = findings.filter((f) => !f.ok).length;
  console.log(
    missing === 0
      ? `\nReady to deploy to ${values.project}.`
      : `\n${missing} item(s) missing: not ready to deploy to ${values.project}.`,
  );
  console.log('Not checked offline: the SMTP_PASSWORD secret in Secret Manager, the database location, the Blaze plan.');
  process.exitCode = missing === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
