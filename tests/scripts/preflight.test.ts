// `npm run preflight` on a complete configuration (a temporary copy of what a deploy reads) and on
// copies with one thing broken in turn: the project named, the app's settings and the Functions
// params. Each finding names the guide's section that fixes it, and only what would break the
// deploy (not an advisory note) makes the configuration not ready.

import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPreflight } from '../../scripts/preflight';
import {
  APP_ENV,
  FUNCTIONS_ENV,
  PROJECT,
  appEnvFile,
  dotenv,
  edit,
  failures,
  messages,
  notes,
  paramsFile,
  preflightProjects,
  rebuild,
  setLine,
  withoutLine,
} from '../support/preflightProject';

const projects = preflightProjects();
const { preflightWith } = projects;
beforeAll(projects.setUp);
afterAll(projects.tearDown);

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
});
