// What `npm start` and `npm run serve` both run the app against: the local backend (queries need
// their indexes, as in production) and the Auth emulator with the demo data set loaded into an
// empty store, MailDev (an SMTP catcher with a web inbox) and the worker that runs the server
// reactions against them (DECISIONS.md, "Where the server reactions run"). They differ only in
// how they serve the app: Vite's dev server, or the production build on the Hosting emulator.

import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { MailDev } from 'maildev';
import { describeEmulators, startEmulators } from '../backend/src/cli.js';
import { loadConfig, repoRoot } from '../backend/src/config.js';
import { startWorker } from '../functions/src/local/worker.js';
import { createMailer, mailSettingsFromEnv } from '../functions/src/mail/transport.js';
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

/** The worker on the local backend (FIRESTORE_EMULATOR_HOST), sending through MailDev. */
function startLocalWorker(projectId: string): Stop {
  const app = initializeApp({ projectId }, 'local-worker');
  const firestore = getFirestore(app);
  const mail = createMailer(mailSettingsFromEnv({ ...process.env, SMTP_HOST: MAIL.host, SMTP_PORT: String(MAIL.smtpPort) }));
  const worker = startWorker({ firestore, mail, log: (line) => console.log(`[worker] ${line}`) });
  return async () => {
    await worker.stop();
    mail.close();
    await firestore.terminate();
    await deleteApp(app);
  };
}

export interface LocalServices {
  projectId: string;
  /** The emulators' addresses (host:port), for the served app's Content-Security-Policy. */
  backend: LocalBackend;
  /** The app's VITE_* settings for these services (Vite passes its environment's to the app). */
  appEnv: Record<string, string>;
  /** Lines that say where each service is, for the start-up output. */
  describe(): string[];
  /** Stops everything, the worker before the backend it listens to. */
  close(): Promise<void>;
}

export async function startLocalServices(): Promise<LocalServices> {
  const config = loadConfig();
  console.log('Starting the local backend…');
  const emulators = await startEmulators({
    config,
    importFile: demoData,
    requireIndexes: true,
    // Downloads follow storage.cors.json, which lists the origins of npm start and npm run serve.
    bucketCorsFile: config.bucketCorsFile,
    log: (line) => console.log(line),
  });
  // The admin SDK in this process (the worker) reaches the emulators through these.
  Object.assign(process.env, emulators.env);

  const stops: Stop[] = [() => emulators.close()];
  const close = async (): Promise<void> => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    stops.push(await startMailDev(config.dataDir));
    stops.push(startLocalWorker(emulators.projectId));
  } catch (error) {
    await close();
    throw error;
  }
  const backend = { firestore: address(emulators.firestore), auth: address(emulators.auth), storage: address(emulators.storage) };
  return {
    projectId: emulators.projectId,
    backend,
    appEnv: localAppSettings(emulators.projectId, backend),
    describe: () => [
      ...describeEmulators(emulators),
      `Mail inbox  http://${MAIL.host}:${MAIL.webPort}`,
      `Mail SMTP   ${MAIL.host}:${MAIL.smtpPort}`,
      `Data        ${config.dataDir}`,
    ],
    close,
  };
}
