// Where the smoke check looks: a deployment's production addresses by default (its Hosting site,
// Google's Firestore, Auth, Storage and Cloud Functions APIs), or this machine's services where the
// standard emulator variables and the options name them (the Hosting emulator's URL, the Functions
// emulator's hub), as `npm run serve` and the tests run them. Each check says which services it
// needs, so that a demo project (which never reaches Firebase) is refused unless those are local.

import type { CheckId } from './findings.js';

export interface SmokeServices {
  /** The app's origin, e.g. https://northgate-pitch-live.web.app. */
  hosting: string;
  /** Whether `hosting` is on this machine (the Hosting emulator, whose policy names the emulators). */
  hostingLocal: boolean;
  /** host:port of each emulator; null: production. */
  firestore: string | null;
  auth: string | null;
  storage: string | null;
  functions: string | null;
}

/** What went wrong with the command line or its settings: printed with the usage, exit 2. */
export class UsageError extends Error {}

export const FIRESTORE_API = 'https://firestore.googleapis.com';
export const STORAGE_API = 'https://firebasestorage.googleapis.com';

/** The variables the emulators' clients read (firebase-admin among them). */
export const EMULATOR_VARIABLES = {
  firestore: 'FIRESTORE_EMULATOR_HOST',
  auth: 'FIREBASE_AUTH_EMULATOR_HOST',
  storage: 'FIREBASE_STORAGE_EMULATOR_HOST',
} as const;

const HOST_PORT = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/;

function hostPort(value: string | undefined, what: string): string | null {
  if (value === undefined || value === '') return null;
  const trimmed = value.trim().replace(/^https?:\/\//, '');
  if (!HOST_PORT.test(trimmed)) throw new UsageError(`${what} must be host:port (127.0.0.1:8080), not "${value}".`);
  return trimmed;
}

export const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/** An http(s) address's origin (no path), or a UsageError naming the option. */
export function originOf(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${what} must be an address such as https://northgate-pitch-live.web.app, not "${value}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`${what} must start with https:// or http://.`);
  return url.origin;
}

export interface ServiceOptions {
  /** --hosting: the app's address; default https://<site>.web.app. */
  hosting?: string;
  /** --functions: the Functions emulator's hub (host:port); default the Cloud Functions API. */
  functions?: string;
}

/** The addresses to check, from the options and the emulator variables of `env`. */
export function resolveServices(options: ServiceOptions, env: NodeJS.ProcessEnv, defaultHosting: string): SmokeServices {
  const hosting = originOf(options.hosting ?? defaultHosting, '--hosting');
  return {
    hosting,
    hostingLocal: isLoopback(new URL(hosting).hostname),
    firestore: hostPort(env[EMULATOR_VARIABLES.firestore], EMULATOR_VARIABLES.firestore),
    auth: hostPort(env[EMULATOR_VARIABLES.auth], EMULATOR_VARIABLES.auth),
    storage: hostPort(env[EMULATOR_VARIABLES.storage], EMULATOR_VARIABLES.storage),
    functions: hostPort(options.functions, '--functions'),
  };
}

/** What would send a check to production: the services it needs that no option or variable points at this machine. */
export function productionServicesOf(check: CheckId, services: SmokeServices): string[] {
  switch (check) {
    case 'routes':
    case 'missing-file':
      return services.hostingLocal ? [] : ['Hosting (--hosting http://127.0.0.1:<port>)'];
    case 'rules':
      return services.firestore ? [] : [`Firestore (${EMULATOR_VARIABLES.firestore})`];
    case 'functions':
      return services.functions ? [] : ['Cloud Functions (--functions <host:port> of the Functions emulator)'];
    case 'sign-in-link':
      return services.auth ? [] : [`Auth (${EMULATOR_VARIABLES.auth})`];
    case 'storage-cors':
      return services.storage ? [] : [`Storage (${EMULATOR_VARIABLES.storage})`];
    default: {
      const unknown: never = check;
      throw new Error(`Unknown check ${String(unknown)}`);
    }
  }
}

/** One line per service the run talks to, for the report's head. */
export function describeServices(services: SmokeServices, bucket: string): string[] {
  const local = (address: string | null, variable: string) => (address ? `http://${address} (${variable})` : null);
  return [
    `Hosting    ${services.hosting}${services.hostingLocal ? ' (this machine: the policy expected names the emulators)' : ''}`,
    `Firestore  ${local(services.firestore, EMULATOR_VARIABLES.firestore) ?? FIRESTORE_API}`,
    `Auth       ${local(services.auth, EMULATOR_VARIABLES.auth) ?? 'Google, with Application Default Credentials'}`,
    `Storage    ${local(services.storage, EMULATOR_VARIABLES.storage) ?? STORAGE_API}, bucket ${bucket}`,
    `Functions  ${services.functions ? `the Functions emulator at http://${services.functions}` : 'the Cloud Functions API, with Application Default Credentials'}`,
  ];
}
