// `npm run preflight` on a complete configuration (a temporary copy of what a deploy reads) and on
// copies with one thing broken in turn: each is reported with the guide's section that fixes it,
// and only what would break the deploy (not an advisory note) makes the configuration not ready.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPreflight, type Finding, type PreflightOptions } from '../../scripts/preflight';
import {
  APP_ENV,
  CORS,
  FUNCTIONS_ENV,
  type CorsEntry,
  PROJECT,
  commitAndBuild,
  dotenv,
  edit,
  git,
  preflightProjects,
  rebuild,
  writeBuild,
} from '../support/preflightProject';

const projects = preflightProjects();
beforeAll(projects.setUp);
afterAll(projects.tearDown);

/**
 * A fresh copy of the complete configuration, changed by `breakIt` (the change committed and built,
 * as a deployer would) or by `breakBuild` (after the build), and what preflight finds.
 */
function preflightWith(
  breakIt: (dir: string) => void,
  breakBuild?: (dir: string) => void,
  options: Partial<PreflightOptions> = {},
): Finding[] {
  const dir = projects.copy();
  breakIt(dir);
  commitAndBuild(dir);
  breakBuild?.(dir);
  return runPreflight({ root: dir, project: PROJECT, ...options });
}

const failures = (findings: Finding[]) => findings.filter((f) => !f.ok);
const notes = (findings: Finding[]) => findings.filter((f) => f.note);
const messages = (findings: Finding[]) => findings.map((f) => f.message);
const appEnvFile = (dir: string) => path.join(dir, '.env.production.local');
const paramsFile = (dir: string) => path.join(dir, 'functions', `.env.${PROJECT}`);
const withoutLine = (key: string) => (text: string) => text.replace(new RegExp(`^${key}=.*\\n`, 'm'), '');
const setLine = (key: string, value: string) => (text: string) => `${withoutLine(key)(text)}${key}=${value}\n`;

/** GitHub's anchor for a heading's text (as tests/lint/markdownLinks.test.ts slugs it). */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/ /g, '-');

