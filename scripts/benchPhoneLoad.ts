// `npm run bench:phone`: how long a provider's phone on venue Wi-Fi waits for the live presenter,
// and how a first-time visitor's form answers their taps.
// Builds the app, serves it against the local backend (in memory, on free ports, with the demo
// data set), and loads /presenters in Chromium with a phone-like network (1.6 Mbit/s down,
// 750 kbit/s up, 150 ms round trip) and the CPU slowed down to a low-tier phone's speed, whatever
// the host (scripts/cpuCalibration.ts: the host's benchmarkIndex / 264, read before each run; `-- --default-throttling`
// applies a plain 4× instead, `-- --benchmark-index N` the slowdown of an earlier run's index).
// A first visit (a fresh browser profile: empty caches, no service worker; only the provider
// profile in storage, without which /presenters sends to /profile) and a returning visit (the same
// browser profile, the service worker installed) are timed from the navigation to the live
// presenter's card on screen. A first-time visitor with nothing stored is timed to the profile
// form on screen and to the form in the app's hands; they start typing as soon as the form shows,
// at a phone typist's pace, while the app starts: timed are the first tap into the form to its
// character on screen, the slowest keystroke, and Save (form complete) to the saved toast and to
// the queue (which the spec holds back 2 s after the toast); and the same first tap on a page that
// has finished starting, the floor of that figure on this phone, and on a page with nothing but an
// input, the floor of any page on this phone, and on a plain input inside the started app's form
// (React's share of a tap). Each tap is also given as the browser's Event Timing measures it (the
// figure Chrome reports as INP: from when the browser received each of its events to the frame
// after their handlers). Each is run RUNS times (`-- --runs N`);
// the median and every run are printed. Printed, not asserted.

import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { firstScreenReplaced, launchChromium, serviceWorkerInCharge } from './chromium.js';
import { describeCalibration, givenCalibration, wallBenchmarkIndex } from './cpuCalibration.js';
import { serveDemoBuild } from './demoBuild.js';

