// The production build of the app (Vite with vite.config.ts, as `npm run build` makes it) for a
// given set of VITE_* settings, in a process of its own: the caller's NODE_ENV (a test run's
// "test", say) would otherwise give React's development build.

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import type { LocalBackend } from './headers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the app into `outDir` with these VITE_* settings (and the rest of this environment). */
export async function buildApp(outDir: string, appEnv: Record<string, string>, extraArgs: string[] = []): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...extraArgs],
    { cwd: root, env: { ...process.env, ...appEnv, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
  );
}

/** The app's VITE_* settings for a build that talks to the local backend at these addresses. */
export function localAppSettings(projectId: string, backend: LocalBackend): Record<string, string> {
  return {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIRESTORE_EMULATOR_HOST: backend.firestore,
    VITE_AUTH_EMULATOR_HOST: backend.auth,
    VITE_STORAGE_EMULATOR_HOST: backend.storage,
  };
}
