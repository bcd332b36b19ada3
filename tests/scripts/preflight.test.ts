// `npm run preflight` on a complete configuration (a temporary copy of what a deploy reads) and on
// copies with one required item broken in turn: each is reported, with the runbook section that
// fixes it, and only then is the configuration not ready.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPreflight, type Finding } from '../../scripts/preflight';

const repo = path.resolve(import.meta.dirname, '../..');
const PROJECT = 'pitch-live-events';

const APP_ENV = {
  VITE_FIREBASE_PROJECT_ID: PROJECT,
  VITE_FIREBASE_API_KEY: 'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW',
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
  VITE_FIREBASE_STORAGE_BUCKET: `${PROJECT}.firebasestorage.app`,
  VITE_FIREBASE_APP_ID: '1:123456789012:web:0a1b2c3d4e5f60718293a4',
  VITE_CONTACT_EMAIL: 'innovation@polytechnic.ac.uk',
  VITE_ORGANISATION_NAME: 'Northgate Polytechnic Innovation Office',
};

const FUNCTIONS_ENV = {
  SMTP_HOST: 'smtp.polytechnic.ac.uk',
  SMTP_PORT: '587',
  SMTP_SECURE: 'false',
  SMTP_USER: 'pitch-live',
  SMTP_FROM: 'innovation@polytechnic.ac.uk',
  ORGANISATION_NAME: 'Northgate Polytechnic Innovation Office',
  CONTACT_EMAIL: 'innovation@polytechnic.ac.uk',
};

