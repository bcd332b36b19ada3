// The test suite's budget (tests/budget.json): the whole run's wall time and the 10 slowest files
// of the run it was written from, with the machine that gave them, so `npm run bench:tests` can
// say what grew. The suite must stay under 8 minutes on a 2-core machine; a change that adds time
// shows here, file by file, before it shows in CI.

import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

export const BUDGET_FILE = new URL('../../tests/budget.json', import.meta.url);
/** The suite's ceiling on the team's 2-core machines, whatever the budget's own figure. */
export const CEILING_SECONDS = 8 * 60;
/** How many files the budget names. */
export const BUDGET_FILES = 10;

export interface FileTime {
  name: string;
  seconds: number;
}

export interface Budget {
  /**
   * When and where its figures were taken (figures are compared only with the same machine's), and
   * how fast that machine was then: Lighthouse's benchmarkIndex read at the run's end. A shared
   * machine's speed changes from day to day (2,000 one day, 3,800 another on the same 2-core
   * machine), and the suite's time with it.
   */
  measured: { date: string; cores: number; cpu: string; commit: string; benchmarkIndex?: number };
  wallSeconds: number;
  slowest: FileTime[];
}

export function readBudget(file: URL = BUDGET_FILE): Budget | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Budget;
  } catch {
    return null;
  }
}

/** A budget from a run: its wall time and its slowest files, and the machine's benchmarkIndex when it was read. */
export function budgetOf(
  wallSeconds: number,
  files: readonly FileTime[],
  commit: string,
  date = new Date(),
  benchmarkIndex?: number,
): Budget {
  return {
    measured: {
      date: date.toISOString().slice(0, 10),
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      commit,
      ...(benchmarkIndex === undefined ? {} : { benchmarkIndex: Math.round(benchmarkIndex) }),
    },
    wallSeconds: Math.round(wallSeconds),
    slowest: [...files]
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, BUDGET_FILES)
      .map((file) => ({ name: file.name, seconds: Math.round(file.seconds * 10) / 10 })),
  };
}

export function writeBudget(budget: Budget, file: URL = BUDGET_FILE): void {
  writeFileSync(file, `${JSON.stringify(budget, null, 2)}\n`);
}

const signed = (value: number, digits: number) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;

/**
 * The run against the budget, a line each: the wall time, then each budgeted file and any file new
 * to the slowest. With the machine's benchmarkIndex now and in the budget, a second line says how
 * much faster or slower the machine was and what this run's time would be at the budget's speed
 * (the suite keeps both cores busy, so its time goes as the inverse of the machine's speed).
 */
export function compareWithBudget(
  budget: Budget,
  wallSeconds: number,
  files: readonly FileTime[],
  benchmarkIndex?: number,
): string[] {
  const now = new Map(files.map((file) => [file.name, file.seconds]));
  const ratio = wallSeconds / budget.wallSeconds;
  const lines = [
    `budget (tests/budget.json, ${budget.measured.date}, ${budget.measured.cores} cores, ${budget.measured.commit}): wall time ${budget.wallSeconds} s, this run ${wallSeconds.toFixed(0)} s (${signed((ratio - 1) * 100, 0)}%)${wallSeconds > CEILING_SECONDS ? `, over the ${CEILING_SECONDS / 60}-minute ceiling` : ''}`,
  ];
  const then = budget.measured.benchmarkIndex;
  if (then !== undefined && benchmarkIndex !== undefined) {
    const atBudgetSpeed = (wallSeconds * benchmarkIndex) / then;
    lines.push(
      `machine: benchmarkIndex ${then} then, ${Math.round(benchmarkIndex)} now (${signed((benchmarkIndex / then - 1) * 100, 0)}%): this run at the budget's speed would take about ${atBudgetSpeed.toFixed(0)} s (${signed((atBudgetSpeed / budget.wallSeconds - 1) * 100, 0)}%)`,
    );
  }
  const width = Math.max(0, ...budget.slowest.map((file) => file.name.length), ...files.map((file) => file.name.length));
  for (const file of budget.slowest) {
    const seconds = now.get(file.name);
    lines.push(
      seconds === undefined
        ? `  ${file.name.padEnd(width)}  ${file.seconds.toFixed(1).padStart(6)} s  not in this run`
        : `  ${file.name.padEnd(width)}  ${file.seconds.toFixed(1).padStart(6)} s → ${seconds.toFixed(1).padStart(6)} s  (${signed(seconds - file.seconds, 1)} s)`,
    );
  }
  const budgeted = new Set(budget.slowest.map((file) => file.name));
  const newcomers = [...files]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, BUDGET_FILES)
    .filter((file) => !budgeted.has(file.name));
  for (const file of newcomers)
    lines.push(`  ${file.name.padEnd(width)}  new among the ${BUDGET_FILES} slowest: ${file.seconds.toFixed(1)} s`);
  return lines;
}
