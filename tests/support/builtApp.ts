// The built app served by Vite's preview server, pointed at the emulators under test for one
// project, and the checks every browser journey makes on a page: settled animations, the page
// within the viewport's width, a screenshot and no serious or critical axe-core finding.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, preview } from 'vite';
import { expect } from 'vitest';
import { saveScreenshot } from './browser';
import { appEnvironment, type HostPort } from './emulators';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const axePath = path.join(root, 'node_modules/axe-core/axe.min.js');

export interface BuiltApp {
  url: string;
  /** The folder served: a test may change a file there (a new deployment's service worker). */
  outDir: string;
  close(): Promise<void>;
}

/**
 * Builds the app for `projectId` on the emulators under test (Firestore and Auth elsewhere when
 * given, through a network proxy say) and serves it on a free port.
 */
export async function startBuiltApp(projectId: string, hosts: { firestore?: HostPort; auth?: HostPort } = {}): Promise<BuiltApp> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-build-'));
  appEnvironment(projectId, hosts);
  const inline = { root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' as const };
  await build({ ...inline, build: { outDir, emptyOutDir: true, sourcemap: false } });
  const server = await preview({ ...inline, build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
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
