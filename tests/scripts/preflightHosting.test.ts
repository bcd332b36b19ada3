// `npm run preflight` on the Hosting site the app is served from (firebase.json's site, a target
// of .firebaserc, or the default site taken to be named after the project, and said so), its
// addresses against APP_URL and the Storage CORS file, and what it names at the end for the
// console: the Email link sign-in method and the authorised domains the e-mails' links need.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, preflight } from '../../scripts/preflight';
import {
  CORS,
  PROJECT,
  commitAndBuild,
  edit,
  failures,
  messages,
  paramsFile,
  preflightProjects,
  setLine,
} from '../support/preflightProject';

const projects = preflightProjects();
const { preflightWith } = projects;
beforeAll(projects.setUp);
afterAll(projects.tearDown);

const SITE = 'pitch-live-events-app';

/** firebase.json's hosting section with `fields` added. */
const hostingWith = (dir: string, fields: Record<string, string>) =>
  edit(path.join(dir, 'firebase.json'), (text) => {
    const config = JSON.parse(text) as { hosting: Record<string, unknown> };
    return JSON.stringify({ ...config, hosting: { ...config.hosting, ...fields } }, null, 2);
  });

/** The CORS file listing the local origins, `site`'s Hosting ones and `more`, and `APP_URL` set. */
const servedFrom = (dir: string, site: string, appUrl: string, more: string[] = []) => {
  const origins = [`https://${site}.web.app`, `https://${site}.firebaseapp.com`, ...more];
  const cors = CORS.map((entry) => ({ ...entry, origin: [...entry.origin.filter((o) => o.startsWith('http:')), ...origins] }));
  writeFileSync(path.join(dir, 'storage.cors.json'), JSON.stringify(cors));
  edit(paramsFile(dir), setLine('APP_URL', appUrl));
};

describe('npm run preflight: the Hosting site', () => {
  it('takes the default site to be named after the project when firebase.json names none, and says so', () => {
    const findings = preflightWith(() => {});
    expect(failures(findings)).toEqual([]);
    expect(messages(findings)).toContain(
      `Hosting site ${PROJECT}, taken to be the project's default site named after the project (firebase.json names no site or target): the addresses checked below assume it`,
    );
  });

  describe("firebase.json's hosting.site", () => {
    it('checks the CORS file and APP_URL against that site, not the project id', () => {
      const findings = failures(preflightWith((dir) => hostingWith(dir, { site: SITE })));
      expect(messages(findings)).toEqual([
        `APP_URL is empty: the e-mails would link to https://${PROJECT}.web.app, but the app is served from the site ${SITE}: set APP_URL=https://${SITE}.web.app`,
        `storage.cors.json does not let https://${SITE}.web.app, https://${SITE}.firebaseapp.com GET: add them to its "origin" list`,
      ]);
      expect(findings.map((f) => f.fix)).toEqual(['docs/deploying.md#a-custom-domain', 'docs/deploying.md#storage-cors']);
    });

    it("passes with APP_URL on the site's address and the CORS file listing it", () => {
      const findings = preflightWith((dir) => {
        hostingWith(dir, { site: SITE });
        servedFrom(dir, SITE, `https://${SITE}.web.app`);
      });
      expect(failures(findings)).toEqual([]);
      expect(messages(findings)).toContain(`Hosting site ${SITE} (firebase.json's hosting.site)`);
    });

    it("reports APP_URL on the project id's address, which this site does not serve", () => {
      const findings = failures(
        preflightWith((dir) => {
          hostingWith(dir, { site: SITE });
          servedFrom(dir, SITE, `https://${PROJECT}.web.app`);
        }),
      );
      expect(messages(findings)).toEqual([
        `APP_URL (https://${PROJECT}.web.app) is another site's Hosting address, not ${SITE}'s`,
      ]);
    });
  });

  describe("firebase.json's hosting.target", () => {
    const withTarget = (sites: string[]) => (dir: string) => {
      hostingWith(dir, { target: 'app' });
      edit(path.join(dir, '.firebaserc'), (text) =>
        JSON.stringify({ ...JSON.parse(text), targets: { [PROJECT]: { hosting: { app: sites } } } }),
      );
      servedFrom(dir, SITE, `https://${SITE}.web.app`);
    };

    it(".firebaserc's site for the project", () => {
      const findings = preflightWith(withTarget([SITE]));
      expect(failures(findings)).toEqual([]);
      expect(messages(findings)).toContain(`Hosting site ${SITE} (target app in .firebaserc)`);
    });

    it.each([
      [[], `maps it to no site for ${PROJECT}`],
      [[SITE, 'another-site'], `maps it to several sites (${SITE}, another-site)`],
    ])('reports a target that .firebaserc maps to %j', (sites, problem) => {
      expect(failures(preflightWith(withTarget(sites)))).toContainEqual({
        ok: false,
        message: `firebase.json's hosting.target is app, but .firebaserc ${problem}: npx firebase target:apply hosting app <site id> --project ${PROJECT}`,
        fix: 'docs/deploying.md#create-the-project-and-the-web-app',
      });
    });
  });
});

describe('npm run preflight: what it names for the console', () => {
  it('names Email link sign-in and the authorised domains the links need, APP_URL among them', () => {
    const dir = projects.copy();
    servedFrom(dir, PROJECT, 'https://pitch.polytechnic.ac.uk', ['https://pitch.polytechnic.ac.uk']);
    commitAndBuild(dir);
    const { findings, notChecked } = preflight({ root: dir, project: PROJECT });
    expect(failures(findings)).toEqual([]);
    expect(notChecked).toEqual([
      'Email link (passwordless sign-in) turned on under Authentication, Sign-in method, Email/Password: every sign-in link of the result e-mails needs it',
      `${PROJECT}.web.app, ${PROJECT}.firebaseapp.com and pitch.polytechnic.ac.uk among the authorised domains (Authentication, Settings, Authorized domains): the e-mails' sign-in links continue to pitch.polytechnic.ac.uk (APP_URL)`,
      "the SMTP_PASSWORD secret's value",
      'the CORS file applied to the bucket',
      "the database's actual location",
      'the Blaze plan',
      `the default Hosting site's id being the project id, ${PROJECT}, as assumed above`,
    ]);
  });

  it("names the site's domains alone, and no assumption, for a site firebase.json names", () => {
    const dir = projects.copy();
    hostingWith(dir, { site: SITE });
    servedFrom(dir, SITE, `https://${SITE}.web.app`);
    commitAndBuild(dir);
    const { notChecked } = preflight({ root: dir, project: PROJECT });
    expect(notChecked).toContain(
      `${SITE}.web.app and ${SITE}.firebaseapp.com among the authorised domains (Authentication, Settings, Authorized domains): the e-mails' sign-in links continue to ${SITE}.web.app (APP_URL)`,
    );
    expect(notChecked.join('\n')).not.toContain('as assumed');
  });

  it('prints them after the findings, also when ready to deploy', () => {
    const out: string[] = [];
    const args = ['--project', PROJECT, '--mode', 'production'];
    const code = cli(args, projects.copy(), { out: (line) => out.push(line), err: () => {} });
    const text = out.join('\n');
    expect(text).toContain(
      '\nNot checked offline (docs/deploying.md#check-before-deploying):\n  - Email link (passwordless sign-in) turned on',
    );
    expect(text).toContain(`  - ${PROJECT}.web.app and ${PROJECT}.firebaseapp.com among the authorised domains`);
    expect(out).toContain(`\nReady to deploy to live (${PROJECT}).`);
    expect(code).toBe(0);
  });
});
