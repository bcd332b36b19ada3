// The CPU slowdown that makes this machine run like a low-tier phone, shared by the load
// benchmarks (bench:lighthouse, bench:phone). A fixed slowdown (Lighthouse's 4×) is relative to the
// host, so the same build scores differently on a fast laptop, a slow one and a busy one. Instead
// the host's speed is read as Lighthouse reads it (its `benchmarkIndex`, the page function it runs
// before every run) and divided by the index Chrome DevTools uses for its low-tier mobile preset,
// 264 (a Moto G Power class phone): the page then runs at that phone's speed on any machine.
//
// Two readings of the index, one per way of slowing down:
// - Lighthouse simulates the slowdown on the recorded trace. On a machine others share, much of a
//   task's wall time is spent waiting for a core (three quarters of it under a load of 10 on two
//   cores), and the simulation would multiply that waiting by the slowdown too. So bench:lighthouse
//   measures in CPU time: the index from the benchmark's CPU time (`cpuBenchmarkIndex`: the host's
//   speed when it has a core), and each task of the trace as long as the main thread's CPU time
//   in it (`traceInCpuTime`). On a quiet machine both equal the wall-clock ones.
// - bench:phone slows Chromium itself down (DevTools' CPU throttling, which holds the page's
//   thread back in wall time), so it uses the wall-clock index, read just before each run.

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
  /** What the index was read from: the benchmark's wall-clock time, or its CPU time. */
  clock: 'wall' | 'cpu';
  /** The slowdown that brings the host down to the low-tier phone (never below 1: no speed-up exists). */
  cpuSlowdown: number;
}

export function slowdownFor(benchmarkIndex: number): number {
  return Math.max(1, benchmarkIndex / LOW_TIER_PHONE_INDEX);
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function calibration(readings: number[], clock: CpuCalibration['clock']): CpuCalibration {
  const benchmarkIndex = median(readings);
  return { benchmarkIndex, readings, clock, cpuSlowdown: slowdownFor(benchmarkIndex) };
}

/** A `--benchmark-index` given on the command line: a run repeated with the slowdown of an earlier one. */
export function givenCalibration(benchmarkIndex: number, clock: CpuCalibration['clock']): CpuCalibration {
  if (!(benchmarkIndex > 0)) throw new Error(`--benchmark-index must be a positive number, not ${benchmarkIndex}.`);
  return { benchmarkIndex, readings: [], clock, cpuSlowdown: slowdownFor(benchmarkIndex) };
}

/**
 * Reads the host's benchmarkIndex in a blank page of `browser` (Lighthouse's own page function,
 * about a second per reading), in wall-clock time as Lighthouse does.
 */
export async function wallBenchmarkIndex(browser: Browser): Promise<CpuCalibration> {
  const page = await browser.newPage();
  try {
    const readings: number[] = [];
    for (let reading = 0; reading < READINGS; reading++) readings.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    return calibration(readings, 'wall');
  } finally {
    await page.close();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The tasks the scheduler runs: the top-level events of a thread, each with its wall and CPU time. */
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork']);

/**
 * The same reading in CPU time: the benchmark runs in one task, traced with the thread's CPU
 * time, and the index is scaled by that task's wall time over its CPU time. Under load this is
 * the speed the host has whenever the page's thread has a core.
 */
export async function cpuBenchmarkIndex(browser: Browser): Promise<CpuCalibration> {
  const page = await browser.newPage();
  try {
    const readings: number[] = [];
    for (let reading = 0; reading < READINGS; reading++) {
      await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
      const wallIndex = await page.evaluate(pageFunctions.computeBenchmarkIndex);
      const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
      const renderers = new Set(
        events
          .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
          .map((e) => `${e.pid}:${e.tid}`),
      );
      const benchmark = events
        .filter((event) => TASKS.has(event.name) && event.ph === 'X' && renderers.has(`${event.pid}:${event.tid}`))
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
      if (!benchmark?.dur || !benchmark.tdur)
        throw new Error('The benchmark task is missing from the trace, or has no CPU time.');
      readings.push(Math.round((wallIndex * benchmark.dur) / benchmark.tdur));
    }
    return calibration(readings, 'cpu');
  } finally {
    await page.close();
  }
}

/**
 * Rewrites a trace so that each task of every thread lasts as long as its thread's CPU time in
 * it: the time it waited for a core while other programs ran is taken out, and the events inside
 * it are moved closer in proportion (their order and nesting stay as they were). Returns the
 * wall and CPU milliseconds of the tasks rewritten.
 */
export function traceInCpuTime(events: TraceEvent[]): { wallMs: number; cpuMs: number } {
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key);
    if (list) list.push(event);
    else byThread.set(key, [event]);
  }
  let wall = 0;
  let cpu = 0;
  for (const list of byThread.values()) {
    // A task before the tasks and events nested in it (they may start on the same microsecond).
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let index = 0;
    while (index < list.length) {
      const task = list[index];
      index++;
      if (!task || task.ph !== 'X' || !TASKS.has(task.name) || !task.dur || task.tdur === undefined) continue;
      const start = task.ts;
      const end = task.ts + task.dur;
      const scale = Math.min(1, task.tdur / task.dur);
      wall += task.dur;
      cpu += task.dur * scale;
      task.dur *= scale;
      // Everything that began inside the task, nested tasks included, moves with it.
      for (; index < list.length && (list[index]?.ts ?? end) < end; index++) {
        const inner = list[index];
        if (!inner) continue;
        inner.ts = start + (inner.ts - start) * scale;
        if (inner.dur !== undefined) inner.dur *= scale;
      }
    }
  }
  return { wallMs: wall / 1000, cpuMs: cpu / 1000 };
}

/** One line for a benchmark's output: the host's index, its readings and the slowdown it calls for. */
export function describeCalibration({ benchmarkIndex, readings, clock, cpuSlowdown }: CpuCalibration): string {
  const source = readings.length ? `median of ${readings.join(', ')}` : 'given with --benchmark-index';
  return (
    `host benchmarkIndex ${benchmarkIndex.toFixed(0)} in ${clock === 'cpu' ? 'CPU' : 'wall-clock'} time (${source}); ` +
    `CPU slowdown ${cpuSlowdown.toFixed(2)}× = ${benchmarkIndex.toFixed(0)} / ${LOW_TIER_PHONE_INDEX} (low-tier phone)`
  );
}
