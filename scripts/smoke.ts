// `npm run smoke -- --project <alias or id>`: after a deploy, checks the deployment from outside,
// reading only, or writing a scratch document it removes: each app route answers with the app and
// firebase.json's security headers, a missing file answers 404, the rules refuse an anonymous
// write, every exported function is deployed, an e-mail sign-in link to APP_URL can be made, and
// the bucket lets the Hosting origins download. Each finding names the section of
// docs/deploying.md that fixes it; exits 1 when any check fails, 2 on a wrong command line.
// Production's addresses by default; the standard emulator variables, --hosting and --functions
// point it at this machine's services (`npm run serve`, the tests).

import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { readHostingSection } from './hosting/emulator.js';
import { deployAliases, targetName } from './preflight/target.js';
import { checkAnonymousWrite } from './smoke/anonymousWrite.js';
import {
  anchorOf,
  CHECK_IDS,
  CHECKS,
  failed,
  guideSections,
  messageOf,
  SMOKE_SECTION,
  type CheckId,
  type SmokeFinding,
} from './smoke/findings.js';
import { checkFunctions } from './smoke/functions.js';
import { checkMissingFile, checkRoutes } from './smoke/hosting.js';
import { planSmoke, type SmokePlan } from './smoke/plan.js';
import { describeServices, EMULATOR_VARIABLES, UsageError } from './smoke/services.js';
import { checkSignInLink } from './smoke/signInLink.js';
import { checkStorageCors } from './smoke/storageCors.js';

/**
 * Runs `fn` with firebase-admin pointed where the plan says: it finds the emulators only through
 * their variables, so they are set (or cleared, for production) for the run and restored after.
 */
async function withAdminApp<T>(plan: SmokePlan, fn: (app: () => App) => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  const set = (name: string, value: string | null) => {
    if (value === null) delete process.env[name];
    else process.env[name] = value;
  };
  set(EMULATOR_VARIABLES.firestore, plan.services.firestore);
  set(EMULATOR_VARIABLES.auth, plan.services.auth);
  // On this machine only: no probing of Google Cloud's metadata server for credentials.
  if (plan.services.firestore && plan.services.auth) process.env.METADATA_SERVER_DETECTION ??= 'none';
  let app: App | null = null;
  const lazyApp = () =>
    (app ??= initializeApp({ projectId: plan.target.projectId }, `smoke-check-${randomBytes(4).toString('hex')}`));
  try {
    return await fn(lazyApp);
  } finally {
    if (app) await deleteApp(app);
    for (const name of [EMULATOR_VARIABLES.firestore, EMULATOR_VARIABLES.auth, 'METADATA_SERVER_DETECTION'])
      set(name, saved[name] ?? null);
  }
}

/** Runs the plan's checks side by side; their findings in the checks' order. */
export async function runSmoke(plan: SmokePlan): Promise<SmokeFinding[]> {
  const { root, services } = plan;
  const { projectId } = plan.target;
  return withAdminApp(plan, async (app) => {
    const section = await readHostingSection(root);
    const run: Record<CheckId, () => Promise<SmokeFinding[]>> = {
      routes: () => checkRoutes(section, services),
      'missing-file': () => checkMissingFile(services),
      rules: () => checkAnonymousWrite(projectId, services, () => getFirestore(app())),
      functions: () => checkFunctions(root, projectId, services),
      'sign-in-link': () => checkSignInLink(() => getAuth(app()), plan.appUrl),
      'storage-cors': () => checkStorageCors(services, plan.bucket, plan.origins),
    };
    const results = await Promise.all(
      plan.checks.map((check) =>
        run[check]().catch((error: unknown) => [failed(check, `The check itself failed: ${messageOf(error)}`, SMOKE_SECTION)]),
      ),
    );
    return results.flat();
  });
}

const USAGE =
  'Usage: npm run smoke -- --project <alias or id> [--hosting <url>] [--functions <host:port>] [--bucket <name>] [--app-url <url>] [--mode <mode>] [--only <checks>]';

const HELP = `${USAGE}

Checks a deployed project from outside, after every deploy (docs/deploying.md, "Smoke check after
every deploy"): the app's routes and security headers, a missing file's 404, the rules against an
anonymous write, the deployed functions, an e-mail sign-in link to APP_URL, the bucket's CORS.
Nothing is changed but a scratch document, removed at once should the rules let it in. Exits 0
when every check passes, 1 when any fails, 2 on a wrong command line.

  --project, -P  an alias of .firebaserc (live) or a project id. Default: the one alias of
                 .firebaserc that names no demo project, when there is one.
  --hosting      the app's address (a preview channel, a custom domain, or the Hosting emulator
                 on this machine). Default: https://<site>.web.app, the site of firebase.json's
                 hosting section (site, or target in .firebaserc), else the project id.
  --functions    host:port of firebase-tools' Functions emulator, instead of the Cloud Functions
                 API (read with Application Default Credentials).
  --bucket       the Storage bucket. Default: VITE_FIREBASE_STORAGE_BUCKET of .env.<mode>.local,
                 else <project id>.firebasestorage.app.
  --app-url      the address the e-mails' sign-in links go to. Default: APP_URL of
                 functions/.env.<project id>, else https://<project id>.web.app.
  --mode         the Vite mode whose .env.<mode>.local names the bucket. Default: the alias.
  --only         some checks, comma-separated (each is named so in the report):
                 ${CHECK_IDS.join(', ')}.
  --help, -h     this text.

The emulator variables point Firestore, Auth and Storage at this machine, as for firebase-admin:
${Object.values(EMULATOR_VARIABLES).join(', ')}.`;

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