/** Chrome DevTools' network emulation, in bytes per second and milliseconds. */
const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
/** Lighthouse's and DevTools' usual mobile slowdown, relative to the host (`--default-throttling`). */
const DEFAULT_CPU_SLOWDOWN = 4;
const TIMEOUT_MS = 120_000;
/** The shortest event the page's Event Timing observer is told of (the smallest the API allows). */
const EVENT_TIMING_THRESHOLD_MS = 16;
/** A phone typist's pause between two characters. */
const KEY_DELAY_MS = 150;
/** What the first-time visitor types, field by field (a complete profile). */
const NEWCOMER_PROFILE: [label: string, text: string][] = [
  ['First Name', 'Ines'],
  ['Last Name', 'Moreau'],
  ['Email', 'ines.moreau@example.com'],
  ['Company Name', 'Clinique Nord'],
];
/** The spec's toast after a saved profile (src/features/profile/ProfileForm.tsx). */
const SAVED_TOAST = 'Profile saved successfully!';
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
async function emulatePhone(page: Page, cpuSlowdown: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/**
 * Watches the page's taps and keystrokes from inside (every document of the context): the first
 * tap on an input, each keystroke's own timestamp (when the browser received it, so a busy main
 * thread's delay counts), and the frame after the input event that puts the character on screen.
 */
const INTERACTION_PROBE = `(() => {
  const probe = { tap: null, tapShown: null, firstCharacter: null, keys: [], key: null, replaced: null, firstInput: null, events: [] };
  Object.defineProperty(window, '__benchInteractions', { value: probe });
  // The browser's own timing of each event (Event Timing, what Chrome's INP is made of): the first
  // input's entry whatever its duration, and every event of an interaction that took 16 ms or more.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.firstInput = { start: entry.startTime, duration: entry.duration, id: entry.interactionId };
  }).observe({ type: 'first-input', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) probe.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration, id: entry.interactionId });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: ${EVENT_TIMING_THRESHOLD_MS} });
  // When the app's first commit replaces the build-time screen, seen without polling the page
  // (a poll every 50 ms would be work of the benchmark's own on the phone's main thread, where
  // the visitor's taps land).
  const firstScreenGone = () => document.querySelector('#root > [data-first-screen]') === null;
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    if (!root) return;
    if (firstScreenGone()) { probe.replaced = performance.now(); return; }
    const watch = new MutationObserver(() => {
      if (!firstScreenGone()) return;
      probe.replaced = performance.now();
      watch.disconnect();
    });
    watch.observe(root, { childList: true });
  });
  document.addEventListener('pointerdown', (event) => {
    if (probe.tap === null && event.target instanceof HTMLInputElement) probe.tap = event.timeStamp;
  }, true);
  document.addEventListener('focusin', () => {
    if (probe.tap !== null && probe.tapShown === null) requestAnimationFrame(() => { probe.tapShown = performance.now(); });
  }, true);
  document.addEventListener('keydown', (event) => { probe.key = event.timeStamp; }, true);
  document.addEventListener('input', (event) => {
    if (!(event.target instanceof HTMLInputElement) || event.target.type === 'checkbox') return;
    const key = probe.key;
    probe.key = null;
    requestAnimationFrame(() => {
      const shown = performance.now();
      if (probe.firstCharacter === null) probe.firstCharacter = shown;
      if (key !== null) probe.keys.push(shown - key);
    });
  }, true);
})();`;

/** One event's entry in the page's Event Timing. */
interface TimedEvent {
  name: string;
  /** When the browser received the event (the page's clock). */
  start: number;
  /** From then to the next frame after its handlers, in 8 ms steps. */
  duration: number;
  /** The interaction it belongs to (a tap's pointerdown, pointerup and click share one). */
  id: number;
}

interface ProbeReadings {
  tap: number | null;
  /** When the app's first commit replaced the build-time screen (the page's clock). */
  replaced: number | null;
  tapShown: number | null;
  firstCharacter: number | null;
  keys: number[];
  /** The page's first input's entry (the first tap's pointerdown). */
  firstInput: TimedEvent | null;
  /** The events of interactions that took at least EVENT_TIMING_THRESHOLD_MS. */
  events: TimedEvent[];
}

/** The events of a tap, each timed by the browser. */
const TAP_EVENTS = ['pointerdown', 'pointerup', 'click'];

/**
 * The first tap's latency as the browser itself measures an interaction (Event Timing; the figure
 * Chrome reports as INP): the longest of its events, each from when the browser received it to the
 * frame after its handlers. It checks the probe's own figure (the tap to the field focused) with
 * the browser's clock and the web's usual definition. An event under the observer's 16 ms
 * threshold is not reported; one missing counts as 16 ms, an upper bound.
 */
function tapLatency(probe: ProbeReadings): number {
  const first = probe.firstInput;
  if (first === null) throw new Error('The first tap was not timed by the browser (no first-input entry).');
  const tapEvents = probe.events.filter((event) => TAP_EVENTS.includes(event.name) && event.start >= first.start - 1);
  const id = first.id || Math.min(...tapEvents.map((event) => event.id));
  const entries = probe.events.filter((event) => event.id === id);
  const durations = [first.duration, ...entries.map((event) => event.duration)];
  if (!TAP_EVENTS.every((name) => entries.some((event) => event.name === name))) durations.push(EVENT_TIMING_THRESHOLD_MS);
  return Math.max(...durations);
}

/** A fresh browser profile on the emulated phone, with the interaction probe in every document. */
async function openPhone(browser: Browser, cpuSlowdown: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript({ content: INTERACTION_PROBE });
    const page = await context.newPage();
    await emulatePhone(page, cpuSlowdown);
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Taps what `name` names now (the build-time form's field or the app's, whichever is on screen). */
async function tap(page: Page, role: 'textbox' | 'checkbox' | 'button', name: string): Promise<void> {
  await page.getByRole(role, { name, exact: true }).tap({ timeout: TIMEOUT_MS });
}

/** Milliseconds from the start of the navigation to the live presenter's card on screen. */
async function timeToLivePresenter(page: Page, url: string): Promise<number> {
  const start = performance.now();
  await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
  await page.getByRole('region', { name: 'Live' }).getByRole('link').first().waitFor({ timeout: TIMEOUT_MS });
  return performance.now() - start;
}

interface NewcomerFigures {
  /** Navigation to the profile form on screen (painted from the HTML). */
  painted: number;
  /** Navigation to the form in the app's hands (the build-time screen replaced). */
  usable: number;
  /**
   * The first tap into the form to its first character on screen: the tap's own handling, the
   * automation's pause until it presses the first key, and that key's.
   */
  tapToCharacter: number;
  /** The first tap to the frame that shows the field focused (its caret): the tap's answer. */
  tapToFocus: number;
  /** The first tap's interaction latency, as the browser's Event Timing gives it (see tapLatency). */
  tapLatency: number;
  /** The first key to its character on screen. */
  firstKey: number;
  /** The median keystroke of the profile, from the key to its character on screen. */
  medianKey: number;
  /** The slowest keystroke of the profile, from the key to its character on screen. */
  slowestKey: number;
  /** Save (the form complete) to the saved toast, and to the queue. */
  saveToToast: number;
  saveToQueue: number;
}

/**
 * A first-time visitor (nothing stored) opening /presenters, who is shown the profile form: the
 * milliseconds until the form is on screen (painted from the HTML), and until it is the app's
 * own (the build-time screen replaced: validation, Save and the sign-in behind it work). They tap
 * into the form as soon as it shows and type their profile while the app starts, tick the
 * agreement and press Save once it is enabled.
 */
async function newcomer(browser: Browser, url: string, cpuSlowdown: number): Promise<NewcomerFigures> {
  const { context, page } = await openPhone(browser, cpuSlowdown);
  try {
    const start = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await page.getByRole('textbox', { name: 'First Name' }).waitFor({ timeout: TIMEOUT_MS });
    const painted = performance.now() - start;

    for (const [label, text] of NEWCOMER_PROFILE) {
      await tap(page, 'textbox', label);
      await page.keyboard.type(text, { delay: KEY_DELAY_MS });
    }
    // The app's takeover, on the page's own clock (from the navigation's start), seen by the probe.
    await page.waitForFunction('window.__benchInteractions.replaced !== null', undefined, { timeout: TIMEOUT_MS, polling: 50 });
    const usable = (await page.evaluate('window.__benchInteractions.replaced')) as number;
    await tap(page, 'checkbox', 'I agree to the Privacy Policy');
    for (const [label, text] of NEWCOMER_PROFILE) {
      const typed = await page.getByRole('textbox', { name: label, exact: true }).inputValue();
      if (typed !== text) throw new Error(`'${label}' holds '${typed}' after typing '${text}': a keystroke was lost.`);
    }
    // The app's form (it has taken over by now) enables Save once the profile is complete.
    await page.getByRole('button', { name: 'Save', exact: true }).and(page.locator(':enabled')).waitFor({ timeout: TIMEOUT_MS });
    const saved = performance.now();
    await tap(page, 'button', 'Save');
    await page.getByText(SAVED_TOAST).waitFor({ timeout: TIMEOUT_MS });
    const saveToToast = performance.now() - saved;
    await page.getByRole('region', { name: 'Live' }).getByRole('link').first().waitFor({ timeout: TIMEOUT_MS });
    const saveToQueue = performance.now() - saved;

    const probe = (await page.evaluate('window.__benchInteractions')) as ProbeReadings;
    if (probe.tap === null || probe.tapShown === null || probe.firstCharacter === null)
      throw new Error('The first tap, its focus or the first character was not seen.');
    return {
      painted,
      usable,
      tapToCharacter: probe.firstCharacter - probe.tap,
      tapToFocus: probe.tapShown - probe.tap,
      tapLatency: tapLatency(probe),
      firstKey: probe.keys[0] ?? Number.NaN,
      medianKey: median(probe.keys),
      slowestKey: Math.max(...probe.keys),
      saveToToast,
      saveToQueue,
    };
  } finally {
    await context.close();
  }
}

/** A fresh phone on `url` once the app has started: its form in the app's hands, the browser idle, the network quiet. */
async function startedPage(browser: Browser, url: string, cpuSlowdown: number): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPhone(browser, cpuSlowdown);
  await page.goto(url, { waitUntil: 'networkidle', timeout: TIMEOUT_MS });
  await page.waitForFunction(firstScreenReplaced, undefined, { timeout: TIMEOUT_MS, polling: 50 });
  return { context, page };
}

/** Two idle periods in a row: the start-up's remaining work (Auth, the service worker) is done. */
async function idleTwice(page: Page): Promise<void> {
  for (let idle = 0; idle < 2; idle++) {
    await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 10000 }))');
  }
}

