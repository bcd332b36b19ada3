// The production build of the app served against the local backend with the demo data set, for
// the load benchmarks (bench:phone, bench:lighthouse): the backend in memory on free ports, the
// app built with the emulator addresses and served by Vite's preview server.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, preview } from 'vite';
import { startEmulators } from '../backend/src/cli.js';
import { loadConfig, repoRoot } from '../backend/src/config.js';

export interface DemoBuild {
  /** The served app's origin, e.g. http://127.0.0.1:4173. */
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
    // Vite passes VITE_* variables of its own environment to the build.
    Object.assign(process.env, {
      VITE_USE_EMULATORS: 'true',
      VITE_FIREBASE_PROJECT_ID: emulators.projectId,
      VITE_FIRESTORE_EMULATOR_HOST: emulators.env.FIRESTORE_EMULATOR_HOST,
      VITE_STORAGE_EMULATOR_HOST: emulators.env.FIREBASE_STORAGE_EMULATOR_HOST,
      VITE_AUTH_EMULATOR_HOST: emulators.env.FIREBASE_AUTH_EMULATOR_HOST,
    });
    const inline = { root: repoRoot, configFile: path.join(repoRoot, 'vite.config.ts'), logLevel: 'warn' as const };
    await build({ ...inline, build: { outDir, emptyOutDir: true, sourcemap: false } });
    const server = await preview({ ...inline, build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
    const origin = new URL(server.resolvedUrls?.local[0] ?? '').origin;
    return {
      origin,
      emulators,
      close: async () => {
        await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
