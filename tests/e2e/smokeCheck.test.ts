// `npm run smoke` against the app served as `npm run serve` serves it: the built app on
// firebase-tools' Hosting emulator, the local backend with the project's rules, the Auth emulator
// and the Functions emulator. Every check passes there; then each fails on a broken copy, alone,
// naming the section of docs/deploying.md that fixes it: the hosting section without its security
// headers and with a catch-all rewrite, the rules opened (the scratch document is removed), the
// codebase with one export removed, Auth refusing the link as production does (a stand-in
// answering its errors), and the bucket without the app's origin. Everything is fetched: no browser.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHostingSection, startHostingEmulator, type HostingEmulator } from '../../scripts/hosting/emulator';
import { SECURITY_HEADERS_SOURCE } from '../../scripts/hosting/headers';
import { cli, runSmoke } from '../../scripts/smoke';
import { anchorOf, guideSections, type CheckId, type SmokeFinding } from '../../scripts/smoke/findings';
import { exportedFunctionNames } from '../../scripts/smoke/functions';
import { planSmoke, type SmokeOptions } from '../../scripts/smoke/plan';
import { openAdminDb } from '../db/appDb';
import { builtAppDir } from '../support/builtApp';
import { allowOriginInBucket, projectCors, setBucketCors } from '../support/bucketCors';
import { BUILT_ENTRY, codebaseCopy } from '../support/codebaseCopy';
import { authEmulator, firestoreEmulator, storageEmulator, uniqueProjectId, type HostPort } from '../support/emulators';
import { loadFirestoreRules } from '../support/projectRules';
import { startReactions, type Reactions } from '../support/reactions';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const projectId = uniqueProjectId('smoke');
const START_TIMEOUT = 180_000;
const address = ({ host, port }: HostPort) => `${host}:${port}`;
const sections = guideSections(root);
/** Rules that let anyone read and write anything: a deploy of the wrong file. */
const OPEN_RULES =
  "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents/{doc=**} { allow read, write: if true; } }";

let hosting: HostingEmulator;
let reactions: Reactions;

/** The app served as `npm run serve` serves it, for this file's project. */
const serve = (section?: Awaited<ReturnType<typeof readHostingSection>>) =>
  startHostingEmulator({
    siteDir: builtAppDir(),
    projectId,
    target: {
      kind: 'local',
      backend: { firestore: address(firestoreEmulator()), auth: address(authEmulator()), storage: address(storageEmulator()) },
    },
    section,
  });

beforeAll(async () => {
  [hosting, reactions] = await Promise.all([
    serve(),
    startReactions(projectId, { from: 'innovation@example.edu', organisation: 'Polytechnic' }),
    loadFirestoreRules(projectId),
  ]);
  // A deployment's bucket lets its Hosting origins download (docs/deploying.md, "Storage CORS").
  await allowOriginInBucket(projectId, hosting.url);
}, START_TIMEOUT);

afterAll(async () => {
  await Promise.all([hosting?.close(), reactions?.stop()]);
});

/** The smoke check's options against this file's services. */
const local = (options: Partial<SmokeOptions> = {}): SmokeOptions => ({
  root,
  project: projectId,
  hosting: hosting.url,
  functions: reactions.functions.address,
  ...options,
});

/** Runs the checks; every finding names a section the guide has. */
async function smoke(options: Partial<SmokeOptions> = {}): Promise<SmokeFinding[]> {
  const findings = await runSmoke(planSmoke(local(options)));
  for (const finding of findings)
    expect(sections.has(anchorOf(finding)), `${finding.fix} is a heading of docs/deploying.md`).toBe(true);
  return findings;
}

const failedChecks = (findings: SmokeFinding[]): CheckId[] => [...new Set(findings.filter((f) => !f.ok).map((f) => f.check))];
const failures = (findings: SmokeFinding[], check: CheckId): SmokeFinding[] => findings.filter((f) => f.check === check && !f.ok);

