// `npm start`: the whole app on this machine. Starts the local services (scripts/localServices.ts:
// the local backend with the demo data, the Auth emulator, MailDev and the server reactions),
// then serves the app with Vite's dev server pointed at them. Ctrl-C stops everything.
// `npm run serve` runs the production build on the same services instead.

import path from 'node:path';
import { createServer } from 'vite';
import { closeOnSignals } from '../backend/src/cli.js';
import { repoRoot } from '../backend/src/config.js';
import { startLocalServices } from './localServices.js';

async function main(): Promise<void> {
  const services = await startLocalServices();
  // Vite passes VITE_* variables of its own environment to the app.
  Object.assign(process.env, services.appEnv);
  let vite;
  try {
    vite = await createServer({ root: repoRoot, configFile: path.join(repoRoot, 'vite.config.ts') });
    await vite.listen();
  } catch (error) {
    await services.close();
    throw error;
  }

  console.log('');
  for (const line of services.describe()) console.log(line);
  const urls = vite.resolvedUrls?.local ?? [];
  console.log(`\nThe app:    ${urls[0] ?? 'http://127.0.0.1:5173/'}`);
  console.log('Demo admin: admin@example.edu / pitch-live-demo');
  console.log('Press Ctrl-C to stop.');

  const server = vite;
  closeOnSignals(async () => {
    await server.close();
    await services.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
