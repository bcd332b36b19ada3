// `npm run bench:tests`: the whole Vitest suite with its usual output, then this reporter's
// summary: the run's wall time, its file and test counts and the 20 slowest files, so the suite's
// cost is measured before it is changed. Arguments after `--` go to Vitest
// (`npm run bench:tests -- --project services`). A file's time is everything it cost its worker:
// the environment, importing the file, its hooks and its tests. Files run side by side, so their
// times add up to more than the wall time. Then the run against the budget (tests/budget.json,
// scripts/tests/budget.ts): the wall time and the 10 slowest files it names, before and now; with
// TEST_BUDGET=write in the environment, a run that passed writes its own figures as the budget.
// With TEST_TIMES_JSON=<file>, every file's cost by phase goes to that file as JSON. The machine's
// speed is read at the end (Lighthouse's benchmarkIndex in a blank Chromium page), printed, kept
// in a budget written from the run and used to compare with the budget's.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { launchChromium } from './chromium';
import { wallBenchmarkIndex } from './cpuCalibration';
import { budgetOf, compareWithBudget, readBudget, writeBudget } from './tests/budget';

const SHOWN = 20;

interface FileCost {
  name: string;
  seconds: number;
  tests: number;
  failed: boolean;
}

function costOf(module: TestModule, root: string): FileCost {
  const diagnostic = module.diagnostic();
  const milliseconds =
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.collectDuration +
    diagnostic.setupDuration +
    diagnostic.duration;
  return {
    name: `${path.relative(root, module.moduleId)} (${module.project.name})`,
    seconds: milliseconds / 1000,
    tests: [...module.children.allTests()].length,
    failed: module.state() === 'failed',
  };
}

export default class SlowestTests implements Reporter {
  private started = performance.now();
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.started = performance.now();
    this.root = vitest.config.root;
  }

  async onTestRunEnd(modules: readonly TestModule[]): Promise<void> {
    const files = modules.map((module) => costOf(module, this.root));
    const tests = files.reduce((sum, file) => sum + file.tests, 0);
    const failed = files.filter((file) => file.failed).length;
    const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN);
    const width = Math.max(0, ...slowest.map((file) => file.name.length));
    const wall = (performance.now() - this.started) / 1000;
    console.log(
      [
        '',
        `wall time ${wall.toFixed(0)} s: ${files.length} files (${failed} failed), ${tests} tests`,
        `the ${slowest.length} slowest files:`,
        ...slowest.map(
          (file) =>
            `${file.seconds.toFixed(1).padStart(7)} s  ${file.name.padEnd(width)}  ${String(file.tests).padStart(4)} tests${file.failed ? '  FAILED' : ''}`,
        ),
      ].join('\n'),
    );

    // Every file's cost by phase (environment, import, hooks, tests), for a closer look.
    const perFile = process.env.TEST_TIMES_JSON;
    if (perFile) {
      const phases = modules.map((module) => ({
        file: path.relative(this.root, module.moduleId),
        project: module.project.name,
        ...module.diagnostic(),
      }));
      writeFileSync(perFile, `${JSON.stringify(phases, null, 1)}\n`);
      console.log(`every file's phases written to ${perFile}`);
    }
    const times = files.map((file) => ({ name: file.name, seconds: file.seconds }));
    const benchmarkIndex = await machineSpeed();
    const budget = readBudget();
    if (budget) console.log(['', ...compareWithBudget(budget, wall, times, benchmarkIndex)].join('\n'));
    if (process.env.TEST_BUDGET === 'write' && failed === 0) {
      const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: this.root, encoding: 'utf8' }).trim();
      writeBudget(budgetOf(wall, times, commit, new Date(), benchmarkIndex));
      console.log('tests/budget.json written from this run');
    }
  }
}

/** The machine's benchmarkIndex now (the median of five readings), printed; undefined, with the reason, if Chromium cannot start. */
async function machineSpeed(): Promise<number | undefined> {
  try {
    const browser = await launchChromium();
    try {
      const { benchmarkIndex, readings } = await wallBenchmarkIndex(browser);
      console.log(
        `machine: benchmarkIndex ${Math.round(benchmarkIndex)} (readings ${readings.map(Math.round).join(', ')}), ${os.cpus().length} cores`,
      );
      return benchmarkIndex;
    } finally {
      await browser.close();
    }
  } catch (error) {
    console.log(`machine: benchmarkIndex not read (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}
