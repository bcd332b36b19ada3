// `npm run bench:lighthouse`: the app as a phone at the venue first meets it, judged by
// Lighthouse's mobile profile (simulated slow 4G: 150 ms round trip, 1.6 Mbit/s) in Debian's
// Chromium, on the production build served against the local backend with the demo data set,
// with the CPU slowed down to a low-tier phone's speed whatever the host (scripts/cpuCalibration.ts:
// the host's benchmarkIndex / 264, both the index and the trace's tasks read in CPU time), so that
// any machine, quiet or busy, gives the same figures. `-- --default-throttling` runs Lighthouse as
// it comes instead (4× slowdown, wall-clock time), for comparison with older figures.
// Each page is loaded RUNS times; the median performance score, FCP, LCP, TBT, CLS,
// accessibility and best-practices scores are printed per page, with the largest paint's element,
// the host's benchmarkIndex and the slowdown applied.
// Printed, not asserted (shared machines are noisy). `-- --runs N` and `-- --only /profile` narrow it;
// `-- --save DIR` keeps each run's Lighthouse report (JSON) and the trace it was audited on;
// `-- --benchmark-index N` applies the slowdown of an earlier run's index instead of reading it.

import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { chromiumPath, serviceWorkerInCharge } from './chromium.js';
import {
  cpuBenchmarkIndex,
  describeCalibration,
  givenCalibration,
  traceInCpuTime,
  type CpuCalibration,
} from './cpuCalibration.js';
import { serveDemoBuild } from './demoBuild.js';

interface PageCase {
  label: string;
  path: string;
  /** A returning provider: a stored profile and the service worker installed before the runs, and kept. */
  returning?: boolean;
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-dev-shm-usage'];
const lighthouseVersion = (
  JSON.parse(readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const CASES: PageCase[] = [
  { label: '/presenters (first visit)', path: '/presenters' },
  { label: '/presenters (returning)', path: '/presenters', returning: true },
  { label: '/profile', path: '/profile' },
  { label: '/results', path: '/results' },
  { label: '/', path: '/' },
  { label: '/events', path: '/events' },
];

/** A completed provider profile in browser storage (the spec's section 3 `profile` item). */
const STORED_PROFILE = {
  user_id: '',
  first_name: 'Bench',
  last_name: 'Lighthouse',
  email: 'bench.lighthouse@example.com',
  company: 'Venue Wi-Fi Ltd',
  phone: '',
  terms_accepted: true,
};

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The host's speed as Lighthouse read it at the start of the run, and the slowdown applied for it. */
  benchmarkIndex: number;
  cpuSlowdown: number;
  lcpElement: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The largest paint's element, as Lighthouse's trace insights name it (a selector and a snippet). */
function lcpElement(result: RunnerResult): string {
  const audits = result.lhr.audits;
  for (const id of ['lcp-breakdown-insight', 'largest-contentful-paint-element']) {
    const found = JSON.stringify(audits[id]?.details ?? null).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
    if (found?.[1]) return JSON.parse(`"${found[1]}"`) as string;
  }
  // Lighthouse names the element only if it is still in the page at the end: a build-time first
  // screen's element has been replaced by the app's own by then.
  return '(no longer in the page: an element of the build-time first screen, replaced by the app)';
}

function figuresOf(result: RunnerResult): Figures {
  const { categories, audits } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? Number.NaN) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? Number.NaN) * 100),
    bestPractices: Math.round((categories['best-practices']?.score ?? Number.NaN) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    cpuSlowdown: result.lhr.configSettings.throttling.cpuSlowdownMultiplier,
    lcpElement: lcpElement(result),
  };
}

/**
 * Makes the browser profile in `userDataDir` a returning provider's: opens the page once with a
 * stored profile and waits until its service worker is in charge.
 */
