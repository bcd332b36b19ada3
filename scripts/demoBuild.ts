// The production build of the app served against the local backend with the demo data set, for
// the load benchmarks (bench:phone, bench:lighthouse) and the README's screenshot: the backend in
// memory on free ports, the app built with the emulator addresses and served as deployed, by
// firebase-tools' Hosting emulator with firebase.json's hosting section (scripts/hosting/).

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmulators } from '../backend/src/cli.js';
import { loadConfig, repoRoot } from '../backend/src/config.js';
import { buildApp, localAppSettings } from './hosting/build.js';
import { startHostingEmulator } from './hosting/emulator.js';

export interface DemoBuild {
  /** The served app's origin, e.g. http://127.0.0.1:5000. */
  origin: string;
  /** The backend behind it, for benchmarks that read its counters. */
  emulators: Awaited<ReturnType<typeof startEmulators>>;
  close: () => Promise<void>;
}

export async function serveDemoBuild(): Promise<DemoBuild> {
  const emulators = await startEmulators({
    config: loadConfig(),
    dataDir: null,
    importFile: path.join(repoRoot, 'backend/demo/demoData.json'),
    requireIndexes: true,
    ports: { auth: 0, firestore: 0, storage: 0 },
  });
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-build-'));
  const cleanUp = async () => {
    await fs.rm(outDir, { recursive: true, force: true });
    await emulators.close();
  };
  try {
    const address = ({ host, port }: { host: string; port: number }) => `${host}:${port}`;
    const backend = {
      firestore: address(emulators.firestore),
      auth: address(emulators.auth),
      storage: address(emulators.storage),
    };
    await buildApp(outDir, localAppSettings(emulators.projectId, backend));
    const hosting = await startHostingEmulator({
      siteDir: outDir,
      projectId: emulators.projectId,
      target: { kind: 'local', backend },
    });
    return {
      origin: hosting.url,
      emulators,
      close: async () => {
        await hosting.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
