// `npm run bench:phone`: how long a provider's phone on venue Wi-Fi waits for the live presenter,
// and a first-time visitor's for the profile form.
// Builds the app, serves it with Vite's preview server against the local backend (in memory, on
// free ports, with the demo data set), and loads /presenters in Chromium with a phone-like
// network (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip) and a 4× slower CPU, timing from
// the navigation to the live presenter's card on screen. A first visit (a fresh browser profile:
// empty caches, no service worker; only the provider profile in storage, without which /presenters
// sends to /profile) and a returning visit (the same browser profile, the service worker
// installed) are each run 5 times, and so is a first-time visitor with nothing stored, timed to
// the profile form on screen and to the form in the app's hands; the median and every run are
// printed. Printed, not asserted.

import { performance } from 'node:perf_hooks';
import type { Browser, Page } from 'playwright-core';
import { firstScreenReplaced, launchChromium, serviceWorkerInCharge } from './chromium.js';
import { serveDemoBuild } from './demoBuild.js';

const RUNS = 5;
/** Chrome DevTools' network emulation, in bytes per second and milliseconds. */
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
const TIMEOUT_MS = 120_000;
/** A completed provider profile in browser storage (the spec's section 3 `profile` item). */
const STORED_PROFILE = JSON.stringify({
  user_id: '',
  first_name: 'Bench',
  last_name: 'Phone',
  email: 'bench.phone@example.com',
  company: 'Venue Wi-Fi Ltd',
  phone: '',
  terms_accepted: true,
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Throttles the page's network and CPU; both last across its navigations. */
async function emulatePhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Milliseconds from the start of the navigation to the live presenter's card on screen. */
async function timeToLivePresenter(page: Page, url: string): Promise<number> {
  const start = performance.now();
  await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
  await page.getByRole('region', { name: 'Live' }).getByRole('link').first().waitFor({ timeout: TIMEOUT_MS });
  return performance.now() - start;
}

/**
 * A first-time visitor (nothing stored) opening /presenters, who is shown the profile form: the
 * milliseconds until the form is on screen (painted from the HTML), and until it is the app's
 * own (the build-time screen replaced: validation, Save and the sign-in behind it work).
 */
async function newcomer(browser: Browser, url: string): Promise<{ painted: number; usable: number }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await emulatePhone(page);
    const start = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await page.getByRole('textbox', { name: 'First Name' }).waitFor({ timeout: TIMEOUT_MS });
    const painted = performance.now() - start;
    await page.waitForFunction(firstScreenReplaced, undefined, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    await page.getByRole('textbox', { name: 'First Name' }).waitFor({ timeout: TIMEOUT_MS });
    return { painted, usable: performance.now() - start };
  } finally {
    await context.close();
  }
}

/** One provider: a first visit in a fresh profile, then a return once the service worker is in charge. */
async function visitTwice(browser: Browser, url: string): Promise<{ first: number; returning: number }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript({
      content: `localStorage.getItem('profile') || localStorage.setItem('profile', ${JSON.stringify(STORED_PROFILE)});`,
    });
    const page = await context.newPage();
    await emulatePhone(page);
    const first = await timeToLivePresenter(page, url);
    // The worker installs after the first load (precaching the app); the return waits for it.
    await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
    await page.waitForFunction(serviceWorkerInCharge, undefined, { timeout: TIMEOUT_MS });
    const returning = await timeToLivePresenter(page, url);
    return { first, returning };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const served = await serveDemoBuild();
  let browser: Browser | undefined;
  try {
    const url = new URL('/presenters', served.origin).href;
    browser = await launchChromium();

    console.log(
      `\n/presenters until the live presenter shows: ${PHONE_NETWORK.downloadThroughput / 125} kbit/s down, ` +
        `${PHONE_NETWORK.uploadThroughput / 125} kbit/s up, ${PHONE_NETWORK.latency} ms round trip, ${CPU_SLOWDOWN}× CPU slowdown\n`,
    );
    const firsts: number[] = [];
    const returns: number[] = [];
    const painted: number[] = [];
    const usable: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const form = await newcomer(browser, url);
      painted.push(form.painted);
      usable.push(form.usable);
      const { first, returning } = await visitTwice(browser, url);
      firsts.push(first);
      returns.push(returning);
      console.log(
        `run ${run}: newcomer's form painted ${form.painted.toFixed(0).padStart(6)} ms, usable ${form.usable.toFixed(0).padStart(6)} ms; ` +
          `live presenter: first visit ${first.toFixed(0).padStart(6)} ms, returning visit ${returning.toFixed(0).padStart(6)} ms`,
      );
    }
    console.log(
      `\nmedian of ${RUNS}:\n` +
        `  first-time visitor (nothing stored), /presenters to the profile form: painted ${median(painted).toFixed(0)} ms, usable ${median(usable).toFixed(0)} ms\n` +
        `  provider with a stored profile, to the live presenter: first visit ${median(firsts).toFixed(0)} ms, returning visit (service worker) ${median(returns).toFixed(0)} ms\n`,
    );
  } finally {
    await browser?.close();
    await served.close();
  }
}

await main();
