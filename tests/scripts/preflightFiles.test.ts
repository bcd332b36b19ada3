// `npm run preflight` on the files a deploy reads besides the settings, each broken in turn in a
// copy of a complete configuration: APP_URL and a custom domain against the Storage CORS file,
// the rules and indexes, firebase.json's database location against the functions' region, the
// functions' build, and the hosting build in dist/ with its source maps.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CORS,
  PROJECT,
  edit,
  failures,
  messages,
  notes,
  paramsFile,
  preflightProjects,
  rebuild,
  setLine,
  writeBuild,
  type CorsEntry,
} from '../support/preflightProject';

const projects = preflightProjects();
const { preflightWith } = projects;
beforeAll(projects.setUp);
afterAll(projects.tearDown);

describe('npm run preflight', () => {
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
        `APP_URL (https://other-project.web.app) is another site's Hosting address, not ${PROJECT}'s`,
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
          preflightWith((dir) =>
            edit(path.join(dir, 'firebase.json'), (text) => {
              const config = JSON.parse(text) as { firestore: Record<string, unknown> };
              delete config.firestore.location;
              return JSON.stringify(config, null, 2);
            }),
          ),
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
            JSON.stringify({ main: 'lib/index.js', scripts: { build: 'node -e "process.exit(2)"', 'gcp-build': '' } }),
          ),
        ),
      );
      expect(messages(findings)).toEqual([expect.stringMatching(/^The functions do not build/)]);
    });

    describe("the functions' deploy archive, packed as firebase deploy packs it", () => {
      const functionsFile = (dir: string, file: string) => path.join(dir, 'functions', file);

      it('reports a file the entry point reaches that an ignore entry leaves out', () => {
        const findings = failures(
          preflightWith((dir) =>
            edit(path.join(dir, 'firebase.json'), (text) => text.replace('"tsconfig.json"]', '"tsconfig.json", "region.js"]')),
          ),
        );
        expect(findings).toEqual([
          {
            ok: false,
            message: expect.stringMatching(
              /^The functions' deploy archive would not run: lib\/region\.js, which lib\/index\.js imports, is not in the archive/,
            ),
            fix: 'docs/deploying.md#deploy',
          },
        ]);
      });

      it('reports a codebase without its own lockfile', () => {
        const findings = failures(preflightWith((dir) => rmSync(functionsFile(dir, 'package-lock.json'))));
        expect(messages(findings)).toEqual([
          expect.stringMatching(/functions\/package-lock\.json is missing: Cloud Build would install/),
        ]);
      });

      it('reports a build script Cloud Build would run without the sources', () => {
        const findings = failures(
          preflightWith((dir) =>
            edit(functionsFile(dir, 'package.json'), (text) =>
              JSON.stringify({ ...JSON.parse(text), scripts: { build: 'node -e ""' } }),
            ),
          ),
        );
        expect(messages(findings)).toEqual([expect.stringMatching(/has a build script and no gcp-build/)]);
      });
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
      /** firebase.json's hosting.ignore: Firebase's usual list, and the .map files when `maps` is false. */
      const ignoring =
        ({ maps }: { maps: boolean }) =>
        (dir: string) =>
          edit(path.join(dir, 'firebase.json'), (text) => {
            const config = JSON.parse(text) as { hosting: { ignore: string[] } };
            config.hosting.ignore = ['firebase.json', '**/.*', '**/node_modules/**', ...(maps ? ['**/*.map'] : [])];
            return JSON.stringify(config, null, 2);
          });
      const ignoreMaps = ignoring({ maps: true });

      it('fails when Hosting would publish the .map files of dist/', () => {
        const findings = failures(preflightWith(ignoring({ maps: false }), writeMap));
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
});
