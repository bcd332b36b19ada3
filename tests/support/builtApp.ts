// The built app for the browser tests, and the checks every browser journey makes on a page:
// settled animations, the page within the viewport's width, a screenshot and no serious or
// critical axe-core finding.
// The app is built once per run (tests/support/browserSetup.ts calls buildApp), as deployed
// (production mode, the project's vite.config.ts), with placeholders where a project's settings
// go. Each test file's startBuiltApp copies that build, writes its own project id and emulator
// addresses over the placeholders and serves the copy: no test file waits for a build of its own.

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { preview } from 'vite';
import { afterAll, beforeAll, expect } from 'vitest';
import { openAdminDb, type AdminDb } from '../db/appDb';
import { launchChromium, saveScreenshot, storeProfile, type StoredPerson } from './browser';
import { authEmulator, firestoreEmulator, storageEmulator, type HostPort } from './emulators';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const axePath = path.join(root, 'node_modules/axe-core/axe.min.js');

/**
 * What the shared build carries in place of the settings src/config/env.ts reads. Each is a
 * valid setting on its own (the project id starts with demo-), so the build passes the same
 * checks, and unique in the bundle, so replacing it touches nothing else.
 */
const PLACEHOLDERS = {
  projectId: 'demo-built-app-project',
  firestore: 'firestore.built-app.invalid:41001',
  auth: 'auth.built-app.invalid:41002',
  storage: 'storage.built-app.invalid:41003',
};

/**
 * Builds the app as `npm run build` does (Vite with vite.config.ts, production mode), with
 * Vite's manifest and source maps, into `outDir`. In a process of its own: a test process's
 * NODE_ENV=test would give React's development build.
 */
export async function buildApp(outDir: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--sourcemap',
      '--logLevel',
      'warn',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        VITE_USE_EMULATORS: 'true',
        VITE_FIREBASE_PROJECT_ID: PLACEHOLDERS.projectId,
        VITE_FIRESTORE_EMULATOR_HOST: PLACEHOLDERS.firestore,
        VITE_AUTH_EMULATOR_HOST: PLACEHOLDERS.auth,
        VITE_STORAGE_EMULATOR_HOST: PLACEHOLDERS.storage,
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

/** The folder of this run's build (read it, never change it: every test file copies from it). */
export function builtAppDir(): string {
  const dir = process.env.BUILT_APP_DIR;
  if (!dir) throw new Error('BUILT_APP_DIR is not set: run the browser tests through vitest (browserSetup builds the app).');
  return dir;
}

export interface BuiltApp {
  url: string;
  /** The folder served: a test may change a file there (a new deployment's service worker). */
  outDir: string;
  close(): Promise<void>;
}

const address = ({ host, port }: HostPort): string => `${host}:${port}`;

/** Replaces every placeholder in the text files of `dir` and its subfolders. */
async function fillIn(dir: string, values: Record<keyof typeof PLACEHOLDERS, string>): Promise<void> {
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

/**
 * The app for `projectId` on the emulators under test (Firestore and Auth elsewhere when given,
 * through a network proxy say), served from a copy of this run's build on a free port.
 */
export async function startBuiltApp(
  projectId: string,
  { firestore = firestoreEmulator(), auth = authEmulator() }: { firestore?: HostPort; auth?: HostPort } = {},
): Promise<BuiltApp> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-app-'));
  // Source maps stay behind: nothing a browser test does reads them, and they are most of the bytes.
  await fs.cp(builtAppDir(), outDir, { recursive: true, filter: (source) => !source.endsWith('.map') });
  await fillIn(outDir, {
    projectId,
    firestore: address(firestore),
    auth: address(auth),
    storage: address(storageEmulator()),
  });
  // A plain single-page-app preview: the build is done, so the project's config (its plugins) has
  // nothing left to add.
  const server = await preview({
    root,
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0 },
  });
  return {
    url: server.resolvedUrls?.local[0] ?? '',
    outDir,
    async close() {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      await fs.rm(outDir, { recursive: true, force: true });
    },
  };
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * Waits for the page's finite animations: colours are judged once they have settled (a button
 * fading from disabled to enabled is mid-transition right after the click that enabled it).
 * Endless animations (the live dot) and cancelled ones (ripples) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Checks a journey's page as it is now, `width` px wide: once its animations have settled, it
 * fits the width, it is screenshotted as tests/artifacts/{name}-{width}.png and axe-core finds
 * nothing serious or critical.
 */
export async function checkPage(page: Page, width: number, name: string): Promise<void> {
  await settleAnimations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits ${width} px`).toBeLessThanOrEqual(width);
  await saveScreenshot(page, `${name}-${width}`);
  expect(await seriousViolations(page), `axe on ${name} at ${width} px`).toEqual([]);
}

/** The built app for a test file's own project, the shared Chromium and an admin handle on the project's data. */
export interface BuiltAppTestBed {
  app: BuiltApp;
  browser: Browser;
  admin: AdminDb;
}

/**
 * Starts the built app for `projectId` with the shared Chromium and an admin database, before
 * the file's tests, and stops them after; the returned function gives the running bed.
 */
export function useBuiltApp(projectId: string): () => BuiltAppTestBed {
  let bed: BuiltAppTestBed | null = null;
  beforeAll(async () => {
    const [app, browser] = await Promise.all([startBuiltApp(projectId), launchChromium()]);
    bed = { app, browser, admin: openAdminDb(projectId) };
  }, 180_000);
  afterAll(async () => {
    await bed?.admin.close();
    await bed?.browser.close();
    await bed?.app.close();
  });
  return () => {
    if (!bed) throw new Error('useBuiltApp(): the app is not running (call it at the top of the test file).');
    return bed;
  };
}

/**
 * A browser context of its own (a phone's 360 × 740 unless `viewport` says otherwise) and a page,
 * with the page's errors in the test's log; with `profile`, a provider's profile in its storage as
 * after a first visit.
 */
export async function openPhone(
  browser: Browser,
  {
    viewport = { width: 360, height: 740 },
    profile,
  }: { viewport?: { width: number; height: number }; profile?: StoredPerson } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  if (profile) await storeProfile(context, profile);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[browser]', error.message));
  return { context, page };
}