async function becomeReturningProvider(userDataDir: string, url: string): Promise<void> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROME_FLAGS,
  });
  try {
    const page = await context.newPage();
    await page.goto(new URL('/', url).href);
    await page.evaluate(`localStorage.setItem('profile', ${JSON.stringify(JSON.stringify(STORED_PROFILE))})`);
    await page.goto(url);
    await page.getByRole('region', { name: 'Live' }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(serviceWorkerInCharge, undefined, { timeout: 60_000 });
  } finally {
    await context.close();
  }
}

interface Options {
  runs: number;
  save: string | undefined;
  /** Lighthouse's CPU slowdown: the low-tier phone's for this host, or Lighthouse's own 4×. */
  cpuSlowdown: number;
  /** Whether the trace is read in CPU time (scripts/cpuCalibration.ts), or in wall-clock time as Lighthouse does. */
  cpuTime: boolean;
}

/**
 * One Lighthouse run. Its simulated throttling applies the slowdown to the recorded trace after
 * the page has loaded at the host's full speed: so the run gathers first, then, in CPU time,
 * its trace is rewritten so that each task counts the main thread's CPU time, not the time it
 * waited for a core, and is audited with the slowdown (its saved settings say so).
 */
async function calibratedRun(
  url: string,
  flags: Flags,
  { cpuSlowdown, cpuTime }: Options,
  keepTrace: string | undefined,
): Promise<{ result: RunnerResult; wallMs: number; cpuMs: number }> {
  const artifactsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-artifacts-'));
  try {
    await lighthouse(url, { ...flags, gatherMode: artifactsDir });
    const file = path.join(artifactsDir, 'artifacts.json');
    const artifacts = JSON.parse(await fs.readFile(file, 'utf8')) as { settings: Flags };
    const runThrottling = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown };
    artifacts.settings.throttling = runThrottling;
    await fs.writeFile(file, JSON.stringify(artifacts));
    const traceFile = path.join(artifactsDir, 'trace.json');
    let times = { wallMs: Number.NaN, cpuMs: Number.NaN };
    if (cpuTime) {
      const trace = JSON.parse(await fs.readFile(traceFile, 'utf8')) as { traceEvents: Parameters<typeof traceInCpuTime>[0] };
      times = traceInCpuTime(trace.traceEvents);
      await fs.writeFile(traceFile, JSON.stringify(trace));
    }
    const result = await lighthouse(url, { ...flags, auditMode: artifactsDir, throttling: runThrottling });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (keepTrace) await fs.copyFile(traceFile, keepTrace);
    return { result, ...times };
  } finally {
    await fs.rm(artifactsDir, { recursive: true, force: true });
  }
}

/** Lighthouse's errors that say the trace was not recorded and the run should be tried again. */
const RETRIED_ERRORS = new Set(['NO_NAVSTART']);

