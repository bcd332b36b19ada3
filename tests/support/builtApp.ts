// The built app for the browser tests, and the checks every browser journey makes on a page:
// settled animations, the page within the viewport's width, a screenshot and no serious or
// critical axe-core finding.
// The app is built once per run (tests/support/browserSetup.ts calls buildApp), as deployed
// (production mode, the project's vite.config.ts), with placeholders where a project's settings
// go. Each test file's startBuiltApp copies that build, writes its own project id and emulator
// addresses over the placeholders and serves the copy as production does: on firebase-tools'
// Hosting emulator with firebase.json's hosting section (scripts/hosting/emulator.ts). Its
// Content-Security-Policy reports every violation to the test file, which fails on any.

import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildWithPlaceholders, copyPlaceholderBuild, fillInPlaceholders } from '../../scripts/hosting/build';
import { startHostingEmulator } from '../../scripts/hosting/emulator';
import { openAdminDb, type AdminDb } from '../db/appDb';
import { launchChromium, saveScreenshot, storeProfile, type StoredPerson } from './browser';
import { allowOriginInBucket } from './bucketCors';
import { authEmulator, firestoreEmulator, storageEmulator, type HostPort } from './emulators';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const axePath = path.join(root, 'node_modules/axe-core/axe.min.js');

/**
 * Builds the app as `npm run build` does (Vite with vite.config.ts, production mode), with
 * Vite's manifest and the placeholders a copy fills in (scripts/hosting/build.ts), into `outDir`.
 */
export async function buildApp(outDir: string, settings: Record<string, string> = {}): Promise<void> {
  await buildWithPlaceholders(outDir, settings, ['--manifest']);
}

/** The folder of this run's build (read it, never change it: every test file copies from it). */
export function builtAppDir(): string {
  const dir = process.env.BUILT_APP_DIR;
  if (!dir) throw new Error('BUILT_APP_DIR is not set: run the browser tests through vitest (browserSetup builds the app).');
  return dir;
}

export interface BuiltApp {
  url: string;
  /** The test file's copy of the build, as served at first. */
  outDir: string;
  /** Serves `dir` (by default `outDir` as it is now) as a new release, as `firebase deploy` would. */
  deploy(dir?: string): Promise<void>;
  /**
   * Builds another version of the app for this project, with other VITE_* settings (a visible
   * difference), into a folder of its own that `deploy` takes: a build of its own, whose chunks
   * have other names.
   */
  buildRelease(settings: Record<string, string>): Promise<string>;
  /** The Content-Security-Policy violations the browser reported so far. */
  cspViolations(): string[];
  /** Stops serving; fails if the browser reported any Content-Security-Policy violation. */
  close(): Promise<void>;
}

const address = ({ host, port }: HostPort): string => `${host}:${port}`;

/** Where the browser posts its Content-Security-Policy reports (the policy's report-uri), and what came. */
export async function collectCspReports(): Promise<{ url: string; reports: string[]; close(): Promise<void> }> {
  const reports: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { 'csp-report'?: Record<string, unknown> };
        const report = body['csp-report'] ?? {};
        reports.push(
          `${String(report['violated-directive'])} blocked ${String(report['blocked-uri'])} on ${String(report['document-uri'])}` +
            (report['source-file'] ? ` (${String(report['source-file'])}:${String(report['line-number'])})` : ''),
        );
      } catch {
        reports.push(`an unreadable report: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`);
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/csp-report`,
    reports,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The app for `projectId` on the emulators under test (Firestore and Auth elsewhere when given,
 * through a network proxy say), served from a copy of this run's build on a free port by
 * firebase-tools' Hosting emulator.
 */
export async function startBuiltApp(
  projectId: string,
  { firestore = firestoreEmulator(), auth = authEmulator() }: { firestore?: HostPort; auth?: HostPort } = {},
): Promise<BuiltApp> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-app-'));
  const backend = { firestore: address(firestore), auth: address(auth), storage: address(storageEmulator()) };
  // Source maps stay behind: nothing a browser test does reads them, and they are most of the bytes.
  await copyPlaceholderBuild(builtAppDir(), outDir, { projectId, ...backend });
  const csp = await collectCspReports();
  let hosting;
  try {
    hosting = await startHostingEmulator({ siteDir: outDir, projectId, target: { kind: 'local', backend, reportUri: csp.url } });
  } catch (error) {
    await csp.close();
    await fs.rm(outDir, { recursive: true, force: true });
    throw error;
  }
  const served = hosting;
  const releases: string[] = [];
  // The project's bucket lets the app's own origin download, as a deployment's lists its Hosting origin.
  await allowOriginInBucket(projectId, new URL(served.url).origin);
  return {
    url: `${served.url}/`,
    outDir,
    deploy: (dir = outDir) => served.deploy(dir),
    async buildRelease(settings) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-release-'));
      releases.push(dir);
      await buildApp(dir, settings);
      await fillInPlaceholders(dir, { projectId, ...backend });
      return dir;
    },
    cspViolations: () => [...csp.reports],
    async close() {
      await served.close();
      await Promise.all(releases.map((dir) => fs.rm(dir, { recursive: true, force: true })));
      await csp.close();
      await fs.rm(outDir, { recursive: true, force: true });
      if (csp.reports.length > 0) {
        throw new Error(`The browser reported Content-Security-Policy violations:\n${csp.reports.join('\n')}`);
      }
    },
  };
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

let axeSource: string | undefined;

/** axe-core's serious and critical findings on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not
  // govern (a script tag would be an inline script the policy refuses, and rightly).
  axeSource ??= await fs.readFile(axePath, 'utf8');
  await page.evaluate(axeSource);
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
 * after a first visit; with `serviceWorkers: 'allow'`, the app's service worker runs in it (the
 * tests' contexts run none otherwise: tests/support/browser.ts).
 */
export async function openPhone(
  browser: Browser,
  {
    viewport = { width: 360, height: 740 },
    profile,
    serviceWorkers,
  }: { viewport?: { width: number; height: number }; profile?: StoredPerson; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, serviceWorkers });
  if (profile) await storeProfile(context, profile);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[browser]', error.message));
  return { context, page };
}