const dotenv = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key}=${value}\n`)
    .join('');

let work: string;
let template: string;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** A deployable configuration in a git repository of its own, with a hosting build of its commit. */
function makeTemplate(dir: string): void {
  const firebaseJson = JSON.parse(readFileSync(path.join(repo, 'firebase.json'), 'utf8')) as {
    firestore: Record<string, string>;
  };
  firebaseJson.firestore.indexes = 'firestore.indexes.json';
  writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(firebaseJson, null, 2));
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
  // The real build (tsc) is the functions' own test; here the predeploy's outcome is what counts.
  writeFileSync(
    path.join(dir, 'functions', 'package.json'),
    JSON.stringify({ name: 'f', private: true, scripts: { build: 'node -e ""' } }),
  );
  writeFileSync(path.join(dir, 'functions', '.env.live'), dotenv(FUNCTIONS_ENV));
  writeFileSync(path.join(dir, '.env.production.local'), dotenv(APP_ENV));
  writeFileSync(path.join(dir, '.gitignore'), 'dist/\n*.local\n');
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-q', '-m', 'configuration');
  writeBuild(dir, { commit: git(dir, 'rev-parse', 'HEAD') });
}

function writeBuild(dir: string, info: { commit?: string | null; projectId?: string; dirty?: boolean; mode?: string }): void {
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html>');
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

let copies = 0;
/**
 * A fresh copy of the complete configuration, broken by `breakIt` (the change committed and built,
 * as a deployer would) or by `breakBuild` (after the build), and what preflight finds.
 */
function preflightWith(breakIt: (dir: string) => void, breakBuild?: (dir: string) => void): Finding[] {
  const dir = path.join(work, `copy-${copies++}`);
  cpSync(template, dir, { recursive: true });
  breakIt(dir);
  if (git(dir, 'status', '--porcelain') !== '') {
    git(dir, 'add', '-A');
    git(dir, '-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-q', '-m', 'change');
    writeBuild(dir, { commit: git(dir, 'rev-parse', 'HEAD') });
  }
  breakBuild?.(dir);
  return runPreflight({ root: dir, projectId: PROJECT });
}

const missing = (findings: Finding[]) => findings.filter((f) => !f.ok);
const edit = (file: string, change: (text: string) => string) => writeFileSync(file, change(readFileSync(file, 'utf8')));

beforeAll(() => {
  // The app's settings come from the copy's .env files alone.
  for (const key of Object.keys(process.env)) if (key.startsWith('VITE_')) delete process.env[key];
  work = mkdtempSync(path.join(tmpdir(), 'preflight-'));
  template = path.join(work, 'template');
  mkdirSync(path.join(template, 'functions'), { recursive: true });
  makeTemplate(template);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run preflight', () => {
  it('finds nothing missing in a complete configuration', () => {
    const findings = preflightWith(() => {});
    expect(missing(findings)).toEqual([]);
    expect(findings.map((f) => f.message)).toContain('firestore.rules parses');
  });

  it("reads the app's settings and checks the build of the mode given", () => {
    const dir = path.join(work, 'mode');
    cpSync(template, dir, { recursive: true });
    renameSync(path.join(dir, '.env.production.local'), path.join(dir, '.env.live.local'));
    writeBuild(dir, { commit: git(dir, 'rev-parse', 'HEAD'), mode: 'live' });
    expect(missing(runPreflight({ root: dir, projectId: PROJECT, mode: 'live' }))).toEqual([]);
    expect(missing(runPreflight({ root: dir, projectId: PROJECT })).map((f) => f.message)).toContain(
      'VITE_FIREBASE_API_KEY is not set for mode production',
    );
  });

  it('refuses a demo project id', () => {
    const dir = path.join(work, 'demo');
    cpSync(template, dir, { recursive: true });
    const findings = missing(runPreflight({ root: dir, projectId: 'demo-pitch-live' }));
    expect(findings.map((f) => f.message)).toContain('demo-pitch-live is a demo project id, which never reaches Firebase');
  });

  describe("the app's settings", () => {
    it.each(Object.keys(APP_ENV))('reports %s missing', (key) => {
      const findings = missing(
        preflightWith((dir) =>
          edit(path.join(dir, '.env.production.local'), (t) => t.replace(new RegExp(`^${key}=.*\\n`, 'm'), '')),
        ),
      );
      expect(findings).toEqual([
        {
          ok: false,
          message: `${key} is not set for mode production`,
          fix: 'docs/deploying.md#point-this-repository-at-the-project',
        },
      ]);
    });

    it.each([
      ['VITE_FIREBASE_API_KEY', 'demo-api-key'],
      ['VITE_CONTACT_EMAIL', 'innovation@example.edu'],
      ['VITE_ORGANISATION_NAME', 'Polytechnic Innovation Office'],
    ])('reports %s left at the demo value', (key, value) => {
      const findings = missing(
        preflightWith((dir) => edit(path.join(dir, '.env.production.local'), (t) => `${t}${key}=${value}\n`)),
      );
      expect(findings.map((f) => f.message)).toContain(`${key} is a demo value (${value})`);
    });

    it('reports settings of another project and the emulators switched on', () => {
      const findings = missing(
        preflightWith((dir) =>
          edit(
            path.join(dir, '.env.production.local'),
            (t) => `${t}VITE_FIREBASE_PROJECT_ID=other-project\nVITE_USE_EMULATORS=true\n`,
          ),
        ),
      );
      expect(findings.map((f) => f.message)).toEqual(
        expect.arrayContaining([
          `VITE_FIREBASE_PROJECT_ID is other-project, not ${PROJECT}`,
          'VITE_USE_EMULATORS is true: the build would talk to the local emulators',
        ]),
      );
    });
  });

  describe('the Functions params and secret', () => {
    const envFile = (dir: string) => path.join(dir, 'functions', '.env.live');

    it.each(['SMTP_HOST', 'SMTP_FROM'])('reports %s, which has no default, missing', (key) => {
      const findings = missing(
        preflightWith((dir) => edit(envFile(dir), (t) => t.replace(new RegExp(`^${key}=.*\\n`, 'm'), ''))),
      );
      expect(findings).toEqual([
        {
          ok: false,
          message: `${key} has no value (no default): set it in functions/.env.live`,
          fix: 'docs/deploying.md#mail-and-matching-settings',
        },
      ]);
    });

    it.each(['ORGANISATION_NAME', 'CONTACT_EMAIL'])('reports %s left to its demo default', (key) => {
      const findings = missing(
        preflightWith((dir) => edit(envFile(dir), (t) => t.replace(new RegExp(`^${key}=.*\\n`, 'm'), ''))),
      );
      expect(findings.map((f) => f.message)).toEqual([expect.stringContaining(`${key} would be its demo default`)]);
    });

    it("names the alias's params file when there is none", () => {
      const findings = missing(preflightWith((dir) => rmSync(envFile(dir))));
      expect(findings.map((f) => f.message)).toContain('SMTP_HOST has no value (no default): set it in functions/.env.live');
    });

    it('reads functions/.env too, and the project id as well as its alias', () => {
      const findings = preflightWith((dir) => {
        rmSync(envFile(dir));
        writeFileSync(path.join(dir, 'functions', '.env'), dotenv({ ...FUNCTIONS_ENV, SMTP_HOST: '' }));
        writeFileSync(path.join(dir, 'functions', `.env.${PROJECT}`), 'SMTP_HOST=smtp.polytechnic.ac.uk\n');
      });
      expect(missing(findings)).toEqual([]);
    });

    it('reports the secret written into a params file, a port that is no number and a contact that differs from the app', () => {
      const findings = missing(
        preflightWith((dir) =>
          edit(envFile(dir), (t) => `${t}SMTP_PASSWORD=hunter2\nSMTP_PORT=submission\nCONTACT_EMAIL=office@polytechnic.ac.uk\n`),
        ),
      );
      expect(findings.map((f) => f.message)).toEqual([
        'SMTP_PASSWORD is a secret: remove it from functions/.env.live and set it with functions:secrets:set',
        'SMTP_PORT must be a whole number (got "submission")',
        "CONTACT_EMAIL (office@polytechnic.ac.uk) differs from the app's VITE_CONTACT_EMAIL (innovation@polytechnic.ac.uk)",
      ]);
    });

    it('reports functions that declare no secret', () => {
      const findings = missing(
        preflightWith((dir) => {
          const transport = path.join(dir, 'functions', 'src', 'mail', 'transport.ts');
          edit(transport, (t) =>
            t.replace("defineSecret('SMTP_PASSWORD')", "defineString('SMTP_PASSWORD_NAME', { default: 'x' })"),
          );
        }),
      );
      expect(findings.map((f) => f.message)).toEqual(['The functions declare no secret (SMTP_PASSWORD: defineSecret)']);
    });
  });

  describe('rules, indexes and builds', () => {
    it('reports a rules file that does not parse, with where', () => {
      const findings = missing(
        preflightWith((dir) => edit(path.join(dir, 'firestore.rules'), (t) => t.replace('allow ', 'alow '))),
      );
      expect(findings).toEqual([
        {
          ok: false,
          message: expect.stringMatching(/^firestore\.rules does not parse: .*firestore\.rules:\d+:\d+/),
          fix: 'docs/deploying.md#build-and-deploy',
        },
      ]);
    });

    it('reports a missing Storage rules file', () => {
      const findings = missing(preflightWith((dir) => rmSync(path.join(dir, 'storage.rules'))));
      expect(findings.map((f) => f.message)).toEqual(["storage.rules (firebase.json's storage.rules) does not exist"]);
    });

    it.each([
      [
        'not listed in firebase.json',
        (dir: string) => edit(path.join(dir, 'firebase.json'), (t) => t.replace('"indexes": "firestore.indexes.json"', '"x": 0')),
        'firebase.json lists no Firestore indexes file (firestore.indexes)',
      ],
      [
        'not JSON',
        (dir: string) => writeFileSync(path.join(dir, 'firestore.indexes.json'), '{ indexes: [ }'),
        'firestore.indexes.json: it is not JSON',
      ],
      [
        'without an indexes list',
        (dir: string) => writeFileSync(path.join(dir, 'firestore.indexes.json'), '{"fieldOverrides": []}'),
        'firestore.indexes.json: "indexes" is not a list',
      ],
      [
        'with a field in no order',
        (dir: string) =>
          writeFileSync(
            path.join(dir, 'firestore.indexes.json'),
            JSON.stringify({
              indexes: [{ collectionGroup: 'responses', queryScope: 'COLLECTION', fields: [{ fieldPath: 'event_id' }] }],
            }),
          ),
        'firestore.indexes.json: field event_id of index 0 needs exactly one of order, arrayConfig, vectorConfig',
      ],
    ])('reports an indexes file %s', (_case, breakIt, message) => {
      const findings = missing(preflightWith(breakIt));
      expect(findings.map((f) => f.message)).toEqual([expect.stringContaining(message)]);
    });

    it('reports functions that do not build', () => {
      const findings = missing(
        preflightWith((dir) =>
          writeFileSync(
            path.join(dir, 'functions', 'package.json'),
            JSON.stringify({ scripts: { build: 'node -e "process.exit(2)"' } }),
          ),
        ),
      );
      expect(findings.map((f) => f.message)).toEqual([expect.stringMatching(/^The functions do not build/)]);
    });

    it.each([
      [
        'no build',
        (dir: string) => rmSync(path.join(dir, 'dist'), { recursive: true }),
        'dist/ holds no build (npm run build -- --mode production)',
      ],
      [
        'a build of another commit',
        (dir: string) => writeBuild(dir, { commit: '0123456789abcdef0123456789abcdef01234567' }),
        'dist/ was built from 0123456, not the checked-out',
      ],
      [
        'a build for another project',
        (dir: string) => writeBuild(dir, { commit: git(dir, 'rev-parse', 'HEAD'), projectId: 'pitch-live-staging' }),
        `dist/ was built for pitch-live-staging, not ${PROJECT}`,
      ],
      [
        'a build of uncommitted changes',
        (dir: string) => writeBuild(dir, { commit: git(dir, 'rev-parse', 'HEAD'), dirty: true }),
        'dist/ or the working tree has uncommitted changes',
      ],
      [
        'a build of another mode',
        (dir: string) => writeBuild(dir, { commit: git(dir, 'rev-parse', 'HEAD'), mode: 'staging' }),
        'dist/ was built in mode staging, not production (npm run build -- --mode production)',
      ],
      [
        'a build with uncommitted changes since',
        (dir: string) => edit(path.join(dir, 'firestore.rules'), (t) => `${t}\n`),
        'dist/ or the working tree has uncommitted changes',
      ],
    ])('reports %s in dist/', (_case, breakBuild, message) => {
      const findings = missing(preflightWith(() => {}, breakBuild));
      expect(findings).toEqual([
        { ok: false, message: expect.stringContaining(message), fix: 'docs/deploying.md#build-and-deploy' },
      ]);
    });
  });
});
