// What `npm start` and `npm run serve` both run the app against: the local backend (queries need
// their indexes, as in production) and the Auth emulator with the demo data set loaded into an
// empty store, MailDev (an SMTP catcher with a web inbox) and the Cloud Functions in
// firebase-tools' Functions emulator, on the backend's document events (DECISIONS.md, "Where the
// server reactions run"). They differ only in how they serve the app: Vite's dev server, or the
// production build on the Hosting emulator.

import path from 'node:path';
import { MailDev } from 'maildev';
import { describeEmulators, importDataset, startEmulators, type RunningEmulators } from '../backend/src/cli.js';
import { loadConfig, repoRoot } from '../backend/src/config.js';
import { localFunctionParams, startFunctionsEmulator, type RunningFunctionsEmulator } from './functions/emulator.js';
import { freePort } from './hosting/emulator.js';
import { localAppSettings } from './hosting/build.js';
import type { LocalBackend } from './hosting/headers.js';

const demoData = path.join(repoRoot, 'backend/demo/demoData.json');

/**
 * MailDev's addresses: its own default ports, on this machine only. Constants rather than
 * firebase.json, whose `emulators` section the Firebase tools check against a fixed list.
 */
const MAIL = { host: '127.0.0.1', smtpPort: 1025, webPort: 1080 } as const;

type Stop = () => Promise<void>;

const address = ({ host, port }: { host: string; port: number }) => `${host}:${port}`;

/** MailDev, keeping its mails in the data folder; STARTTLS off, as it has no trusted certificate. */
async function startMailDev(dataDir: string): Promise<Stop> {
  const maildev = new MailDev({
    ip: MAIL.host,
    smtp: MAIL.smtpPort,
    webIp: MAIL.host,
    web: MAIL.webPort,
    hideExtensions: ['STARTTLS'],
    mailDirectory: path.join(dataDir, 'mail'),
    silent: true,
  });
  await maildev.start();
  return () => maildev.stop();
}

/** The Functions emulator's lines, prefixed, as it prints them. */
const functionsLog = (line: string) => console.log(`[functions] ${line}`);

/**
 * The Cloud Functions on the backend, from their deploy archive (built when stale, packed as
 * `firebase deploy` packs them, installed from their own lockfile): started while the backend
 * starts (loading firebase-tools and discovering the codebase take seconds), registered before
 * the demo data is loaded, so that its writes start the reactions as production's first writes
 * would (rosters, the invite e-mail).
 */
async function startFunctions(config: ReturnType<typeof loadConfig>, port: number): Promise<RunningFunctionsEmulator> {
  return startFunctionsEmulator({
    projectId: config.projectId,
    firestore: `${config.firestore.host}:${config.firestore.port}`,
    auth: `${config.auth.host}:${config.auth.port}`,
    storage: `${config.storage.host}:${config.storage.port}`,
    port,
    pointBackend: false,
    params: localFunctionParams({ smtpPort: MAIL.smtpPort }),
    log: functionsLog,
  });
}

export interface LocalServices {
  projectId: string;
  /** The emulators' addresses (host:port), for the served app's Content-Security-Policy. */
  backend: LocalBackend;
  /** The app's VITE_* settings for these services (Vite passes its environment's to the app). */
  appEnv: Record<string, string>;
  /** Lines that say where each service is, for the start-up output. */
  describe(): string[];
  /** The Functions emulator's address and the functions it loaded. */
  functions: RunningFunctionsEmulator;
  /** Stops everything, the functions before the backend that calls them. */
  close(): Promise<void>;
}

export async function startLocalServices(): Promise<LocalServices> {
  const config = loadConfig();
  console.log('Starting the local backend and the Cloud Functions…');
  const functionsPort = await freePort();
  const functionsStarting = startFunctions(config, functionsPort);
  const backendStarting = startEmulators({
    config,
    requireIndexes: true,
    // Downloads follow storage.cors.json, which lists the origins of npm start and npm run serve.
    bucketCorsFile: config.bucketCorsFile,
    functionsEmulator: `127.0.0.1:${functionsPort}`,
    log: (line) => console.log(line),
  });
  const [backendStart, functionsStart] = await Promise.allSettled([backendStarting, functionsStarting]);
  const stops: Stop[] = [];
  const close = async (): Promise<void> => {
    for (const stop of stops.reverse()) await stop();
  };
  if (backendStart.status === 'fulfilled') stops.push(() => backendStart.value.close());
  if (functionsStart.status === 'fulfilled') stops.push(() => functionsStart.value.stop());
  if (backendStart.status === 'rejected' || functionsStart.status === 'rejected') {
    await close();
    throw backendStart.status === 'rejected' ? backendStart.reason : (functionsStart as PromiseRejectedResult).reason;
  }
  const emulators: RunningEmulators = backendStart.value;
  const functions = (functionsStart as PromiseFulfilledResult<RunningFunctionsEmulator>).value;
  try {
    // MailDev first: the demo data's invite is mailed as soon as it is written.
    stops.splice(1, 0, await startMailDev(config.dataDir));
    await importDataset(emulators, demoData, (line) => console.log(line));
  } catch (error) {
    await close();
    throw error;
  }
  // The admin SDK in this process (scripts that share it) reaches the emulators through these.
  Object.assign(process.env, emulators.env);
  const backend = { firestore: address(emulators.firestore), auth: address(emulators.auth), storage: address(emulators.storage) };
  return {
    projectId: emulators.projectId,
    backend,
    appEnv: localAppSettings(emulators.projectId, backend),
    functions,
    describe: () => [
      ...describeEmulators(emulators),
      `Functions   http://${functions.address}  (${functions.functions.map((fn) => fn.name).join(', ')})`,
      `Mail inbox  http://${MAIL.host}:${MAIL.webPort}`,
      `Mail SMTP   ${MAIL.host}:${MAIL.smtpPort}`,
      `Data        ${config.dataDir}`,
    ],
    close,
  };
}
