// Runs once before the tests that need services (the `services` and `browser` projects): unless
// the environment already names emulators, starts the local backend and the Auth emulator, one
// pair for the whole run (each test file keeps its data apart under a project id of its own).
// The addresses go to the test workers through the same variables the official emulators use,
// so the suite can run against either. A second project listing this set-up finds them set and
// starts nothing more. Queries need their indexes (firebase.json's indexes file) as in production;
// a file that checks the official emulator's behaviour turns that off for its project
// (tests/support/projectIndexes.ts). A browser's downloads need their bucket's CORS configuration
// as in production: every bucket starts with storage.cors.json, and a browser test adds the origin
// it serves the app from (tests/support/bucketCors.ts). The Cloud Functions are built when their
// sources are newer than functions/lib, and staged once from their deploy archive for the run.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Stop = () => Promise<void>;

export default async function setup(): Promise<Stop> {
  const stops: Stop[] = [];
  // The suite talks to local emulators only: Google's client libraries inside firebase-admin
  // must not probe Google Cloud's metadata server (a request off this machine) for credentials.
  process.env.METADATA_SERVER_DETECTION ??= 'none';

  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_STORAGE_EMULATOR_HOST) {
    const { startBackend } = await import('../../backend/src/server.js');
    const { projectIndexes } = await import('./projectIndexes.js');
    const { projectCors } = await import('./bucketCors.js');
    const { appendFileSync, mkdirSync, writeFileSync } = await import('node:fs');
    // What the backend logs (a trigger event the functions failed or never got, an internal
    // error) goes to a file the test files read back when they fail: tests/support/reactions.ts.
    // Each run starts it afresh.
    const logFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/backend.log');
    mkdirSync(path.dirname(logFile), { recursive: true });
    writeFileSync(logFile, `${new Date().toISOString()} run started\n`);
    process.env.BACKEND_LOG_FILE = logFile;
    const backend = await startBackend({
      firestorePort: 0,
      storagePort: 0,
      indexes: projectIndexes(),
      bucketCors: projectCors(),
      log: (line) => appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`),
    });
    stops.push(() => backend.close());
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${backend.firestorePort}`;
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${backend.storagePort}`;
  }
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    const { startAuthEmulator } = await import('../../backend/src/auth/authEmulator.js');
    const authEmulator = await startAuthEmulator({ host: '127.0.0.1', port: 0, projectId: 'demo-conformance' });
    stops.push(() => authEmulator.close());
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${authEmulator.port}`;
  }

  // The tests that need the server reactions run the functions in the Functions emulator
  // (tests/support/reactions.ts) as a deploy uploads them: built and staged from their deploy
  // archive here once, before any of them starts.
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  if (!process.env.STAGED_FUNCTIONS_DIR) {
    const { stagedCodebase } = await import('../../scripts/functions/emulator.js');
    // An archive a deploy could not run fails the run with the reason, and stops what started.
    process.env.STAGED_FUNCTIONS_DIR = await stagedCodebase().catch(async (error: unknown) => {
      await stopAll();
      throw error;
    });
  }
  return stopAll;
}
