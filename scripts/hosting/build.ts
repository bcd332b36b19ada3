// The production build of the app (Vite with vite.config.ts, as `npm run build` makes it) for a
// given set of VITE_* settings, in a process of its own: the caller's NODE_ENV (a test run's
// "test", say) would otherwise give React's development build.

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the app into `outDir` with these VITE_* settings (and the rest of this environment). */
export async function buildApp(outDir: string, appEnv: Record<string, string>, extraArgs: string[] = []): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...extraArgs],
    { cwd: root, env: { ...process.env, ...appEnv, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 },
  );
}