/**
 * The same first tap and character on a page that has finished starting (the app's form, the
 * browser idle, the network quiet): what a tap costs this phone when nothing else runs. It is the
 * floor the start-up's figure is compared with: the difference is the start-up's doing.
 */
async function settledTap(
  browser: Browser,
  url: string,
  cpuSlowdown: number,
): Promise<{ tapToCharacter: number; tapToFocus: number; tapLatency: number; key: number }> {
  const { context, page } = await startedPage(browser, url, cpuSlowdown);
  try {
    await idleTwice(page);
    const [label, text] = NEWCOMER_PROFILE[0] ?? ['First Name', 'Ines'];
    await tap(page, 'textbox', label);
    await page.keyboard.type(text, { delay: KEY_DELAY_MS });
    await page.waitForFunction(`window.__benchInteractions.keys.length >= ${text.length}`, undefined, { timeout: TIMEOUT_MS });
    const probe = await timedProbe(page);
    if (probe.tap === null || probe.tapShown === null || probe.firstCharacter === null)
      throw new Error('The settled tap, its focus or its character was not seen.');
    return {
      tapToCharacter: probe.firstCharacter - probe.tap,
      tapToFocus: probe.tapShown - probe.tap,
      tapLatency: tapLatency(probe),
      key: median(probe.keys),
    };
  } finally {
    await context.close();
  }
}