describe('npm run preflight', () => {
  it('finds nothing to fix, and nothing to note, in a complete configuration', () => {
    const findings = preflightWith(() => {});
    expect(failures(findings)).toEqual([]);
    expect(notes(findings)).toEqual([]);
    expect(messages(findings)).toContain('firestore.rules parses');
  });

  it('links every finding to a section of the guide that exists', () => {
    const guide = readFileSync(path.resolve(import.meta.dirname, '../../docs/deploying.md'), 'utf8');
    const anchors = new Set([...guide.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => slug(m[1] ?? '')));
    const everything = [
      ...preflightWith(() => {}),
      ...preflightWith((dir) => {
        rmSync(path.join(dir, 'storage.cors.json'));
        rmSync(paramsFile(dir));
        writeFileSync(path.join(dir, 'functions', '.env.live'), dotenv({ ...FUNCTIONS_ENV, SMTP_USER: '', APP_URL: 'http://x' }));
        edit(
          appEnvFile(dir),
          (t) => `${withoutLine('VITE_APP_CHECK_SITE_KEY')(t)}VITE_FIREBASE_STORAGE_BUCKET=${PROJECT}.appspot.com\n`,
        );
        edit(path.join(dir, 'firebase.json'), (t) => t.replace('"location": "nam5"', '"location": "eur3"'));
      }),
      ...runPreflight({ root: projects.copy(), project: 'demo-pitch-live' }),
    ];
    const fixes = new Set(everything.map((f) => f.fix));
    expect(fixes.size).toBeGreaterThan(8);
    for (const fix of fixes) {
      expect(fix).toMatch(/^docs\/deploying\.md#/);
      expect(anchors, fix).toContain(fix.split('#')[1]);
    }
  });

  it("reads the app's settings and checks the build of the mode given", () => {
    const dir = projects.copy();
    renameSync(appEnvFile(dir), path.join(dir, '.env.live.local'));
    rebuild(dir, { mode: 'live' });
    expect(failures(runPreflight({ root: dir, project: PROJECT, mode: 'live' }))).toEqual([]);
    expect(messages(failures(runPreflight({ root: dir, project: PROJECT })))).toContain(
      'VITE_FIREBASE_API_KEY is not set for mode production: add it to .env.production.local',
    );
  });

  it('takes the alias as firebase deploy does, and names both in its messages', () => {
    const dir = projects.copy();
    expect(failures(runPreflight({ root: dir, project: 'live' }))).toEqual([]);
    edit(appEnvFile(dir), setLine('VITE_FIREBASE_PROJECT_ID', 'other-project'));
    rebuild(dir, { projectId: 'other-project' });
    expect(messages(failures(runPreflight({ root: dir, project: 'live' })))).toEqual([
      `VITE_FIREBASE_PROJECT_ID in .env.production.local is other-project, not live (${PROJECT})`,
      `dist/ was built for other-project, not live (${PROJECT}): npm run build -- --mode production`,
    ]);
  });

  it('refuses a demo project, by id or by alias', () => {
    const dir = projects.copy();
    expect(messages(failures(runPreflight({ root: dir, project: 'demo-pitch-live' })))).toContain(
      'demo-pitch-live is a demo project, which never reaches Firebase',
    );
    expect(messages(failures(runPreflight({ root: dir, project: 'default' })))).toContain(
      'default (demo-pitch-live) is a demo project, which never reaches Firebase',
    );
  });

  describe("the app's settings", () => {
    it.each(Object.keys(APP_ENV).filter((key) => key !== 'VITE_APP_CHECK_SITE_KEY'))('reports %s missing', (key) => {
      const findings = failures(preflightWith((dir) => edit(appEnvFile(dir), withoutLine(key))));
      expect(findings).toEqual([
        {
          ok: false,
          message: `${key} is not set for mode production: add it to .env.production.local`,
          fix: 'docs/deploying.md#point-this-repository-at-the-project',
        },
      ]);
    });

    it.each([
      ['VITE_FIREBASE_API_KEY', 'demo-api-key'],
      ['VITE_CONTACT_EMAIL', 'innovation@example.edu'],
      ['VITE_ORGANISATION_NAME', 'Polytechnic Innovation Office'],
    ])('reports %s left at the demo value', (key, value) => {
      const findings = failures(preflightWith((dir) => edit(appEnvFile(dir), setLine(key, value))));
      expect(messages(findings)).toContain(`${key} is a demo value (${value}): set this project's in .env.production.local`);
    });

    it('reports settings of another project and the emulators switched on', () => {
      const findings = failures(
        preflightWith((dir) =>
          edit(appEnvFile(dir), (t) => `${setLine('VITE_FIREBASE_PROJECT_ID', 'other-project')(t)}VITE_USE_EMULATORS=true\n`),
        ),
      );
      expect(messages(findings)).toEqual(
        expect.arrayContaining([
          `VITE_FIREBASE_PROJECT_ID in .env.production.local is other-project, not live (${PROJECT})`,
          'VITE_USE_EMULATORS is true in .env.production.local: the build would talk to the local emulators',
        ]),
      );
    });

    describe('the Storage bucket', () => {
      const withBucket = (bucket: string) =>
        preflightWith((dir) => edit(appEnvFile(dir), setLine('VITE_FIREBASE_STORAGE_BUCKET', bucket)));

      it('notes the legacy appspot.com form, which is right for an older project', () => {
        const findings = withBucket(`${PROJECT}.appspot.com`);
        expect(failures(findings)).toEqual([]);
        expect(messages(notes(findings))).toEqual([expect.stringContaining(`is ${PROJECT}.appspot.com, the legacy form`)]);
      });

      it('takes a custom bucket with a valid name', () => {
        expect(failures(withBucket('northgate-pitch-logos'))).toEqual([]);
      });

      it.each([
        ['gs://pitch-live-events.firebasestorage.app', 'it starts with gs://'],
        ['Pitch_Logos', 'a bucket name has lower-case letters'],
        ['my-google-bucket', 'it starts with "goog" or contains "google"'],
        ['ab', 'it is 2 characters long'],
      ])('refuses %s', (bucket, problem) => {
        expect(messages(failures(withBucket(bucket)))).toEqual([
          expect.stringMatching(
            new RegExp(
              `^VITE_FIREBASE_STORAGE_BUCKET in \\.env\\.production\\.local is not a bucket name: ${problem.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`,
            ),
          ),
        ]);
      });

      it("refuses another project's default bucket", () => {
        expect(messages(failures(withBucket('other-project.firebasestorage.app')))).toEqual([
          `VITE_FIREBASE_STORAGE_BUCKET (other-project.firebasestorage.app) is the default bucket of other-project, not of ${PROJECT}`,
        ]);
      });
    });

    describe('App Check', () => {
      it('notes that App Check is off when no site key is set, without failing', () => {
        const findings = preflightWith((dir) => edit(appEnvFile(dir), withoutLine('VITE_APP_CHECK_SITE_KEY')));
        expect(failures(findings)).toEqual([]);
        expect(notes(findings)).toEqual([
          {
            ok: true,
            note: true,
            message: 'App Check is off: VITE_APP_CHECK_SITE_KEY is not set in .env.production.local',
            fix: 'docs/deploying.md#app-check',
          },
        ]);
      });

      it('reports a site key that is not one', () => {
        const findings = failures(
          preflightWith((dir) =>
            edit(appEnvFile(dir), setLine('VITE_APP_CHECK_SITE_KEY', '6LcA1b2C3d4E5f6G7h8I9j0K lMnOpQrStUvWxYz')),
          ),
        );
        expect(findings).toEqual([
          {
            ok: false,
            message:
              'VITE_APP_CHECK_SITE_KEY in .env.production.local is not a reCAPTCHA site key (40 letters, digits, - or _; got 40 characters)',
            fix: 'docs/deploying.md#app-check',
          },
        ]);
      });
    });
  });

  describe('the Functions params and secret', () => {
    it.each(['SMTP_HOST', 'SMTP_FROM'])('reports %s, which has no default, missing', (key) => {
      const findings = failures(preflightWith((dir) => edit(paramsFile(dir), withoutLine(key))));
      expect(findings).toEqual([
        {
          ok: false,
          message: `${key} has no value (no default): set it in functions/.env.${PROJECT}`,
          fix: 'docs/deploying.md#mail-and-matching-settings',
        },
      ]);
    });

    it.each(['ORGANISATION_NAME', 'CONTACT_EMAIL'])('reports %s left to its demo default', (key) => {
      const findings = failures(preflightWith((dir) => edit(paramsFile(dir), withoutLine(key))));
      expect(messages(findings)).toEqual([expect.stringContaining(`${key} would be its demo default`)]);
    });

    it("names the project id's params file when there is none, also before an alias exists", () => {
      const findings = failures(
        preflightWith((dir) => {
          rmSync(paramsFile(dir));
          writeFileSync(path.join(dir, '.firebaserc'), JSON.stringify({ projects: { default: 'demo-pitch-live' } }));
        }),
      );
      expect(messages(findings)).toContain(`SMTP_HOST has no value (no default): set it in functions/.env.${PROJECT}`);
    });

    it('notes the params the deploy will ask for, which it would write into the same file', () => {
      const findings = preflightWith((dir) =>
        edit(paramsFile(dir), (t) => withoutLine('CONTACT_LAST_NAME')(withoutLine('APP_URL')(t))),
      );
      expect(failures(findings)).toEqual([]);
      expect(messages(notes(findings))).toEqual([
        `firebase deploy will ask for APP_URL, CONTACT_LAST_NAME (offering the defaults) and write the answers into functions/.env.${PROJECT}: list them there to deploy without questions`,
      ]);
    });

    it('fails when the alias file and the project id file both exist, naming both and the fix', () => {
      const findings = failures(
        preflightWith((dir) => writeFileSync(path.join(dir, 'functions', '.env.live'), 'SMTP_PORT=587\n')),
      );
      expect(findings).toEqual([
        {
          ok: false,
          message:
            `Both functions/.env.live and functions/.env.${PROJECT} exist: firebase deploy refuses to deploy with both ("Can't have both dotenv files"). ` +
            `Move the lines of functions/.env.live into functions/.env.${PROJECT} and delete functions/.env.live`,
          fix: 'docs/deploying.md#mail-and-matching-settings',
        },
      ]);
    });

    it("fails on a params file named after the alias alone, which the deploy's first question turns into two", () => {
      const findings = failures(preflightWith((dir) => renameSync(paramsFile(dir), path.join(dir, 'functions', '.env.live'))));
      expect(messages(findings)).toEqual([
        `functions/.env.live is named after the alias: firebase deploy reads it only with --project live, and writes any param it asks for into functions/.env.${PROJECT}, which then stops every deploy. Rename it to functions/.env.${PROJECT}`,
      ]);
    });

    it('reads functions/.env, shared by every project, under the project file', () => {
      const findings = preflightWith((dir) => {
        writeFileSync(path.join(dir, 'functions', '.env'), dotenv({ ...FUNCTIONS_ENV, SMTP_HOST: '' }));
        writeFileSync(paramsFile(dir), 'SMTP_HOST=smtp.polytechnic.ac.uk\n');
      });
      expect(failures(findings)).toEqual([]);
    });

    it('reports the secret written into a params file, a port that is no number and a contact that differs from the app', () => {
      const findings = failures(
        preflightWith((dir) =>
          edit(
            paramsFile(dir),
            (t) =>
              `${withoutLine('SMTP_PORT')(t)}SMTP_PASSWORD=hunter2\nSMTP_PORT=submission\nCONTACT_EMAIL=office@polytechnic.ac.uk\n`,
          ),
        ),
      );
      expect(messages(findings)).toEqual([
        `SMTP_PASSWORD is a secret: remove it from functions/.env.${PROJECT} and set it with functions:secrets:set`,
        'SMTP_PORT must be a whole number (got "submission")',
        "CONTACT_EMAIL (office@polytechnic.ac.uk) differs from the app's VITE_CONTACT_EMAIL (innovation@polytechnic.ac.uk)",
      ]);
    });

    it('reports functions that declare no secret', () => {
      const findings = failures(
        preflightWith((dir) =>
          edit(path.join(dir, 'functions', 'src', 'mail', 'transport.ts'), (t) =>
            t.replace("defineSecret('SMTP_PASSWORD')", "defineString('SMTP_PASSWORD_NAME', { default: 'x' })"),
          ),
        ),
      );
      expect(messages(findings)).toEqual(['The functions declare no secret (SMTP_PASSWORD: defineSecret)']);
    });

    describe('SMTP', () => {
      it('notes sending without a user, which relays that accept only known addresses refuse', () => {
        const findings = preflightWith((dir) => edit(paramsFile(dir), setLine('SMTP_USER', '')));
        expect(failures(findings)).toEqual([]);
        expect(notes(findings)).toEqual([
          expect.objectContaining({
            message: expect.stringMatching(/^SMTP_USER is empty: .*Use an account on port 587 or 465$/),
            fix: 'docs/deploying.md#e-mail-deliverability',
          }),
        ]);
      });

      it('notes port 25, and fails a port and TLS setting that cannot talk to each other', () => {
        expect(messages(notes(preflightWith((dir) => edit(paramsFile(dir), setLine('SMTP_PORT', '25')))))).toEqual([
          'SMTP_PORT is 25, which Google Cloud blocks for outgoing mail: use 587 or 465',
        ]);
        expect(messages(failures(preflightWith((dir) => edit(paramsFile(dir), setLine('SMTP_PORT', '465')))))).toEqual([
          'SMTP_PORT 465 speaks TLS from the start: set SMTP_SECURE=true',
        ]);
        expect(messages(failures(preflightWith((dir) => edit(paramsFile(dir), setLine('SMTP_SECURE', 'true')))))).toEqual([
          'SMTP_PORT 587 starts in plain text and upgrades (STARTTLS): set SMTP_SECURE=false',
        ]);
      });
    });
  });

  describe('APP_URL, a custom domain and the Storage CORS file', () => {
    const customDomain =
      (appUrl: string, cors = CORS) =>
      (dir: string) => {
        edit(paramsFile(dir), setLine('APP_URL', appUrl));
        writeFileSync(path.join(dir, 'storage.cors.json'), JSON.stringify(cors));
      };
    const withOrigin = (origin: string): CorsEntry[] => CORS.map((entry) => ({ ...entry, origin: [...entry.origin, origin] }));

    it('takes a custom domain in APP_URL when the CORS file lists it, with or without --domain', () => {
      const change = customDomain('https://pitch.polytechnic.ac.uk/', withOrigin('https://pitch.polytechnic.ac.uk'));
      expect(failures(preflightWith(change))).toEqual([]);
      expect(failures(preflightWith(change, undefined, { domain: 'pitch.polytechnic.ac.uk' }))).toEqual([]);
    });

    it('reports a custom domain in APP_URL that the CORS file does not list', () => {
      expect(failures(preflightWith(customDomain('https://pitch.polytechnic.ac.uk')))).toEqual([
        {
          ok: false,
          message: 'storage.cors.json does not let https://pitch.polytechnic.ac.uk GET: add them to its "origin" list',
          fix: 'docs/deploying.md#storage-cors',
        },
      ]);
    });

    it.each([
      ['http://pitch.polytechnic.ac.uk', 'APP_URL (http://pitch.polytechnic.ac.uk) must start with https://'],
      [
        'https://pitch.polytechnic.ac.uk/app',
        "APP_URL (https://pitch.polytechnic.ac.uk/app) must be the app's origin alone, with no path (https://pitch.polytechnic.ac.uk)",
      ],
      ['pitch.polytechnic.ac.uk', 'APP_URL (pitch.polytechnic.ac.uk) is not an address (https://your.domain)'],
      [
        'https://other-project.web.app',
        `APP_URL (https://other-project.web.app) is another project's Hosting address, not ${PROJECT}'s`,
      ],
    ])('reports APP_URL %s', (appUrl, message) => {
      const findings = failures(preflightWith(customDomain(appUrl, withOrigin('https://pitch.polytechnic.ac.uk'))));
      expect(findings).toEqual([{ ok: false, message, fix: 'docs/deploying.md#a-custom-domain' }]);
    });

    it('with --domain, requires APP_URL to be that domain and the CORS file to list it', () => {
      const domain = { domain: 'pitch.polytechnic.ac.uk' };
      expect(messages(failures(preflightWith(() => {}, undefined, domain)))).toEqual([
        'APP_URL is empty: with the domain https://pitch.polytechnic.ac.uk set APP_URL=https://pitch.polytechnic.ac.uk, or the e-mails link to *.web.app',
        'storage.cors.json does not let https://pitch.polytechnic.ac.uk GET: add them to its "origin" list',
      ]);
      expect(messages(failures(preflightWith(customDomain(`https://${PROJECT}.web.app`), undefined, domain)))).toContain(
        `APP_URL is https://${PROJECT}.web.app, not the domain named, https://pitch.polytechnic.ac.uk`,
      );
      expect(messages(failures(preflightWith(() => {}, undefined, { domain: 'not a domain' })))).toEqual([
        '--domain not a domain is not a domain name (for example pitch.northgate.ac.uk)',
      ]);
    });

    it("reports the project's Hosting origins missing from the CORS file, or GET not allowed", () => {
      const local = CORS.map((entry) => ({ ...entry, origin: ['http://127.0.0.1:5173', `https://${PROJECT}.web.app`] }));
      expect(messages(failures(preflightWith(customDomain('', local))))).toEqual([
        `storage.cors.json does not let https://${PROJECT}.firebaseapp.com GET: add them to its "origin" list`,
      ]);
      const putOnly = CORS.map((entry) => ({ ...entry, method: ['PUT'] }));
      expect(messages(failures(preflightWith(customDomain('', putOnly))))).toEqual([
        `storage.cors.json does not let https://${PROJECT}.web.app, https://${PROJECT}.firebaseapp.com GET: add them to its "origin" list`,
      ]);
    });

    it('notes an origin with a trailing slash, which never matches', () => {
      const findings = preflightWith(customDomain('', withOrigin('https://pitch.polytechnic.ac.uk/')));
      expect(messages(notes(findings))).toEqual([
        'storage.cors.json lists https://pitch.polytechnic.ac.uk/: an origin has no trailing slash, so this one never matches',
      ]);
    });

    it.each([
      [
        'missing',
        (dir: string) => rmSync(path.join(dir, 'storage.cors.json')),
        "storage.cors.json does not exist: the Duplicate event's logo copy needs the bucket's CORS",
      ],
      [
        'not JSON',
        (dir: string) => writeFileSync(path.join(dir, 'storage.cors.json'), '[{ origin: }]'),
        'storage.cors.json is not JSON',
      ],
      [
        'not a list',
        (dir: string) => writeFileSync(path.join(dir, 'storage.cors.json'), '{"cors": []}'),
        'storage.cors.json: it is not a JSON list of CORS entries',
      ],
      [
        'without methods',
        (dir: string) => writeFileSync(path.join(dir, 'storage.cors.json'), '[{"origin": ["*"]}]'),
        'storage.cors.json: entry 0 has no "method" list',
      ],
    ])('reports a CORS file %s', (_case, breakIt, message) => {
      expect(failures(preflightWith(breakIt))).toEqual([
        { ok: false, message: expect.stringContaining(message), fix: 'docs/deploying.md#storage-cors' },
      ]);
    });
  });

  describe('rules, indexes, location and builds', () => {
    it('reports a rules file that does not parse, with where', () => {
      const findings = failures(
        preflightWith((dir) => edit(path.join(dir, 'firestore.rules'), (t) => t.replace('allow ', 'alow '))),
      );
      expect(findings).toEqual([
        {
          ok: false,
          message: expect.stringMatching(/^firestore\.rules does not parse: .*firestore\.rules:\d+:\d+/),
          fix: 'docs/deploying.md#deploy',
        },
      ]);
    });

    it('reports a missing Storage rules file', () => {
      const findings = failures(preflightWith((dir) => rmSync(path.join(dir, 'storage.rules'))));
      expect(messages(findings)).toEqual(["storage.rules (firebase.json's storage.rules) does not exist"]);
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
      const findings = failures(preflightWith(breakIt));
      expect(messages(findings)).toEqual([expect.stringContaining(message)]);
    });

    describe("firebase.json's Firestore location and the functions' REGION", () => {
      const setLocation = (location: string, region?: string) => (dir: string) => {
        edit(path.join(dir, 'firebase.json'), (t) => t.replace('"location": "nam5"', `"location": "${location}"`));
        if (region)
          edit(path.join(dir, 'functions', 'src', 'index.ts'), (t) =>
            t.replace("const REGION = 'us-central1'", `const REGION = '${region}'`),
          );
      };

      it.each([
        ['eur3', 'europe-west1'],
        ['europe-west2', 'europe-west2'],
      ])('takes %s with REGION %s', (location, region) => {
        expect(failures(preflightWith(setLocation(location, region)))).toEqual([]);
      });

      it('reports a REGION that does not suit the location', () => {
        expect(failures(preflightWith(setLocation('eur3')))).toEqual([
          {
            ok: false,
            message: "The functions' REGION is us-central1, but firebase.json's firestore.location eur3 needs europe-west1",
            fix: 'docs/deploying.md#choose-the-functions-region',
          },
        ]);
      });

      it('reports no location, which a deploy would fill in with nam5', () => {
        const findings = failures(
          preflightWith((dir) => edit(path.join(dir, 'firebase.json'), (t) => t.replace(',\n    "location": "nam5"', ''))),
        );
        expect(findings).toEqual([
          {
            ok: false,
            message: 'firebase.json names no firestore.location: a deploy would create a missing database in nam5',
            fix: 'docs/deploying.md#create-the-database',
          },
        ]);
      });
    });

    it('reports functions that do not build', () => {
      const findings = failures(
        preflightWith((dir) =>
          writeFileSync(
            path.join(dir, 'functions', 'package.json'),
            JSON.stringify({ scripts: { build: 'node -e "process.exit(2)"' } }),
          ),
        ),
      );
      expect(messages(findings)).toEqual([expect.stringMatching(/^The functions do not build/)]);
    });

    it.each([
      [
        'no build',
        (dir: string) => rmSync(path.join(dir, 'dist'), { recursive: true }),
        'dist/ holds no build: npm run build -- --mode production',
      ],
      [
        'a build of another commit',
        (dir: string) => writeBuild(dir, { commit: '0123456789abcdef0123456789abcdef01234567' }),
        'dist/ was built from 0123456, not the checked-out',
      ],
      [
        'a build for another project',
        (dir: string) => rebuild(dir, { projectId: 'pitch-live-staging' }),
        `dist/ was built for pitch-live-staging, not live (${PROJECT}): npm run build -- --mode production`,
      ],
      [
        'a build of uncommitted changes',
        (dir: string) => rebuild(dir, { dirty: true }),
        'dist/ or the working tree has uncommitted changes: commit, then npm run build -- --mode production',
      ],
      [
        'a build of another mode',
        (dir: string) => rebuild(dir, { mode: 'staging' }),
        'dist/ was built in mode staging, not production: npm run build -- --mode production',
      ],
      [
        'a build with uncommitted changes since',
        (dir: string) => edit(path.join(dir, 'firestore.rules'), (t) => `${t}\n`),
        'dist/ or the working tree has uncommitted changes',
      ],
    ])('reports %s in dist/, linking the section with the build command', (_case, breakBuild, message) => {
      const findings = failures(preflightWith(() => {}, breakBuild));
      expect(findings).toEqual([
        { ok: false, message: expect.stringContaining(message), fix: 'docs/deploying.md#check-before-deploying' },
      ]);
    });

    describe('source maps', () => {
      const writeMap = (dir: string) => writeFileSync(path.join(dir, 'dist', 'assets', 'index-a1b2c3.js.map'), '{"version":3}');
      const ignoreMaps = (dir: string) =>
        edit(path.join(dir, 'firebase.json'), (t) => t.replace('"ignore": [', '"ignore": ["**/*.map", '));

      it('fails when Hosting would publish the .map files of dist/', () => {
        const findings = failures(preflightWith(() => {}, writeMap));
        expect(findings).toEqual([
          {
            ok: false,
            message: `Hosting would publish 1 source map(s) (assets/index-a1b2c3.js.map): add "**/*.map" to firebase.json's hosting.ignore`,
            fix: 'docs/deploying.md#source-maps',
          },
        ]);
      });

      it("passes hidden source maps: .map files that firebase.json's hosting.ignore keeps back", () => {
        const findings = preflightWith(ignoreMaps, writeMap);
        expect(failures(findings)).toEqual([]);
        expect(messages(findings)).toContain('dist/ publishes no source map');
      });

      it('fails a script or style sheet that points browsers at a source map, and not one that only mentions the words', () => {
        const pointing = (dir: string) => {
          writeFileSync(
            path.join(dir, 'dist', 'assets', 'index-a1b2c3.js'),
            'console.log("app");\n//# sourceMappingURL=index-a1b2c3.js.map\n',
          );
          mkdirSync(path.join(dir, 'dist', 'assets'), { recursive: true });
          writeFileSync(
            path.join(dir, 'dist', 'assets', 'index-d4e5f6.css'),
            'a{}\n/*# sourceMappingURL=index-d4e5f6.css.map */\n',
          );
        };
        expect(messages(failures(preflightWith(ignoreMaps, pointing)))).toEqual([
          '2 file(s) in dist/ point browsers at a source map (assets/index-a1b2c3.js, assets/index-d4e5f6.css): build with hidden source maps',
        ]);
        const mentioning = (dir: string) =>
          writeFileSync(path.join(dir, 'dist', 'assets', 'index-a1b2c3.js'), 'const s = "//# sourceMappingURL=";\n');
        expect(failures(preflightWith(ignoreMaps, mentioning))).toEqual([]);
      });
    });
  });

  it('keeps a committed change found by git (the copies are repositories of their own)', () => {
    const dir = projects.copy();
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(readFileSync(path.join(dir, 'functions', `.env.${PROJECT}`), 'utf8')).toBe(dotenv(FUNCTIONS_ENV));
  });
});
