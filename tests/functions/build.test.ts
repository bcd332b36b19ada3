// The Cloud Functions codebase builds into a folder `firebase deploy` can upload as it is: the
// functions' build (`npm run build` in functions/; here into a scratch copy of the codebase, so
// that functions/lib stays whole for the Functions emulator that other test files run) emits the
// entry with the domain code it uses beside it, with no browser code (React renders e-mails there, on the server only); the Firebase
// tools discover the triggers, their settings and the mail params from it; a Firestore update
// event, as Eventarc delivers it, reaches the reactions' registry and its handler reads a local
// backend; and the built invite e-mail renders in plain Node.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const sourceDir = path.join(root, 'functions');
/**
 * A codebase folder of its own (its package.json, a build of its own) under the workspace's
 * node_modules, so that its imports resolve to the same packages; not inside functions/, whose
 * deploy archive other test files pack while this one runs.
 */
const functionsDir = path.join(root, 'node_modules', '.cache', `functions-build-check-${process.pid}`);
const lib = path.join(functionsDir, 'lib');
const entry = path.join(functionsDir, JSON.parse(fs.readFileSync(path.join(sourceDir, 'package.json'), 'utf8')).main as string);
const STEP_TIMEOUT = 120_000;

/**
 * Packages that only the browser app may use: the web SDK, MUI, Vite, and React DOM's browser
 * entries. React itself, `react-dom/server` and @react-email/* render e-mails on the server.
 */
const BROWSER_PACKAGES = [/^react-dom(\/client)?$/, /^@mui\//, /^@emotion\//, /^firebase(\/|$)/, /^@firebase\//, /^vite(\/|$)/];

function emittedFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(folder, file));
}

/** What a module imports: static and dynamic imports, re-exports and requires. */
function importsOf(code: string): string[] {
  return ts.preProcessFile(code, true, true).importedFiles.map((file) => file.fileName);
}

