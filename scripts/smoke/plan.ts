// What a smoke check run looks at, resolved from the command line before any request is made: the
// project (an alias or an id, as `firebase deploy --project` takes them), the checks, where each
// service is (production, or this machine's emulators), the bucket, APP_URL and the origins the
// bucket must let download. A demo project must have every service it checks on this machine.

import path from 'node:path';
import { loadEnv } from 'vite';
import { readJson, type FirebaseJson } from '../preflight/findings.js';
import { checkFunctionsParams } from '../preflight/functionsParams.js';
import { resolveHostingSite, siteOrigins } from '../preflight/hostingSite.js';
import { resolveTarget, targetName, type Target } from '../preflight/target.js';
import { CHECK_IDS, type CheckId } from './findings.js';
import {
  EMULATOR_VARIABLES,
  originOf,
  productionServicesOf,
  resolveServices,
  UsageError,
  type SmokeServices,
} from './services.js';

const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;

export interface SmokeOptions {
  root: string;
  /** A .firebaserc alias or a project id, as `firebase deploy --project` takes it. */
  project: string;
  /** The Vite mode whose .env.<mode>.local names the bucket; default the alias, else production. */
  mode?: string;
  /** The app's address; default https://<site>.web.app, the Hosting site as preflight resolves it. */
  hosting?: string;
  /** host:port of the Functions emulator's hub; default the Cloud Functions API. */
  functions?: string;
  /** The Storage bucket; default the app's VITE_FIREBASE_STORAGE_BUCKET, else <project id>.firebasestorage.app. */
  bucket?: string;
  /** The address the e-mails' links go to; default APP_URL of functions/.env.<project id>. */
  appUrl?: string;
  /** The checks to run (all by default). */
  only?: CheckId[];
  /** Where the emulator variables are read (process.env by default). */
  env?: NodeJS.ProcessEnv;
}

/** What a run checks, and where: everything resolved before any request is made. */
export interface SmokePlan {
  root: string;
  target: Target;
  services: SmokeServices;
  checks: CheckId[];
  bucket: string;
  appUrl: string;
  /** Where APP_URL came from, for the report. */
  appUrlSource: string;
  /** The origins the bucket must let download. */
  origins: string[];
}

/** Resolves the options into a plan; a UsageError says what is wrong with them. */
export function planSmoke(options: SmokeOptions): SmokePlan {
  const { root, project } = options;
  const env = options.env ?? process.env;
  const target = resolveTarget(root, project);
  if (target.alias === null && !PROJECT_ID.test(target.projectId)) {
    throw new UsageError(
      `${project} is neither an alias of .firebaserc nor a project id (6-30 lowercase letters, digits and hyphens).`,
    );
  }
  const { projectId } = target;
  const checks = options.only ?? CHECK_IDS;
  // The Hosting site as preflight resolves it (firebase.json's site or target, else the project id).
  const { site, finding: siteFinding } = resolveHostingSite(
    root,
    readJson(path.join(root, 'firebase.json')) as FirebaseJson,
    projectId,
  );
  if (!site && options.hosting === undefined)
    throw new UsageError(`${siteFinding.message}; or give the app's address with --hosting.`);
  const services = resolveServices(options, env, `https://${site?.id ?? projectId}.web.app`);
  if (projectId.startsWith('demo-')) {
    const remote = [...new Set(checks.flatMap((check) => productionServicesOf(check, services)))];
    if (remote.length > 0) {
      throw new UsageError(
        `${targetName(target)} is a demo project, which has no deployment: point the checks at this machine's services. Still production: ${remote.join(', ')}.`,
      );
    }
  }
  if (services.hostingLocal && checks.includes('routes') && (!services.firestore || !services.auth || !services.storage)) {
    throw new UsageError(
      `--hosting ${services.hosting} is on this machine, where the Hosting emulator's Content-Security-Policy names the emulators: set ` +
        `${Object.values(EMULATOR_VARIABLES).join(', ')} to their addresses.`,
    );
  }

  const mode = options.mode ?? target.alias ?? 'production';
  const appEnv = loadEnv(mode, root, 'VITE_');
  const ownBucket = appEnv.VITE_FIREBASE_PROJECT_ID === projectId ? appEnv.VITE_FIREBASE_STORAGE_BUCKET : undefined;
  const bucket = options.bucket ?? (ownBucket || `${projectId}.firebasestorage.app`);

  let appUrl: string;
  let appUrlSource: string;
  const paramsUrl = checkFunctionsParams(root, target, appEnv).appUrl;
  if (options.appUrl !== undefined) {
    appUrl = originOf(options.appUrl, '--app-url');
    appUrlSource = '--app-url';
  } else if (paramsUrl !== '') {
    appUrl = originOf(paramsUrl, `APP_URL in functions/.env.${projectId}`);
    appUrlSource = `functions/.env.${projectId}`;
  } else {
    // The functions' own fallback (functions/src/mail/transport.ts); on this machine, the app served here.
    appUrl = services.hostingLocal ? services.hosting : `https://${projectId}.web.app`;
    appUrlSource = services.hostingLocal ? 'the app served here' : "APP_URL is empty: the project's web.app address";
  }
  const origins = [...new Set([services.hosting, ...(services.hostingLocal || !site ? [] : siteOrigins(site.id)), appUrl])];
  return { root, target, services, checks, bucket, appUrl, appUrlSource, origins };
}