/**
 * The probe's readings once the browser has reported the first input's timing: Event Timing
 * delivers its entries after the frame that ends them, so this waits for the first input's entry
 * and two frames and a task more, for the rest of the tap's events.
 */
async function timedProbe(page: Page): Promise<ProbeReadings> {
  await page.waitForFunction('window.__benchInteractions.firstInput !== null', undefined, { timeout: TIMEOUT_MS });
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(undefined), 0))))',
  );
  return (await page.evaluate('window.__benchInteractions')) as ProbeReadings;
}

/** A tap's figures: to the frame that shows the field focused, and its latency by Event Timing. */
interface TapFigures {
  focus: number;
  latency: number;
}

/** Taps the text field `name` names: the milliseconds to the frame that shows its focus, and the tap's latency. */
async function tapToFocus(page: Page, name: string): Promise<TapFigures> {
  await tap(page, 'textbox', name);
  await page.waitForFunction('window.__benchInteractions.tapShown !== null', undefined, { timeout: TIMEOUT_MS });
  const probe = await timedProbe(page);
  return { focus: (probe.tapShown ?? Number.NaN) - (probe.tap ?? Number.NaN), latency: tapLatency(probe) };
}

/**
 * The same tap, on the same started page, on a plain input added to the app's form: no component
 * of the app's and no handler of its own, but inside React's root, so React's event handling runs
 * for each event of the tap. Between the plain page's figure and the app's field's, it says how
 * much of a tap is React's and how much the field's.
 */
