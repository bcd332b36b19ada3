// Debian's Chromium driven by playwright-core, on a page that carries the real firebase web SDK
// (see harness/). Never downloads a browser: Debian's chromium-headless-shell is used, or the
// system's chromium where it is missing (scripts/chromium.ts).

import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { launchChromium as launchOwnChromium, waitForSlowPages } from '../../scripts/chromium';

export { chromiumPath, PAGE_WAIT_MS } from '../../scripts/chromium';

/**
 * The run's shared Chromium (started once by browserSetup.ts) when there is one, or a Chromium of
 * this process's own. Each test file works in contexts of its own, so files never see each
 * other's pages, storage or service workers; closing the Browser closes those contexts and
 * leaves the shared Chromium running for the other files. Every context it opens waits
 * PAGE_WAIT_MS by default instead of Playwright's 30 s, and runs no service worker unless it
 * asks for one (`serviceWorkers: 'allow'`): see blockServiceWorkers.
 */
export async function launchChromium(): Promise<Browser> {
  const endpoint = process.env.CHROMIUM_WS_ENDPOINT;
  return blockServiceWorkers(waitForSlowPages(await (endpoint ? chromium.connect(endpoint) : launchOwnChromium('shell'))));
}

/**
 * Makes the browser's new contexts run no service worker unless they ask for one. Installing
 * the app's worker precaches every chunk of the build: in a journey that opens a dozen phones and
 * screens, that was about a fifth of the CPU (the parallel-rooms file run alone, the app's build
 * included: 150-162 CPU-s of the machine against 185-186, two runs each), and nothing that journey
 * checks depends on it. The files about the worker itself (offline, the deploy in the middle of
 * an event, Hosting's policy, the phone that loses its Wi-Fi in the provider journey) open their
 * contexts with `serviceWorkers: 'allow'`.
 */
function blockServiceWorkers(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ ...options, serviceWorkers: options?.serviceWorkers ?? 'block' });
  return browser;
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

/** Who a stored profile belongs to (the rest is as after a first visit: no phone, terms accepted). */
export interface StoredPerson {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
}

/**
 * Gives every page of `context` a provider's profile in browser storage ('profile'), as after a
 * first visit; call before the first page opens.
 */
export async function storeProfile(context: BrowserContext, person: StoredPerson): Promise<void> {
  await context.addInitScript(
    (profile) => window.localStorage.setItem('profile', profile),
    JSON.stringify({ user_id: '', ...person, phone: '', terms_accepted: true }),
  );
}
