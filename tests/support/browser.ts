// Debian's Chromium driven by playwright-core, on a page that carries the real firebase web SDK
// (see harness/). Never downloads a browser: CHROMIUM_PATH or /usr/bin/chromium is used.

import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found)
    throw new Error("Chromium not found: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.");
  return found;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

/** A fresh page (own context, so own IndexedDB and cookies) with `window.sdk` ready. */
export async function openSdkPage(browser: Browser): Promise<Page> {
  const url = process.env.SDK_HARNESS_URL;
  if (!url) throw new Error('SDK_HARNESS_URL is not set: run the tests through vitest (globalSetup builds the harness).');
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[browser]', err.message));
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
  return page;
}

/** Saves a screenshot as a test artifact under tests/artifacts/. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const dir = path.resolve('tests/artifacts');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