function parseOnly(value: string | undefined): CheckId[] | undefined {
  if (value === undefined) return undefined;
  const asked = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const unknown = asked.filter((id) => !(CHECK_IDS as string[]).includes(id));
  if (asked.length === 0 || unknown.length > 0) {
    throw new UsageError(`--only takes ${CHECK_IDS.join(', ')}${unknown.length ? `, not ${unknown.join(', ')}` : ''}.`);
  }
  return CHECK_IDS.filter((id) => asked.includes(id));
}

/** The report: the findings by check, each naming its section, and the summary. Returns the exit code. */
function report(plan: SmokePlan, findings: SmokeFinding[], print: (line: string) => void): number {
  const sections = guideSections(plan.root);
  const title = (anchor: string) => sections.get(anchor) ?? anchor;
  const failedChecks: CheckId[] = [];
  for (const check of plan.checks) {
    print(`\n${CHECKS[check]} (${check})`);
    const own = findings.filter((finding) => finding.check === check);
    if (own.some((finding) => !finding.ok)) failedChecks.push(check);
    for (const finding of own) {
      const label = !finding.ok ? 'FAIL' : finding.note ? 'note' : 'ok';
      const anchor = anchorOf(finding);
      print(
        finding.ok && !finding.note
          ? `  ${label.padEnd(6)}${finding.message} [${title(anchor)}]`
          : `  ${label.padEnd(6)}${finding.message}\n        see "${title(anchor)}": ${finding.fix}`,
      );
    }
  }
  const name = targetName(plan.target);
  print(
    failedChecks.length === 0
      ? `\nAll ${plan.checks.length} checks passed: ${name} answers as deployed.`
      : `\n${failedChecks.length} of ${plan.checks.length} checks failed on ${name}: ${failedChecks.map((check) => CHECKS[check]).join('; ')}. ` +
          'Each FAIL names the section of docs/deploying.md that fixes it.',
  );
  return failedChecks.length === 0 ? 0 : 1;
}

/** The command line: prints through `io`, returns the exit code. */
export async function cli(args: string[], root: string, io: Output, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let plan: SmokePlan;
  try {
    let values: Record<string, string | boolean | undefined>;
    try {
      ({ values } = parseArgs({
        args,
        options: {
          project: { type: 'string', short: 'P' },
          hosting: { type: 'string' },
          functions: { type: 'string' },
          bucket: { type: 'string' },
          'app-url': { type: 'string' },
          mode: { type: 'string' },
          only: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      }));
    } catch (error) {
      // node:util's first sentence: "Unknown option '--x'", "Option '--hosting <value>' argument missing".
      throw new UsageError(`${(messageOf(error).split(/\.\s/)[0] ?? '').replace(/\.$/, '')}.`);
    }
    if (values.help) {
      io.out(HELP);
      return 0;
    }
    const str = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
    let project = str('project');
    if (project === undefined) {
      const aliases = deployAliases(root);
      if (aliases.length !== 1 || aliases[0] === undefined) {
        throw new UsageError(
          aliases.length === 0
            ? '.firebaserc has no alias of a real project yet: name the project with --project (docs/deploying.md#point-this-repository-at-the-project).'
            : `.firebaserc has several aliases (${aliases.join(', ')}): name one with --project.`,
        );
      }
      project = aliases[0];
      io.out(`No --project given: checking ${project}, the one alias of .firebaserc that names no demo project.`);
    }
    plan = planSmoke({
      root,
      project,
      env,
      mode: str('mode'),
      hosting: str('hosting'),
      functions: str('functions'),
      bucket: str('bucket'),
      appUrl: str('app-url'),
      only: parseOnly(str('only')),
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`smoke: ${error.message}`);
    io.err(`${USAGE}\nnpm run smoke -- --help explains each option.`);
    return 2;
  }

  io.out(`Smoke check of ${targetName(plan.target)}, from outside:`);
  for (const line of describeServices(plan.services, plan.bucket)) io.out(`  ${line}`);
  io.out(`  APP_URL    ${plan.appUrl} (${plan.appUrlSource})`);
  const findings = await runSmoke(plan);
  return report(plan, findings, io.out);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  cli(process.argv.slice(2), root, { out: (line) => console.log(line), err: (line) => console.error(line) }).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`smoke: ${messageOf(error)}`);
      process.exitCode = 1;
    },
  );
}
