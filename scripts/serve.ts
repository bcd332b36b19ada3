// `npm run serve`: the app exactly as deployed, on this machine. The production build (made for
// the local services, and made again when the sources are newer than it, or with --build) served
// by firebase-tools' Hosting emulator with firebase.json's hosting section (scripts/hosting/),
// on the local backend with the demo data, MailDev and the server reactions
// (scripts/localServices.ts). It is how an organiser rehearses an event as it will run.

import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeOnSignals } from '../backend/src/cli.js';
import { repoRoot } from '../backend/src/config.js';
import { buildApp } from './hosting/build.js';
import { startHostingEmulator } from './hosting/emulator.js';
import { startLocalServices } from './localServices.js';

const USAGE = `Usage: npm run serve [-- --build]

Serves the production build of the app on firebase-tools' Hosting emulator, with firebase.json's
hosting rules and headers, against the local backend with the demo data (as npm start does).

  --build   build the app again even if the last build is newer than the sources
  --help    print this help`;

/** Where `npm run serve` keeps its build: dist/ stays the deploy's (docs/deploying.md). */
const OUT_DIR = path.join(repoRoot, 'dist-local');
/** What the build in OUT_DIR was made for (a dot file: a deploy's listing leaves it out). */
const STAMP = path.join(OUT_DIR, '.local-backend.json');
/** The port of firebase.json's emulators.hosting, else the Hosting emulator's own default. */
const DEFAULT_PORT = 5000;
/** What the build is made of: a newer file among these makes the build stale. */
const SOURCES = ['src', 'public', 'domain', 'index.html', 'vite.config.ts', 'scripts/firstScreens.ts', 'package-lock.json'];

async function newestSource(): Promise<number> {
  let newest = 0;
  for (const source of SOURCES) {
    const full = path.join(repoRoot, source);
    const stat = await fs.stat(full);
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else {
      for (const entry of await fs.readdir(full, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) newest = Math.max(newest, (await fs.stat(path.join(entry.parentPath, entry.name))).mtimeMs);
      }
    }
  }
  return newest;
}

/** Whether OUT_DIR holds a build for these settings, newer than every source file. */
async function upToDate(appEnv: Record<string, string>): Promise<boolean> {
  try {
    const stamp = await fs.stat(STAMP);
    const madeFor = await fs.readFile(STAMP, 'utf8');
    return madeFor === JSON.stringify(appEnv) && stamp.mtimeMs > (await newestSource());
  } catch {
    return false;
  }
}

async function hostingPort(): Promise<number> {
  const config = JSON.parse(await fs.readFile(path.join(repoRoot, 'firebase.json'), 'utf8')) as {
    emulators?: { hosting?: { port?: number } };
  };
  return config.emulators?.hosting?.port ?? DEFAULT_PORT;
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({ options: { build: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }

  const services = await startLocalServices();
  let hosting;
  try {
    if (args.build || !(await upToDate(services.appEnv))) {
      console.log('Building the app for the local backend (dist-local/)…');
      await buildApp(OUT_DIR, services.appEnv);
      await fs.writeFile(STAMP, JSON.stringify(services.appEnv));
    } else {
      console.log('The build in dist-local/ is newer than the sources: serving it (--build builds it again).');
    }
    hosting = await startHostingEmulator({
      siteDir: OUT_DIR,
      projectId: services.projectId,
      target: { kind: 'local', backend: services.backend },
      port: await hostingPort(),
      log: (line) => console.log(`[hosting] ${line}`),
    });
  } catch (error) {
    await services.close();
    throw error;
  }

  console.log('');
  for (const line of services.describe()) console.log(line);
  console.log(`\nThe app:    ${hosting.url}/  (the production build, served as Firebase Hosting serves it)`);
  console.log('Demo admin: admin@example.edu / pitch-live-demo');
  console.log('Press Ctrl-C to stop.');

  const running = hosting;
  closeOnSignals(async () => {
    await running.close();
    await services.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