/** Lighthouse's runs of one page, each in the same browser profile. */
async function measure(entry: PageCase, url: string, options: Options): Promise<Figures[]> {
  const { runs, save } = options;
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
  try {
    if (entry.returning) await becomeReturningProvider(userDataDir, url);
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, userDataDir });
    try {
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // A returning provider keeps the profile, caches and service worker of the visit above.
        disableStorageReset: entry.returning === true,
      };
      const each: Figures[] = [];
      for (let run = 1; run <= runs; run++) {
        const name = `${entry.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run}`;
        if (save) await fs.mkdir(save, { recursive: true });
        let measured = await calibratedRun(url, flags, options, save && path.join(save, `${name}.trace.json`));
        // Lighthouse now and then fails to record a load's trace and asks to be run again (its
        // NO_NAVSTART): such a run is run again, twice at the most, rather than ending
        // a benchmark of many minutes. Any other failure ends it.
        for (let retry = 1; retry <= 2 && RETRIED_ERRORS.has(measured.result.lhr.runtimeError?.code ?? ''); retry++) {
          console.log(`  ${entry.label} run ${run}: ${measured.result.lhr.runtimeError?.code ?? ''} from Lighthouse, run again`);
          measured = await calibratedRun(url, flags, options, save && path.join(save, `${name}.trace.json`));
        }
        const { result, wallMs, cpuMs } = measured;
        if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
        if (save) await fs.writeFile(path.join(save, `${name}.json`), result.report as string);
        const figures = figuresOf(result);
        each.push(figures);
        console.log(
          `  ${entry.label} run ${run}: performance ${figures.performance}, LCP ${figures.lcp.toFixed(0)} ms, ` +
            `TBT ${figures.tbt.toFixed(0)} ms (Lighthouse's benchmarkIndex ${figures.benchmarkIndex.toFixed(0)}` +
            (options.cpuTime ? `; tasks ${wallMs.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU)` : ')'),
        );
      }
      return each;
    } finally {
      chrome.kill();
    }
  } finally {
    await fs.rm(userDataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      only: { type: 'string', multiple: true },
      save: { type: 'string' },
      'default-throttling': { type: 'boolean', default: false },
      'benchmark-index': { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const cases = values.only ? CASES.filter((entry) => values.only?.includes(entry.path)) : CASES;

  const served = await serveDemoBuild();
  try {
    const defaultThrottling = values['default-throttling'];
    const given = values['benchmark-index'];
    let calibration: CpuCalibration | null = null;
    if (!defaultThrottling) {
      // Read with the build served and idle, in a Chromium started as Lighthouse's are.
      const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROME_FLAGS });
      calibration = await (
        given === undefined ? cpuBenchmarkIndex(browser) : Promise.resolve(givenCalibration(Number(given), 'cpu'))
      ).finally(() => browser.close());
    }
    const options: Omit<Options, 'runs' | 'save'> = {
      cpuSlowdown: calibration?.cpuSlowdown ?? throttling.mobileSlow4G.cpuSlowdownMultiplier,
      cpuTime: calibration !== null,
    };
    const setting = calibration
      ? `${describeCalibration(calibration)}; tasks in CPU time`
      : `CPU slowdown: Lighthouse's default ${options.cpuSlowdown}× (--default-throttling), tasks in wall-clock time`;
    console.log(`\nLighthouse ${lighthouseVersion}, mobile, median of ${runs} runs per page\n${setting}\n`);
    const rows: { label: string; figures: Figures }[] = [];
    for (const entry of cases) {
      const each = await measure(entry, new URL(entry.path, served.origin).href, { runs, save: values.save, ...options });
      const pick = (key: keyof Omit<Figures, 'lcpElement'>) => median(each.map((figures) => figures[key]));
      const middleRun = [...each].sort((a, b) => a.performance - b.performance)[Math.floor(each.length / 2)];
      rows.push({
        label: entry.label,
        figures: {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          bestPractices: pick('bestPractices'),
          fcp: pick('fcp'),
          lcp: pick('lcp'),
          tbt: pick('tbt'),
          cls: pick('cls'),
          benchmarkIndex: pick('benchmarkIndex'),
          cpuSlowdown: pick('cpuSlowdown'),
          lcpElement: middleRun?.lcpElement ?? '',
        },
      });
    }

    console.log(
      '\n| page | performance | FCP | LCP | TBT | CLS | accessibility | best practices | benchmarkIndex (Lighthouse, wall) | CPU slowdown |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const { label, figures } of rows) {
      console.log(
        `| ${label} | ${figures.performance} | ${(figures.fcp / 1000).toFixed(1)} s | ${(figures.lcp / 1000).toFixed(1)} s | ` +
          `${figures.tbt.toFixed(0)} ms | ${figures.cls.toFixed(3)} | ${figures.accessibility} | ${figures.bestPractices} | ${figures.benchmarkIndex.toFixed(0)} | ${figures.cpuSlowdown.toFixed(2)}× |`,
      );
    }
    console.log('\nLargest paint:');
    for (const { label, figures } of rows) console.log(`  ${label}: ${figures.lcpElement}`);
    console.log(`\n${setting}\n`);
  } finally {
    await served.close();
  }
}

await main();
