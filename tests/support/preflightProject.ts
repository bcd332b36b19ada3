// A deployable copy of what `npm run preflight` reads (firebase.json, .firebaserc, the rules, the
// functions' source, the settings files, the CORS file and a hosting build of its own commit), in
// a git repository of its own, and copies of it with one thing changed, for the preflight tests.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runPreflight, type Finding, type PreflightOptions } from '../../scripts/preflight';

const repo = path.resolve(import.meta.dirname, '../..');
export const PROJECT = 'pitch-live-events';

export const APP_ENV = {
  VITE_FIREBASE_PROJECT_ID: PROJECT,
  VITE_FIREBASE_API_KEY: 'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW',
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
  VITE_FIREBASE_STORAGE_BUCKET: `${PROJECT}.firebasestorage.app`,
  VITE_FIREBASE_APP_ID: '1:123456789012:web:0a1b2c3d4e5f60718293a4',
  VITE_CONTACT_EMAIL: 'innovation@polytechnic.ac.uk',
  VITE_ORGANISATION_NAME: 'Northgate Polytechnic Innovation Office',
  VITE_APP_CHECK_SITE_KEY: '6LcA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvWxYz_',
};

export const FUNCTIONS_ENV = {
  SMTP_HOST: 'smtp.polytechnic.ac.uk',
  SMTP_PORT: '587',
  SMTP_SECURE: 'false',
  SMTP_USER: 'pitch-live',
  SMTP_FROM: 'innovation@polytechnic.ac.uk',
  ORGANISATION_NAME: 'Northgate Polytechnic Innovation Office',
  APP_URL: '',
  CONTACT_EMAIL: 'innovation@polytechnic.ac.uk',
  CONTACT_FIRST_NAME: 'Innovation',
  CONTACT_LAST_NAME: 'Office',
};

export interface CorsEntry {
  origin: string[];
  method: string[];
  responseHeader: string[];
  maxAgeSeconds: number;
}

/** The local origins, and the project's Hosting ones that a deployer adds. */
export const CORS: CorsEntry[] = [
  {
    origin: [
      'http://127.0.0.1:5173',
      'http://localhost:5173',
      'http://127.0.0.1:5000',
      'http://localhost:5000',
      `https://${PROJECT}.web.app`,
      `https://${PROJECT}.firebaseapp.com`,
    ],
    method: ['GET'],
    responseHeader: ['Content-Type'],
    maxAgeSeconds: 3600,
  },
];

export const dotenv = (values: Record<string, string>): string =>
  Object.entries(values)
    .map(([key, value]) => `${key}=${value}\n`)
    .join('');

export const edit = (file: string, change: (text: string) => string): void =>
  writeFileSync(file, change(readFileSync(file, 'utf8')));

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

const commitAll = (dir: string, message: string) => {
  git(dir, 'add', '-A');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-q', '-m', message);
};

export interface BuildInfoFields {
  commit?: string | null;
  projectId?: string;
  dirty?: boolean;
  mode?: string;
}

