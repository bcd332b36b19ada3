// `npm start`: the whole app on this machine. Starts the local backend and the Auth emulator,
// loads the demo data set into an empty store, then serves the app with Vite pointed at them.
// Ctrl-C stops everything.

import path from 'node:path';
import { createServer } from 'vite';
import { closeOnSignals, describeEmulators, startEmulators } from '../backend/src/cli.js';
import { loadConfig, repoRoot } from '../backend/src/config.js';

const demoData = path.join(repoRoot, 'backend/demo/demoData.json');

async function main(): Promise<void> {
  const config = loadConfig();
  console.log('Starting the local backend…');
  const emulators = await startEmulators({ config, importFile: demoData, log: (line) => console.log(line) });

  // Vite passes VITE_* variables of its own environment to the app.
  Object.assign(process.env, emulators.env, {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: emulators.projectId,
    VITE_FIRESTORE_EMULATOR_HOST: emulators.env.FIRESTORE_EMULATOR_HOST,
    VITE_STORAGE_EMULATOR_HOST: emulators.env.FIREBASE_STORAGE_EMULATOR_HOST,
    VITE_AUTH_EMULATOR_HOST: emulators.env.FIREBASE_AUTH_EMULATOR_HOST,
  });

  let vite;
  try {
    vite = await createServer({ root: repoRoot, configFile: path.join(repoRoot, 'vite.config.ts') });
    await vite.listen();
  } catch (error) {
    await emulators.close();
    throw error;
  }

  console.log('');
  for (const line of describeEmulators(emulators)) console.log(line);
  console.log(`Data        ${config.dataDir}`);
  const urls = vite.resolvedUrls?.local ?? [];
  console.log(`\nThe app:    ${urls[0] ?? 'http://127.0.0.1:5173/'}`);
  console.log('Demo admin: admin@example.edu / pitch-live-demo');
  console.log('Press Ctrl-C to stop.');

  const server = vite;
  closeOnSignals(async () => {
    await server.close();
    await emulators.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
