// The suite's budget as `npm run bench:tests` compares a run with it (scripts/tests/budget.ts):
// the wall time against the budget's and the 8-minute ceiling, each budgeted file before and now,
// and a file that joined the slowest.

import { describe, expect, it } from 'vitest';
import { budgetOf, compareWithBudget, readBudget } from '../../scripts/tests/budget';

const files = Array.from({ length: 12 }, (_, index) => ({
  name: `tests/e2e/f${index}.test.ts (browser)`,
  seconds: 100 - index * 5,
}));

describe('the test budget', () => {
  it('keeps the 10 slowest files of a run, slowest first, with the machine and commit', () => {
    const budget = budgetOf(450.4, [...files].reverse(), 'abc1234', new Date('2026-11-28T03:00:00Z'));
    expect(budget.wallSeconds).toBe(450);
    expect(budget.slowest.map((file) => file.seconds)).toEqual([100, 95, 90, 85, 80, 75, 70, 65, 60, 55]);
    expect(budget.measured).toMatchObject({ date: '2026-11-28', commit: 'abc1234' });
    expect(budget.measured.cores).toBeGreaterThan(0);
  });

  it('says what grew, what left the run and what joined the slowest, and when the run passes the ceiling', () => {
    const budget = budgetOf(450, files.slice(0, 10), 'abc1234');
    const now = [
      { name: files[0]?.name ?? '', seconds: 130 },
      ...files.slice(2, 10),
      { name: 'tests/e2e/newcomer.test.ts (browser)', seconds: 99 },
    ];
    const lines = compareWithBudget(budget, 500, now);
    expect(lines[0]).toMatch(/wall time 450 s, this run 500 s \(\+11%\), over the 8-minute ceiling$/);
    expect(lines.find((line) => line.includes('f0.test.ts'))).toMatch(/100\.0 s → +130\.0 s +\(\+30\.0 s\)$/);
    expect(lines.find((line) => line.includes('f1.test.ts'))).toMatch(/not in this run$/);
    expect(lines.at(-1)).toMatch(/newcomer\.test\.ts \(browser\) +new among the 10 slowest: 99\.0 s$/);
    expect(compareWithBudget(budget, 400, files)[0]).not.toMatch(/ceiling/);
  });

  it("keeps the machine's speed, and scales a run on a faster or slower day to the budget's", () => {
    const budget = budgetOf(1500, files.slice(0, 10), 'abc1234', new Date('2026-11-29T03:00:00Z'), 2000.4);
    expect(budget.measured.benchmarkIndex).toBe(2000);
    // The machine twice as fast: 800 s now is 1600 s at the budget's speed, a run 7% slower.
    expect(compareWithBudget(budget, 800, files, 4000)[1]).toBe(
      "machine: benchmarkIndex 2000 then, 4000 now (+100%): this run at the budget's speed would take about 1600 s (+7%)",
    );
    // No reading on one side: no such line.
    expect(compareWithBudget(budget, 800, files).some((line) => line.startsWith('machine:'))).toBe(false);
    expect(
      compareWithBudget(budgetOf(1500, files, 'abc1234'), 800, files, 4000).some((line) => line.startsWith('machine:')),
    ).toBe(false);
  });

  it('is in the repository, naming 10 files', () => {
    expect(readBudget()?.slowest).toHaveLength(10);
  });
});
