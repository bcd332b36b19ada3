// `npm start`: the whole app on this machine. Starts the local backend (queries need their
// indexes, as in production) and the Auth emulator, loads the demo data set into an empty store,
// starts MailDev (an SMTP catcher with a web inbox) and the worker that runs the server reactions
// against them (DECISIONS.md, "Where the server reactions run"), then serves the app with Vite
// pointed at them. Ctrl-C stops everything.

import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { MailDev } from 'maildev';
import { createServer } from 'vite';
import { closeOnSignals, describeEmulators, startEmulators } from '../backend/src/cli.js';
import { loadConfig, repoRoot } from '../backend/src/config.js';
import { startWorker } from '../functions/src/local/worker.js';
import { createMailer, mailSettingsFromEnv } from '../functions/src/mail/transport.js';

const demoData = path.join(repoRoot, 'backend/demo/demoData.json');

/**
 * MailDev's addresses: its own default ports, on this machine only. Constants rather than
 * firebase.json, whose `emulators` section the Firebase tools check against a fixed list.
 */
const MAIL = { host: '127.0.0.1', smtpPort: 1025, webPort: 1080 } as const;

type Stop = () => Promise<void>;

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

async function main(): Promise<void> {
  const config = loadConfig();
  console.log('Starting the local backend…');
  const emulators = await startEmulators({
    config,
    importFile: demoData,
    requireIndexes: true,
    log: (line) => console.log(line),
  });

  // Vite passes VITE_* variables of its own environment to the app.
  Object.assign(process.env, emulators.env, {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: emulators.projectId,
    VITE_FIRESTORE_EMULATOR_HOST: emulators.env.FIRESTORE_EMULATOR_HOST,
    VITE_STORAGE_EMULATOR_HOST: emulators.env.FIREBASE_STORAGE_EMULATOR_HOST,
    VITE_AUTH_EMULATOR_HOST: emulators.env.FIREBASE_AUTH_EMULATOR_HOST,
  });

  // Stopped in reverse order: the worker before the backend it listens to.
  const stops: Stop[] = [() => emulators.close()];
  const stopAll = async (): Promise<void> => {
    for (const stop of stops.reverse()) await stop();
  };
  let vite;
  try {
    stops.push(await startMailDev(config.dataDir));
    stops.push(startLocalWorker(emulators.projectId));
    vite = await createServer({ root: repoRoot, configFile: path.join(repoRoot, 'vite.config.ts') });
    await vite.listen();
  } catch (error) {
    await stopAll();
    throw error;
  }

  console.log('');
  for (const line of describeEmulators(emulators)) console.log(line);
  console.log(`Mail inbox  http://${MAIL.host}:${MAIL.webPort}`);
  console.log(`Mail SMTP   ${MAIL.host}:${MAIL.smtpPort}`);
  console.log(`Data        ${config.dataDir}`);
  const urls = vite.resolvedUrls?.local ?? [];
  console.log(`\nThe app:    ${urls[0] ?? 'http://127.0.0.1:5173/'}`);
  console.log('Demo admin: admin@example.edu / pitch-live-demo');
  console.log('Press Ctrl-C to stop.');

  const server = vite;
  closeOnSignals(async () => {
    await server.close();
    await stopAll();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
