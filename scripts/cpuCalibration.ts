// The CPU slowdown that makes this machine run like a low-tier phone, shared by the load
// benchmarks (bench:lighthouse, bench:phone). A fixed slowdown (Lighthouse's 4×) is relative to the
// host, so the same build scores differently on a fast laptop, a slow one and a busy one. Instead
// the host's speed is read as Lighthouse reads it (its `benchmarkIndex`, the page function it runs
// before every run) and divided by the index Chrome DevTools uses for its low-tier mobile preset,
// 264 (a Moto G Power class phone): the page then runs at that phone's speed on any machine.

import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Browser } from 'playwright-core';

/** Chrome DevTools' calibration target for a low-tier mobile phone (its "low-tier mobile" CPU preset). */
export const LOW_TIER_PHONE_INDEX = 264;
/** How many readings make one calibration: the median is taken, as the load of a shared machine varies. */
const READINGS = 5;

export interface CpuCalibration {
  /** The host's speed, Lighthouse's benchmarkIndex (median of the readings). */
  benchmarkIndex: number;
  readings: number[];
  /** The slowdown that brings the host down to the low-tier phone (never below 1: no speed-up exists). */
  cpuSlowdown: number;
}

export function slowdownFor(benchmarkIndex: number): number {
  return Math.max(1, benchmarkIndex / LOW_TIER_PHONE_INDEX);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Reads the host's benchmarkIndex in a blank page of `browser` (Lighthouse's own page function,
 * about a second per reading) and returns the low-tier phone's slowdown for it. A `fixedIndex`
 * (the `--benchmark-index` option of the benchmarks) skips the readings, to repeat a run with the
 * slowdown of an earlier one.
 */
export async function calibrateCpu(browser: Browser, fixedIndex?: number): Promise<CpuCalibration> {
  if (fixedIndex !== undefined) {
    if (!(fixedIndex > 0)) throw new Error(`--benchmark-index must be a positive number, not ${fixedIndex}.`);
    return { benchmarkIndex: fixedIndex, readings: [], cpuSlowdown: slowdownFor(fixedIndex) };
  }
  const page = await browser.newPage();
  try {
    const readings: number[] = [];
    for (let reading = 0; reading < READINGS; reading++) {
      readings.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    }
    const benchmarkIndex = median(readings);
    return { benchmarkIndex, readings, cpuSlowdown: slowdownFor(benchmarkIndex) };
  } finally {
    await page.close();
  }
}

/** One line for a benchmark's output: the host's index, its readings and the slowdown applied. */
export function describeCalibration({ benchmarkIndex, readings, cpuSlowdown }: CpuCalibration): string {
  const source = readings.length ? `median of ${readings.join(', ')}` : 'given with --benchmark-index';
  return (
    `host benchmarkIndex ${benchmarkIndex.toFixed(0)} (${source}); ` +
    `CPU slowdown ${cpuSlowdown.toFixed(2)}× = ${benchmarkIndex.toFixed(0)} / ${LOW_TIER_PHONE_INDEX} (low-tier phone)`
  );
}