/** A hosting build in dist/: an index, a script without a source-map comment, build-info.json. */
export function writeBuild(dir: string, info: BuildInfoFields): void {
  mkdirSync(path.join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html>');
  writeFileSync(path.join(dir, 'dist', 'assets', 'index-a1b2c3.js'), 'console.log("app");\n');
  const build = {
    commit: null,
    dirty: false,
    mode: 'production',
    projectId: PROJECT,
    builtAt: new Date().toISOString(),
    ...info,
  };
  writeFileSync(path.join(dir, 'dist', 'build-info.json'), JSON.stringify(build));
}

/** Builds again for the commit checked out, as a deployer does after a change. */
export const rebuild = (dir: string, info: BuildInfoFields = {}): void =>
  writeBuild(dir, { commit: git(dir, 'rev-parse', 'HEAD'), ...info });

function makeTemplate(dir: string): void {
  mkdirSync(path.join(dir, 'functions'), { recursive: true });
  cpSync(path.join(repo, 'firebase.json'), path.join(dir, 'firebase.json'));
  writeFileSync(path.join(dir, '.firebaserc'), JSON.stringify({ projects: { default: 'demo-pitch-live', live: PROJECT } }));
  for (const file of ['firestore.rules', 'storage.rules']) cpSync(path.join(repo, file), path.join(dir, file));
  const index = {
    collectionGroup: 'responses',
    queryScope: 'COLLECTION',
    fields: [
      { fieldPath: 'event_id', order: 'ASCENDING' },
      { fieldPath: 'updated_at', order: 'ASCENDING' },
    ],
  };
  writeFileSync(path.join(dir, 'firestore.indexes.json'), JSON.stringify({ indexes: [index], fieldOverrides: [] }));
  cpSync(path.join(repo, 'functions', 'src'), path.join(dir, 'functions', 'src'), { recursive: true });
  // The real build (tsc) is the functions' own test; here the predeploy's outcome is what counts,
  // and a codebase its deploy archive carries whole: an entry point, its own lockfile.
  writeFileSync(
    path.join(dir, 'functions', 'package.json'),
    JSON.stringify({ name: 'f', private: true, main: 'lib/index.js', scripts: { build: 'node -e ""', 'gcp-build': '' } }),
  );
  writeFileSync(
    path.join(dir, 'functions', 'package-lock.json'),
    JSON.stringify({ name: 'f', lockfileVersion: 3, requires: true, packages: { '': { name: 'f' } } }),
  );
  mkdirSync(path.join(dir, 'functions', 'lib'));
  writeFileSync(path.join(dir, 'functions', 'lib', 'index.js'), "export { region } from './region.js';\n");
  writeFileSync(path.join(dir, 'functions', 'lib', 'region.js'), "export const region = 'us-central1';\n");
  writeFileSync(path.join(dir, 'functions', `.env.${PROJECT}`), dotenv(FUNCTIONS_ENV));
  writeFileSync(path.join(dir, '.env.production.local'), dotenv(APP_ENV));
  writeFileSync(path.join(dir, 'storage.cors.json'), JSON.stringify(CORS, null, 2));
  writeFileSync(path.join(dir, '.gitignore'), 'dist/\n*.local\n');
  git(dir, 'init', '-q');
  commitAll(dir, 'configuration');
  rebuild(dir);
}

export interface PreflightProjects {
  setUp: () => void;
  tearDown: () => void;
  copy: () => string;
  /**
   * A fresh copy of the complete configuration, changed by `breakIt` (the change committed and
   * built, as a deployer would) or by `breakBuild` (after the build), and what preflight finds.
   */
  preflightWith: (
    breakIt: (dir: string) => void,
    breakBuild?: (dir: string) => void,
    options?: Partial<PreflightOptions>,
  ) => Finding[];
}

/** The template, made once per test file, and numbered copies of it under one temporary folder. */
export function preflightProjects(): PreflightProjects {
  let work = '';
  let template = '';
  let copies = 0;
  const copy = () => {
    const dir = path.join(work, `copy-${copies++}`);
    cpSync(template, dir, { recursive: true });
    return dir;
  };
  return {
    setUp() {
      // The app's settings come from the copy's .env files alone.
      for (const key of Object.keys(process.env)) if (key.startsWith('VITE_')) delete process.env[key];
      work = mkdtempSync(path.join(tmpdir(), 'preflight-'));
      template = path.join(work, 'template');
      makeTemplate(template);
    },
    tearDown: () => rmSync(work, { recursive: true, force: true }),
    copy,
    preflightWith(breakIt, breakBuild, options = {}) {
      const dir = copy();
      breakIt(dir);
      commitAndBuild(dir);
      breakBuild?.(dir);
      return runPreflight({ root: dir, project: PROJECT, ...options });
    },
  };
}

export const failures = (findings: Finding[]): Finding[] => findings.filter((f) => !f.ok);
export const notes = (findings: Finding[]): Finding[] => findings.filter((f) => f.note);
export const messages = (findings: Finding[]): string[] => findings.map((f) => f.message);
export const appEnvFile = (dir: string): string => path.join(dir, '.env.production.local');
export const paramsFile = (dir: string): string => path.join(dir, 'functions', `.env.${PROJECT}`);
/** Changes to a dotenv file's text: a key's line taken out, or set to a value. */
export const withoutLine =
  (key: string) =>
  (text: string): string =>
    text.replace(new RegExp(`^${key}=.*\\n`, 'm'), '');
export const setLine =
  (key: string, value: string) =>
  (text: string): string =>
    `${withoutLine(key)(text)}${key}=${value}\n`;

/** Commits what changed in `dir` and builds again, as a deployer would after editing settings. */
export function commitAndBuild(dir: string): void {
  if (git(dir, 'status', '--porcelain') === '') return;
  commitAll(dir, 'change');
  rebuild(dir);
}
