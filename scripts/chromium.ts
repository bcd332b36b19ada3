// Debian's Chromium driven by playwright-core, for the tests and the scripts alike. Never
// downloads a browser: CHROMIUM_PATH or the system's chromium is used. No DOM types here, so both
// the scripts' zone and the tests' zone can import it.

import fs from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

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

/**
 * Which Chromium a caller starts: `full` is the browser a person runs (the benchmarks of what a
 * phone feels, Lighthouse, the icons and screenshots), `shell` is Chromium's headless shell
 * (Debian's chromium-headless-shell: the same Blink, V8 and network stack without the browser's
 * own UI), which the tests and the rehearsal drive. The shell opens and runs a page for less CPU:
 * run alone, the build included, the parallel-rooms journey took 77 machine CPU-s with it against
 * 98 with the full browser, the room display's 49 against 60 (2026-12-08, one run each). Where
 * the shell is not installed, the full browser is used.
 */
export type ChromiumBuild = 'full' | 'shell';

/** The headless shell: CHROMIUM_HEADLESS_SHELL_PATH or Debian's, else the full browser (chromiumPath). */
export function headlessShellPath(): string {
  const candidates = [process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell'];
  return candidates.find((candidate) => candidate && fs.existsSync(candidate)) ?? chromiumPath();
}

/** How every Chromium of the project starts: headless, the system's build, no background traffic. */
export function chromiumLaunchOptions(build: ChromiumBuild = 'full'): LaunchOptions {
  return { executablePath: build === 'shell' ? headlessShellPath() : chromiumPath(), headless: true, args: CHROMIUM_ARGS };
}

export function launchChromium(build: ChromiumBuild = 'full'): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(build));
}

/**
 * How long a browser test or the rehearsal waits for a page to show something or for a step to
 * land: a guard against a hang, sized for a slow machine, never a deadline (what the product must
 * do in time is measured and asserted as a figure). On one core of the 2-core machine, with four
 * files starting together, a room display took over 20 s to show its first presenter.
 */
export const PAGE_WAIT_MS = 60_000;

/** Makes every context the browser opens from now on wait PAGE_WAIT_MS by default instead of Playwright's 30 s. */
export function waitForSlowPages(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(PAGE_WAIT_MS);
    return context;
  };
  return browser;
}

/**
 * Page conditions for `page.waitForFunction`, as functions: a condition given as a string is
 * evaluated with eval, which the app's Content-Security-Policy refuses. Typed without the DOM,
 * which this module does not see.
 */
export const serviceWorkerInCharge = () =>
  (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker.controller !==
  null;

/** The app has replaced the page's build-time first screen (scripts/firstScreens.ts). */
export const firstScreenReplaced = () =>
  (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document.querySelector(
    '#root > [data-first-screen]',
  ) === null;