/** `window` or `document` used as the browser's globals (`window.x`, `document.x`, `typeof window`). */
function browserGlobalsIn(file: string, code: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && (node.text === 'window' || node.text === 'document')) {
      const parent = node.parent;
      const used =
        ((ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === node) ||
        ts.isTypeOfExpression(parent);
      if (used) found.push(`${path.relative(lib, file)}: ${parent.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS));
  return found;
}

/** Loads the built entry in a plain Node process and delivers Firestore update events to it. */
const DELIVER = `
const module = await import(process.argv[1]);
console.log(JSON.stringify({ exports: Object.keys(module).sort(), type: typeof module.onEventUpdated }));
const name = (id) => 'projects/demo-pitch-live/databases/(default)/documents/events/' + id;
const version = (id, flags, updateTime) => ({
  name: name(id),
  fields: { title: { stringValue: 'Demo' }, is_matching: { booleanValue: flags[0] }, is_emailing: { booleanValue: flags[1] } },
  createTime: '2026-11-23T10:00:00Z',
  updateTime,
});
const deliver = (id, before, after) => module.onEventUpdated({
  specversion: '1.0', id: 'delivery-' + id, type: 'google.cloud.firestore.document.v1.updated',
  source: '//firestore.googleapis.com/projects/demo-pitch-live/databases/(default)', time: '2026-11-23T10:05:00Z',
  datacontenttype: 'application/json', project: 'demo-pitch-live', database: '(default)', namespace: '(default)',
  location: 'nam5', document: 'events/' + id, subject: 'documents/events/' + id,
  data: { value: version(id, after, '2026-11-23T10:05:00Z'), oldValue: version(id, before, '2026-11-23T10:01:00Z') },
});
await deliver('unchanged', [false, true], [false, true]);
await deliver('raised', [false, false], [false, true]);
`;

beforeAll(async () => {
  fs.rmSync(functionsDir, { recursive: true, force: true });
  fs.mkdirSync(functionsDir);
  fs.copyFileSync(path.join(sourceDir, 'package.json'), path.join(functionsDir, 'package.json'));
  await run('npm', ['run', 'build', '--prefix', sourceDir, '--', '--outDir', lib], { cwd: root, timeout: STEP_TIMEOUT });
}, STEP_TIMEOUT);

afterAll(() => {
  fs.rmSync(functionsDir, { recursive: true, force: true });
});

describe('the functions build', () => {
  it('emits the entry that package.json names, with the domain code beside it', () => {
    expect(path.relative(functionsDir, entry)).toBe(path.join('lib', 'functions', 'src', 'index.js'));
    expect(fs.existsSync(entry)).toBe(true);
    expect(fs.existsSync(path.join(lib, 'domain', 'reactions.js'))).toBe(true);
    expect(fs.existsSync(path.join(lib, 'domain', 'inviteMail.js'))).toBe(true);
  });

  it('keeps every import inside the output folder or on the functions’ own dependencies', () => {
    const { dependencies } = JSON.parse(fs.readFileSync(path.join(functionsDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const file of emittedFiles(lib)) {
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) {
          const target = path.resolve(path.dirname(file), specifier);
          expect(target.startsWith(lib + path.sep), `${path.relative(lib, file)} imports ${specifier}`).toBe(true);
          expect(fs.existsSync(target), `${path.relative(lib, file)} imports ${specifier}`).toBe(true);
        } else if (!isBuiltin(specifier)) {
          const name = specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/');
          expect(Object.keys(dependencies), `${path.relative(lib, file)} imports ${specifier}`).toContain(name);
        }
      }
    }
  });

  it('emits nothing next to the sources', () => {
    for (const folder of ['domain', 'functions/src']) {
      expect(fs.readdirSync(path.join(root, folder)).filter((file) => file.endsWith('.js'))).toEqual([]);
    }
  });

  it('contains no browser code', () => {
    const files = emittedFiles(lib);
    const browserImports = files.flatMap((file) =>
      importsOf(fs.readFileSync(file, 'utf8'))
        .filter((specifier) => BROWSER_PACKAGES.some((pattern) => pattern.test(specifier)))
        .map((specifier) => `${path.relative(lib, file)}: ${specifier}`),
    );
    expect(browserImports).toEqual([]);
    // The check sees the mail templates' React: what it allows is really there.
    expect(files.some((file) => importsOf(fs.readFileSync(file, 'utf8')).includes('@react-email/render'))).toBe(true);
    expect(files.flatMap((file) => browserGlobalsIn(file, fs.readFileSync(file, 'utf8')))).toEqual([]);
  });
});

describe('the built functions', () => {
  it(
    'declare the triggers and the mail params as firebase deploy discovers them',
    async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-manifest-'));
      const manifestPath = path.join(folder, 'manifest.json');
      // The Firebase tools load the codebase with the SDK's own binary and read this manifest.
      await run(path.join(root, 'node_modules', '.bin', 'firebase-functions'), [functionsDir], {
        cwd: functionsDir,
        timeout: STEP_TIMEOUT,
        env: { ...process.env, FUNCTIONS_CONTROL_API: 'true', FUNCTIONS_MANIFEST_OUTPUT_PATH: manifestPath },
      });
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
      fs.rmSync(folder, { recursive: true, force: true });
      expect(Object.keys(manifest.endpoints).sort()).toEqual([
        'onEmailReviewWritten',
        'onEventUpdated',
        'onEventWritten',
        'onInviteWritten',
        'onMeetingRequested',
        'onMeetingScheduleWritten',
        'onMeetingWritten',
        'onPresenterWritten',
        'onSignInLinkRequested',
        'sweepReactions',
      ]);
      expect(manifest.endpoints.onEventUpdated).toMatchObject({
        platform: 'gcfv2',
        region: ['us-central1'],
        availableMemoryMb: 512,
        timeoutSeconds: 300,
        secretEnvironmentVariables: [{ key: 'SMTP_PASSWORD' }],
        eventTrigger: {
          eventType: 'google.cloud.firestore.document.v1.updated',
          eventFilterPathPatterns: { document: 'events/{eventId}' },
          retry: false,
        },
      });
      expect(manifest.endpoints.onInviteWritten).toMatchObject({
        platform: 'gcfv2',
        region: ['us-central1'],
        timeoutSeconds: 120,
        secretEnvironmentVariables: [{ key: 'SMTP_PASSWORD' }],
        eventTrigger: {
          eventType: 'google.cloud.firestore.document.v1.written',
          eventFilterPathPatterns: { document: 'invites/{inviteId}' },
          retry: false,
        },
      });
      expect(manifest.endpoints.onEmailReviewWritten).toMatchObject({
        platform: 'gcfv2',
        region: ['us-central1'],
        timeoutSeconds: 120,
        eventTrigger: {
          eventType: 'google.cloud.firestore.document.v1.written',
          eventFilterPathPatterns: { document: 'email_reviews/{eventId}' },
          retry: false,
        },
      });
      expect(manifest.endpoints.onSignInLinkRequested).toMatchObject({
        platform: 'gcfv2',
        region: ['us-central1'],
        timeoutSeconds: 60,
        eventTrigger: {
          eventType: 'google.cloud.firestore.document.v1.created',
          eventFilterPathPatterns: { document: 'sign_in_link_requests/{requestId}' },
          retry: false,
        },
      });
      // The rosters (domain/roster.ts): small, no redelivery (the sweep rebuilds open events' rosters).
      for (const [name, document] of [
        ['onEventWritten', 'events/{eventId}'],
        ['onPresenterWritten', 'presenters/{presenterId}'],
      ] as const) {
        expect(manifest.endpoints[name], name).toMatchObject({
          platform: 'gcfv2',
          region: ['us-central1'],
          availableMemoryMb: 256,
          timeoutSeconds: 60,
          eventTrigger: {
            eventType: 'google.cloud.firestore.document.v1.written',
            eventFilterPathPatterns: { document },
            retry: false,
          },
        });
      }
      // The sweep: every 10 minutes, no retry of its own (the next sweep is the retry).
      expect(manifest.endpoints.sweepReactions).toMatchObject({
        platform: 'gcfv2',
        region: ['us-central1'],
        timeoutSeconds: 540,
        secretEnvironmentVariables: [{ key: 'SMTP_PASSWORD' }],
        scheduleTrigger: { schedule: 'every 10 minutes', retryConfig: { retryCount: 0 } },
      });
      expect(manifest.params.map((param: { name: string }) => param.name)).toEqual([
        'SMTP_HOST',
        'SMTP_PORT',
        'SMTP_SECURE',
        'SMTP_USER',
        'SMTP_PASSWORD',
        'SMTP_FROM',
        'ORGANISATION_NAME',
        'APP_URL',
        'CONTACT_EMAIL',
        'CONTACT_FIRST_NAME',
        'CONTACT_LAST_NAME',
      ]);
    },
    STEP_TIMEOUT,
  );

  it(
    'load in Node and dispatch a raised flag to the registry, whose handler reads the event on the backend',
    async () => {
      // The child's Admin SDK talks to a local backend of the test's own: the e-mail handler looks
      // the event up there, finds none to mail, and says so; the delivery that raises no flag runs nothing.
      const { startBackend } = await import('../../backend/src/server.js');
      const { projectIndexes } = await import('../support/projectIndexes.js');
      const backend = await startBackend({ firestorePort: 0, storagePort: 0, indexes: projectIndexes() });
      try {
        const { stdout } = await run(process.execPath, ['--input-type=module', '-e', DELIVER, entry], {
          cwd: functionsDir,
          timeout: STEP_TIMEOUT,
          // Offline: the SDK's Admin app must not look for Google credentials or a metadata server.
          env: {
            ...process.env,
            GCLOUD_PROJECT: 'demo-pitch-live',
            METADATA_SERVER_DETECTION: 'none',
            FIRESTORE_EMULATOR_HOST: `127.0.0.1:${backend.firestorePort}`,
            SMTP_HOST: '127.0.0.1',
            SMTP_FROM: 'innovation@example.edu',
          },
        });
        const [loaded, ...logged] = stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(loaded).toEqual({
          exports: [
            'onEmailReviewWritten',
            'onEventUpdated',
            'onEventWritten',
            'onInviteWritten',
            'onMeetingRequested',
            'onMeetingScheduleWritten',
            'onMeetingWritten',
            'onPresenterWritten',
            'onSignInLinkRequested',
            'sweepReactions',
          ],
          type: 'function',
        });
        expect(logged).toEqual([
          {
            severity: 'INFO',
            message: 'Result e-mails not sent: they are no longer requested, or another runner holds them.',
            eventId: 'raised',
          },
        ]);
      } finally {
        await backend.close();
      }
    },
    STEP_TIMEOUT,
  );
});

describe('the built invite e-mail', () => {
  it(
    'renders in plain Node with the functions’ own React',
    async () => {
      const render = `
const { renderInviteMail } = await import(process.argv[1]);
const mail = await renderInviteMail({ organisation: 'Demo Polytechnic', signupUrl: 'https://pitch.example.edu/signup?c=abc' });
console.log(JSON.stringify(mail));
`;
      const { stdout } = await run(
        process.execPath,
        ['--input-type=module', '-e', render, path.join(lib, 'functions', 'src', 'mail', 'inviteMail.js')],
        { cwd: functionsDir, timeout: STEP_TIMEOUT },
      );
      const mail = JSON.parse(stdout) as { subject: string; html: string; text: string };
      expect(mail.subject).toBe('You are invited to present at Demo Polytechnic');
      expect(mail.html).toContain('href="https://pitch.example.edu/signup?c=abc"');
      expect(mail.text).toContain('https://pitch.example.edu/signup?c=abc');
    },
    STEP_TIMEOUT,
  );
});