async function reactRootTap(browser: Browser, url: string, cpuSlowdown: number): Promise<TapFigures> {
  const { context, page } = await startedPage(browser, url, cpuSlowdown);
  try {
    await page.evaluate(
      `(() => {
        const label = document.createElement('label');
        label.append('Plain field ', document.createElement('input'));
        document.querySelector('#root form').append(label);
      })()`,
    );
    await idleTwice(page);
    return await tapToFocus(page, 'Plain field');
  } finally {
    await context.close();
  }
}

/** A page with one labelled input and no script, answered by the benchmark itself (no server). */
const PLAIN_INPUT_PAGE =
  '<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Plain input</title>' +
  '<label>First Name <input name="first_name" autocomplete="given-name"></label></html>';

/**
 * The same tap on a page with nothing but an input (no script, no styles): what the emulated phone
 * and the browser's own input handling cost before any app runs. The app's share of a tap is its
 * figure minus this one, from the same run.
 */
async function plainTap(browser: Browser, origin: string, cpuSlowdown: number): Promise<TapFigures> {
  const { context, page } = await openPhone(browser, cpuSlowdown);
  try {
    const url = new URL('/bench-plain-input', origin).href;
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: PLAIN_INPUT_PAGE }));
    await page.goto(url, { timeout: TIMEOUT_MS });
    await idleTwice(page);
    return await tapToFocus(page, 'First Name');
  } finally {
    await context.close();
  }
}

