// The production build of the app (Vite with vite.config.ts, as `npm run build` makes it) for a
// given set of VITE_* settings, in a process of its own: the caller's NODE_ENV (a test run's
// "test", say) would otherwise give React's development build.

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
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

/**
 * What a build made once for several projects carries in place of the settings src/config/env.ts
 * reads (the browser tests' shared build, which the rehearsal in the test run also serves). Each
 * is a valid setting on its own (the project id starts with demo-), so the build passes the same
 * checks, and unique in the bundle, so replacing it touches nothing else.
 */
const PLACEHOLDERS = {
  projectId: 'demo-built-app-project',
  firestore: 'firestore.built-app.invalid:41001',
  auth: 'auth.built-app.invalid:41002',
  storage: 'storage.built-app.invalid:41003',
};

/** The values a copy of a placeholder build is given: a project id and the backend's addresses. */
export type PlaceholderValues = Record<keyof typeof PLACEHOLDERS, string>;

/** Builds the app as `buildApp` does, with the placeholders for the project and the backend. */
export async function buildWithPlaceholders(outDir: string, settings: Record<string, string> = {}, extraArgs: string[] = []) {
  await buildApp(outDir, { ...localAppSettings(PLACEHOLDERS.projectId, PLACEHOLDERS), ...settings }, extraArgs);
}

/** Replaces every placeholder in the text files of `dir` and its subfolders. */
export async function fillInPlaceholders(dir: string, values: PlaceholderValues): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile() && /\.(js|html|json|webmanifest)$/.test(entry.name));
  await Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const text = await fs.readFile(file, 'utf8');
      let filled = text;
      for (const key of Object.keys(PLACEHOLDERS) as (keyof typeof PLACEHOLDERS)[]) {
        filled = filled.replaceAll(PLACEHOLDERS[key], values[key]);
      }
      if (filled !== text) await fs.writeFile(file, filled);
    }),
  );
}

/** A copy of the placeholder build in `builtDir` (its source maps left behind), filled in with `values`. */
export async function copyPlaceholderBuild(builtDir: string, outDir: string, values: PlaceholderValues): Promise<void> {
  await fs.cp(builtDir, outDir, { recursive: true, filter: (source) => !source.endsWith('.map') });
  await fillInPlaceholders(outDir, values);
}