describe('npm run smoke against the app served as npm run serve serves it', () => {
  it('passes every check, naming each section, and exits 0', async () => {
    const lines: string[] = [];
    const code = await cli(['--project', projectId, '--hosting', hosting.url, '--functions', reactions.functions.address], root, {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    const output = lines.join('\n');
    expect(code, output).toBe(0);
    expect(output).toMatch(/All 6 checks passed/);
    expect(output).not.toMatch(/FAIL/);
    // A heading per check, with the name --only takes.
    expect(output).toContain('\nApp routes and security headers (routes)\n');
    expect(output).toContain('\nStorage CORS (storage-cors)\n');
    // One ok line per check, each naming its section of the guide.
    expect(output).toMatch(
      /ok {4}\d+ routes \(.*\/events\/smoke-check\/screen.*\) answer 200 .* 6 security headers .*\[Deploy\]/,
    );
    expect(output).toMatch(/ok {4}\/assets\/smoke-check-[0-9a-f]+\.js, a chunk that is not there, answers 404.*\[Deploy\]/);
    expect(output).toMatch(/ok {4}An anonymous write to events\/smoke-check-\S+ is refused \(PERMISSION_DENIED\).*\[Deploy\]/);
    const exported = exportedFunctionNames(root);
    expect(exported).toContain('onEventUpdated');
    expect(output).toContain(
      `The ${exported.length} functions functions/src/index.ts exports are loaded (${exported.join(', ')}) [Deploy]`,
    );
    expect(output).toContain(
      `An e-mail sign-in link to ${hosting.url}/results can be made (none was sent) [Enable the products]`,
    );
    expect(output).toMatch(/ok {4}The bucket \S+ lets http:\/\/127\.0\.0\.1:\d+ download .*\[Storage CORS\]/);
  });

  it('fails the Hosting checks on a hosting section without the security headers and with a catch-all rewrite', async () => {
    const section = await readHostingSection(root);
    const broken = await serve({
      ...section,
      headers: (section.headers ?? []).filter((entry) => entry.source !== SECURITY_HEADERS_SOURCE),
      rewrites: [...((section.rewrites as object[] | undefined) ?? []), { source: '**', destination: '/index.html' }],
    });
    try {
      const findings = await smoke({ hosting: broken.url, only: ['routes', 'missing-file'] });
      expect(failedChecks(findings)).toEqual(['routes', 'missing-file']);
      const routes = failures(findings, 'routes').map((f) => f.message);
      for (const key of ['Content-Security-Policy', 'X-Frame-Options', 'Referrer-Policy', 'Cross-Origin-Opener-Policy']) {
        expect(routes).toContainEqual(expect.stringMatching(new RegExp(`^Every route \\(\\d+\\): no ${key} header$`)));
      }
      expect(failures(findings, 'missing-file')[0]?.message).toMatch(/answers 200 \(text\/html.*\): a catch-all rewrite/);
      expect(failures(findings, 'missing-file')[0]?.fix).toBe('docs/deploying.md#deploy');
    } finally {
      await broken.close();
    }
  });

  it('fails the rules check when the rules let anyone write, and removes the scratch document', async () => {
    const admin = openAdminDb(projectId);
    await loadFirestoreRules(projectId, OPEN_RULES);
    try {
      const findings = await smoke();
      expect(failedChecks(findings)).toEqual(['rules']);
      const [finding] = failures(findings, 'rules');
      expect(finding?.message).toMatch(
        /An anonymous client could write events\/smoke-check-\S+: .*The scratch document was deleted again/,
      );
      expect(finding?.fix).toBe('docs/deploying.md#deploy');
      const left = await admin.db.collection('events').get();
      expect(left.docs.map((doc) => doc.id)).toEqual([]);
    } finally {
      await loadFirestoreRules(projectId);
      await admin.close();
    }
  });

  it(
    'fails the functions check when the emulator runs a codebase with one export removed',
    async () => {
      const copy = codebaseCopy(BUILT_ENTRY, (code) =>
        code.replace('export const onPresenterWritten =', 'const onPresenterWritten ='),
      );
      let broken: Reactions | null = null;
      try {
        broken = await startReactions(uniqueProjectId('smoke-broken'), {
          from: 'innovation@example.edu',
          organisation: 'Polytechnic',
          functionsDir: copy,
        });
        const findings = await smoke({ functions: broken.functions.address });
        expect(failedChecks(findings)).toEqual(['functions']);
        expect(failures(findings, 'functions').map((f) => f.message)).toEqual([
          expect.stringMatching(/has no onPresenterWritten, which functions\/src\/index\.ts exports: deploy the functions/),
        ]);
      } finally {
        await broken?.stop();
        fs.rmSync(copy, { recursive: true, force: true });
      }
    },
    START_TIMEOUT,
  );

  it("fails the link check on Auth's refusals, naming the section that fixes each", async () => {
    for (const [error, anchor, says] of [
      ['OPERATION_NOT_ALLOWED', 'enable-the-products', /Email link sign-in is off \(OPERATION_NOT_ALLOWED\)/],
      [
        'UNAUTHORIZED_DOMAIN : Domain not allowlisted by project',
        'a-custom-domain',
        /127\.0\.0\.1:\d+, APP_URL's host, is not an authorised domain/,
      ],
    ] as const) {
      const auth = await refusingAuth(error);
      try {
        const findings = await smoke({
          only: ['sign-in-link'],
          env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: auth.address },
        });
        expect(failedChecks(findings)).toEqual(['sign-in-link']);
        const [finding] = failures(findings, 'sign-in-link');
        expect(finding?.message).toMatch(says);
        expect(finding?.fix).toBe(`docs/deploying.md#${anchor}`);
        expect(auth.requests).toEqual([expect.stringMatching(/accounts:sendOobCode$/)]);
      } finally {
        await auth.close();
      }
    }
  });

  it("fails the CORS check when the bucket's configuration leaves the app's origin out", async () => {
    // The repository's file as applied to a new bucket: the local origins only, not this emulator's port.
    await setBucketCors(projectId, projectCors());
    try {
      const findings = await smoke();
      expect(failedChecks(findings)).toEqual(['storage-cors']);
      const [finding] = failures(findings, 'storage-cors');
      expect(finding?.message).toContain(
        `does not let ${hosting.url} download: its preflight got no Access-Control-Allow-Origin`,
      );
      expect(finding?.fix).toBe('docs/deploying.md#storage-cors');
    } finally {
      await allowOriginInBucket(projectId, hosting.url);
    }
  });
});

describe('where it looks', () => {
  it("takes a real project's production addresses unless the emulator variables or the options name others", () => {
    const plan = planSmoke({ root, project: 'northgate-pitch-live', env: {} });
    expect(plan.services).toEqual({
      hosting: 'https://northgate-pitch-live.web.app',
      hostingLocal: false,
      firestore: null,
      auth: null,
      storage: null,
      functions: null,
    });
    expect(plan.bucket).toBe('northgate-pitch-live.firebasestorage.app');
    expect(plan.appUrl).toBe('https://northgate-pitch-live.web.app');
    expect(plan.origins).toEqual(['https://northgate-pitch-live.web.app', 'https://northgate-pitch-live.firebaseapp.com']);
    expect(plan.checks).toHaveLength(6);

    const custom = planSmoke({
      root,
      project: 'northgate-pitch-live',
      env: { FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' },
      hosting: 'https://pitch.northgate.ac.uk/events',
      appUrl: 'https://pitch.northgate.ac.uk',
      only: ['rules', 'storage-cors'],
    });
    expect(custom.services.hosting).toBe('https://pitch.northgate.ac.uk');
    expect(custom.services.firestore).toBe('127.0.0.1:8080');
    expect(custom.origins).toEqual([
      'https://pitch.northgate.ac.uk',
      'https://northgate-pitch-live.web.app',
      'https://northgate-pitch-live.firebaseapp.com',
    ]);
    expect(custom.checks).toEqual(['rules', 'storage-cors']);
  });
});

describe('a wrong command line', () => {
  const run = async (args: string[], env: NodeJS.ProcessEnv = process.env) => {
    const lines: string[] = [];
    const code = await cli(args, root, { out: (line) => lines.push(line), err: (line) => lines.push(line) }, env);
    return { code, output: lines.join('\n') };
  };

  it('is refused with exit 2 and what is wrong', async () => {
    const noEmulators = {
      ...process.env,
      FIRESTORE_EMULATOR_HOST: '',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_STORAGE_EMULATOR_HOST: '',
    };
    const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
      [['--project', projectId], noEmulators, /is a demo project, which has no deployment.*Still production: Hosting/],
      [['--project', 'Not_A_Project'], process.env, /neither an alias of \.firebaserc nor a project id/],
      [['--project', projectId, '--only', 'routes,dns'], process.env, /--only takes routes, missing-file, .*, not dns/],
      [['--project', projectId, '--functions', 'nowhere'], process.env, /--functions must be host:port/],
      [
        ['--project', projectId, '--hosting', 'ftp://127.0.0.1'],
        process.env,
        /--hosting must start with https:\/\/ or http:\/\//,
      ],
      [
        ['--project', projectId, '--hosting', 'http://127.0.0.1:5000', '--only', 'routes'],
        noEmulators,
        /names the emulators: set FIRESTORE_EMULATOR_HOST/,
      ],
      [['--projet', 'live'], process.env, /Unknown option '--projet'/],
    ];
    for (const [args, env, says] of cases) {
      const { code, output } = await run(args, env);
      expect(code, args.join(' ')).toBe(2);
      expect(output, args.join(' ')).toMatch(says);
      expect(output).toContain('Usage: npm run smoke -- --project <alias or id>');
    }
  });
});

/** A stand-in for Auth that answers every request with production's error `message` (400), as the Admin SDK reads it. */
async function refusingAuth(message: string): Promise<{ address: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