/** One provider: a first visit in a fresh profile, then a return once the service worker is in charge. */
async function visitTwice(browser: Browser, url: string, cpuSlowdown: number): Promise<{ first: number; returning: number }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript({
      content: `localStorage.getItem('profile') || localStorage.setItem('profile', ${JSON.stringify(STORED_PROFILE)});`,
    });
    const page = await context.newPage();
    await emulatePhone(page, cpuSlowdown);
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
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      'default-throttling': { type: 'boolean', default: false },
      'benchmark-index': { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const served = await serveDemoBuild();
  let browser: Browser | undefined;
  try {
    const url = new URL('/presenters', served.origin).href;
    browser = await launchChromium();
    const given = values['benchmark-index'] === undefined ? undefined : Number(values['benchmark-index']);
    console.log(
      `\n/presenters on a phone: ${PHONE_NETWORK.downloadThroughput / 125} kbit/s down, ` +
        `${PHONE_NETWORK.uploadThroughput / 125} kbit/s up, ${PHONE_NETWORK.latency} ms round trip, ` +
        (values['default-throttling']
          ? `${DEFAULT_CPU_SLOWDOWN}× CPU slowdown (--default-throttling)\n`
          : `a low-tier phone's CPU (the host's speed is read before each run)\n`),
    );
    const newcomers: NewcomerFigures[] = [];
    const firsts: number[] = [];
    const returns: number[] = [];
    const settledTaps: { tapToCharacter: number; tapToFocus: number; tapLatency: number; key: number }[] = [];
    const plainTaps: TapFigures[] = [];
    const reactRootTaps: TapFigures[] = [];
    const indexes: number[] = [];
    const slowdowns: number[] = [];
    const ms = (value: number) => value.toFixed(0).padStart(6);
    for (let run = 1; run <= runs; run++) {
      // Read before each run: the load of a shared machine changes over the minutes a run takes.
      const calibration = given === undefined ? await wallBenchmarkIndex(browser) : givenCalibration(given, 'wall');
      const cpuSlowdown = values['default-throttling'] ? DEFAULT_CPU_SLOWDOWN : calibration.cpuSlowdown;
      indexes.push(calibration.benchmarkIndex);
      slowdowns.push(cpuSlowdown);
      console.log(`run ${run}: ${describeCalibration(calibration)}; applied ${cpuSlowdown.toFixed(2)}×`);
      const form = await newcomer(browser, url, cpuSlowdown);
      newcomers.push(form);
      const settled = await settledTap(browser, url, cpuSlowdown);
      settledTaps.push(settled);
      const plain = await plainTap(browser, served.origin, cpuSlowdown);
      plainTaps.push(plain);
      const reactRoot = await reactRootTap(browser, url, cpuSlowdown);
      reactRootTaps.push(reactRoot);
      const { first, returning } = await visitTwice(browser, url, cpuSlowdown);
      firsts.push(first);
      returns.push(returning);
      console.log(
        `run ${run}: newcomer's form painted ${ms(form.painted)} ms, usable ${ms(form.usable)} ms, ` +
          `tap to character ${ms(form.tapToCharacter)} ms, tap to focus ${ms(form.tapToFocus)} ms, tap's latency ${ms(form.tapLatency)} ms, ` +
          `first key ${ms(form.firstKey)} ms, median key ${ms(form.medianKey)} ms, slowest key ${ms(form.slowestKey)} ms, ` +
          `Save to toast ${ms(form.saveToToast)} ms, to queue ${ms(form.saveToQueue)} ms; ` +
          `started page: tap to character ${ms(settled.tapToCharacter)} ms, tap to focus ${ms(settled.tapToFocus)} ms, ` +
          `tap's latency ${ms(settled.tapLatency)} ms, median key ${ms(settled.key)} ms; ` +
          `plain input: tap to focus ${ms(plain.focus)} ms (latency ${ms(plain.latency)} ms), ` +
          `in the app's React root ${ms(reactRoot.focus)} ms (latency ${ms(reactRoot.latency)} ms); ` +
          `live presenter: first visit ${ms(first)} ms, returning visit ${ms(returning)} ms`,
      );
    }
    const middle = (key: keyof NewcomerFigures) => median(newcomers.map((figures) => figures[key])).toFixed(0);
    console.log(
      `\nmedian of ${runs} (host benchmarkIndex ${median(indexes).toFixed(0)}, CPU slowdown ${median(slowdowns).toFixed(2)}×):\n` +
        `  first-time visitor (nothing stored), /presenters to the profile form: painted ${middle('painted')} ms, usable ${middle('usable')} ms\n` +
        `  first-time visitor's taps: first tap into the form to its character on screen ${middle('tapToCharacter')} ms ` +
        `(the tap to the field focused on screen ${middle('tapToFocus')} ms, the first key to its character ${middle('firstKey')} ms), ` +
        `the first tap's latency (Event Timing, as INP counts it) ${middle('tapLatency')} ms, ` +
        `median keystroke ${middle('medianKey')} ms, slowest keystroke ${middle('slowestKey')} ms; Save to the saved toast ${middle('saveToToast')} ms, ` +
        `to the queue ${middle('saveToQueue')} ms (the spec waits 2 s after the toast)\n` +
        `  the same taps once the page has started and the browser is idle: first tap to its character ` +
        `${median(settledTaps.map((t) => t.tapToCharacter)).toFixed(0)} ms, to the field focused ` +
        `${median(settledTaps.map((t) => t.tapToFocus)).toFixed(0)} ms, the tap's latency ${median(settledTaps.map((t) => t.tapLatency)).toFixed(0)} ms, ` +
        `median keystroke ${median(settledTaps.map((t) => t.key)).toFixed(0)} ms\n` +
        `  the same tap on a page with one plain input and no script (the phone's and the browser's own share): to the field focused ` +
        `${median(plainTaps.map((t) => t.focus)).toFixed(0)} ms, latency ${median(plainTaps.map((t) => t.latency)).toFixed(0)} ms; ` +
        `a plain input inside the started app's form (React's event handling, no component of the app): ` +
        `${median(reactRootTaps.map((t) => t.focus)).toFixed(0)} ms, latency ${median(reactRootTaps.map((t) => t.latency)).toFixed(0)} ms\n` +
        `  provider with a stored profile, to the live presenter: first visit ${median(firsts).toFixed(0)} ms, returning visit (service worker) ${median(returns).toFixed(0)} ms\n`,
    );
  } finally {
    await browser?.close();
    await served.close();
  }
}

await main();
