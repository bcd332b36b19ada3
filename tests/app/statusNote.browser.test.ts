// The app in a real browser against the local backend: a note saved in one browser appears live
// in another, and the page fits a 360 px phone screen.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, saveScreenshot } from '../support/browser';
import { authEmulator, firestoreEmulator, storageEmulator, uniqueProjectId } from '../support/emulators';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const projectId = uniqueProjectId('app-status');
let outDir: string;
let server: PreviewServer;
let appUrl: string;
let browser: Browser;

const address = ({ host, port }: { host: string; port: number }): string => `${host}:${port}`;

beforeAll(async () => {
  outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-build-'));
  Object.assign(process.env, {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIRESTORE_EMULATOR_HOST: address(firestoreEmulator()),
    VITE_AUTH_EMULATOR_HOST: address(authEmulator()),
    VITE_STORAGE_EMULATOR_HOST: address(storageEmulator()),
  });
  const inline = { root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' as const };
  await build({ ...inline, build: { outDir, emptyOutDir: true, sourcemap: false } });
  server = await preview({ ...inline, build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
  appUrl = server.resolvedUrls?.local[0] ?? '';
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.httpServer.close(() => resolve()) : resolve()));
  await fs.rm(outDir, { recursive: true, force: true });
});

async function openApp(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[browser]', error.message));
  await page.goto(appUrl);
  return page;
}

describe('the status note page', () => {
  it('shows a note saved in one browser live in another', async () => {
    const writer = await openApp();
    const reader = await openApp();
    await writer.getByText('No note yet.').waitFor();
    await reader.getByText('No note yet.').waitFor();

    const field = writer.getByLabel('New note');
    await field.fill('Pitches start in 5 minutes');
    await field.press('Enter');

    await writer.getByText('Note saved.').waitFor();
    await reader.getByRole('region', { name: 'Current note' }).getByText('Pitches start in 5 minutes').waitFor();
    expect(await reader.getByLabel('New note').inputValue()).toBe('Pitches start in 5 minutes');

    const scrollWidth = await reader.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    await saveScreenshot(reader, 'status-note-360');
  });

  it('shows Coming Soon with a way home for an unknown address', async () => {
    const page = await openApp();
    await page.goto(new URL('/no-such-page', appUrl).href);
    await page.getByRole('heading', { name: 'Coming Soon' }).waitFor();
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await page.getByRole('heading', { name: 'Status note' }).waitFor();
  });
});
