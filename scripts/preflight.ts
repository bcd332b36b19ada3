// `npm run preflight -- --project <alias or id> [--mode <mode>] [--domain <domain>]`: before
// `firebase deploy`, checks offline what the deploy needs from this repository: the app's build
// settings, the Functions params and secret, the Storage CORS file, the rules and indexes, the
// database location against the functions' region, the functions' build and the archive a deploy
// packs from it, and a hosting build of
// the checked-out commit for that project that publishes no source maps. Each finding names the
// section of docs/deploying.md that fixes it; exits 1 while any must be fixed. It never talks to
// Firebase: what only the project knows (the sign-in method and authorised domains the e-mails'
// links need, the secret's value, the bucket's applied CORS, the database's actual location, the
// default Hosting site's id) it names at the end, for the deployer to look at in the console.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { checkAppSettings } from './preflight/appSettings.js';
import { fail, readJson, type FirebaseJson, type Finding } from './preflight/findings.js';
import { checkFunctionsParams } from './preflight/functionsParams.js';
import { checkHostingBuild } from './preflight/hostingBuild.js';
import { resolveHostingSite } from './preflight/hostingSite.js';
import { notCheckedOffline } from './preflight/notChecked.js';
import { checkAppUrl, checkStorageCors } from './preflight/origins.js';
import {
  checkFunctionsArchive,
  checkFunctionsBuild,
  checkIndexes,
  checkLocation,
  checkRulesFiles,
} from './preflight/projectFiles.js';
import { deployAliases, resolveTarget, targetName } from './preflight/target.js';

export type { Finding } from './preflight/findings.js';

export interface PreflightOptions {
  root: string;
  /** A .firebaserc alias or a project id, as `firebase deploy --project` takes it. */
  project: string;
  /** Vite's mode of the hosting build: its .env.<mode>.local is read. Default: production. */
  mode?: string;
  /** The custom domain the app is served from, when there is one (APP_URL must be it). */
  domain?: string;
}

export interface PreflightReport {
  findings: Finding[];
  /** What the deploy needs that only the project knows, named for the deployer to look at. */
  notChecked: string[];
}

export function preflight({ root, project, mode = 'production', domain }: PreflightOptions): PreflightReport {
  const config = readJson(path.join(root, 'firebase.json')) as FirebaseJson;
  const target = resolveTarget(root, project);
  const appEnv = loadEnv(mode, root, 'VITE_');
  const findings: Finding[] = [];
  if (target.projectId.startsWith('demo-')) {
    findings.push(
      fail(`${targetName(target)} is a demo project, which never reaches Firebase`, 'create-the-project-and-the-web-app'),
    );
  }
  const params = checkFunctionsParams(root, target, appEnv);
  const hosting = resolveHostingSite(root, config, target.projectId);
  // A target that names no site already fails; the addresses are then checked against the project's.
  const site = hosting.site ?? { id: target.projectId, assumed: false };
  const appUrl = checkAppUrl(params.appUrl, target.projectId, site.id, domain);
  findings.push(
    ...checkAppSettings(appEnv, target, mode),
    ...params.findings,
    hosting.finding,
    ...appUrl.findings,
    ...checkStorageCors(root, site.id, appUrl.customOrigin),
    ...checkRulesFiles(root, config),
    checkIndexes(root, config),
    checkLocation(root, config),
    checkFunctionsBuild(root),
    checkFunctionsArchive(root),
    ...checkHostingBuild(root, config, target, mode),
  );
  return { findings, notChecked: notCheckedOffline({ site, linkOrigin: appUrl.linkOrigin, customOrigin: appUrl.customOrigin }) };
}

export const runPreflight = (options: PreflightOptions): Finding[] => preflight(options).findings;

const USAGE = 'Usage: npm run preflight -- --project <alias or id> [--mode <mode>] [--domain <domain>]';

const HELP = `${USAGE}

Checks offline what \`firebase deploy --project <alias or id>\` needs from this repository, and
names the section of docs/deploying.md that fixes each finding. Exits 0 when ready, 1 when
anything must be fixed, 2 on a wrong command line.

  --project, -P  an alias of .firebaserc (live) or a project id (northgate-pitch-live). Default:
                 the one alias of .firebaserc that names no demo project, when there is one.
  --mode         the Vite mode the app was built in (npm run build -- --mode <mode>), whose
                 .env.<mode>.local holds the app's settings. Default: the project's alias, else
                 production.
  --domain       the custom domain the app is served from (pitch.northgate.ac.uk): APP_URL
                 must be it, and storage.cors.json must list it.
  --help, -h     this text.`;

/** Where the command line writes: the findings, and what went wrong with the command itself. */
export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The command line: prints through `io`, returns the exit code. */
export function cli(args: string[], root: string, io: Output): number {
  const print = io.out;
  let values: { project?: string; mode?: string; domain?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        project: { type: 'string', short: 'P' },
        mode: { type: 'string' },
        domain: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // node:util's message, first sentence: "Unknown option '--x'", "Option '--mode <value>' argument missing".
    const message = error instanceof Error ? (error.message.split(/\.\s/)[0] ?? error.message) : String(error);
    io.err(`preflight: ${message.replace(/\.$/, '')}. See npm run preflight -- --help`);
    return 2;
  }
  if (values.help) {
    print(HELP);
    return 0;
  }
  let project = values.project;
  if (project === undefined) {
    const aliases = deployAliases(root);
    if (aliases.length !== 1 || aliases[0] === undefined) {
      io.err(USAGE);
      io.err(
        aliases.length === 0
          ? '.firebaserc has no alias of a real project yet (docs/deploying.md#point-this-repository-at-the-project).'
          : `.firebaserc has several aliases (${aliases.join(', ')}): name one with --project.`,
      );
      return 2;
    }
    project = aliases[0];
    print(`No --project given: checking ${project}, the one alias of .firebaserc that names no demo project.`);
  }
  const target = resolveTarget(root, project);
  const mode = values.mode ?? target.alias ?? 'production';
  print(`Checking ${targetName(target)}, built in mode ${mode}${values.domain ? `, served from ${values.domain}` : ''}:`);
  const { findings, notChecked } = preflight({ root, project, mode, domain: values.domain });
  for (const finding of findings) {
    const label = !finding.ok ? 'FAIL' : finding.note ? 'note' : 'ok';
    print(`  ${label.padEnd(5)}${finding.message}${finding.ok && !finding.note ? '' : `\n       see ${finding.fix}`}`);
  }
  const failed = findings.filter((f) => !f.ok).length;
  print(
    failed === 0
      ? `\nReady to deploy to ${targetName(target)}.`
      : `\n${failed} finding(s) to fix: not ready to deploy to ${targetName(target)}.`,
  );
  print('Not checked offline (docs/deploying.md#check-before-deploying):');
  for (const item of notChecked) print(`  - ${item}`);
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  process.exitCode = cli(process.argv.slice(2), root, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
