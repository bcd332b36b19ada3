// What one run of the SDK's api suite gives: every test's outcome, counted per test file and
// persistence mode (the SDK's apiDescribe runs each suite once per mode, naming it in the title).

export type Outcome = 'passed' | 'failed' | 'pending';

export interface TestResult {
  file: string;
  title: string;
  outcome: Outcome;
  error?: string;
  ms?: number;
}

/** `memory-lru`, `indexeddb`, or `-` for a test outside apiDescribe. */
export function persistenceMode(title: string): string {
  return /\(Persistence=([^)]+)\)/.exec(title)?.[1] ?? '-';
}

interface Row {
  file: string;
  mode: string;
  passed: number;
  failed: number;
  pending: number;
}

export function tally(results: TestResult[]): Row[] {
  const rows = new Map<string, Row>();
  for (const r of results) {
    const mode = persistenceMode(r.title);
    const key = `${r.file}\0${mode}`;
    let row = rows.get(key);
    if (!row) {
      row = { file: r.file, mode, passed: 0, failed: 0, pending: 0 };
      rows.set(key, row);
    }
    row[r.outcome]++;
  }
  return [...rows.values()].sort((a, b) => a.file.localeCompare(b.file) || a.mode.localeCompare(b.mode));
}

/** The per-file table, each mode's totals, the failures, and the closing `N passed, N failed` line. */
export function formatReport(results: TestResult[], seconds: number): string {
  const rows = tally(results);
  const width = Math.max(4, ...rows.map((r) => r.file.length));
  const line = (file: string, mode: string, p: number | string, f: number | string, s: number | string) =>
    `${file.padEnd(width)}  ${mode.padEnd(14)}  ${String(p).padStart(6)}  ${String(f).padStart(6)}  ${String(s).padStart(7)}`;
  const out = [line('file', 'mode', 'passed', 'failed', 'pending')];
  for (const r of rows) out.push(line(r.file, r.mode, r.passed, r.failed, r.pending));
  const modes = [...new Set(rows.map((r) => r.mode))].sort();
  for (const mode of modes) {
    const of = rows.filter((r) => r.mode === mode);
    const sum = (k: Outcome) => of.reduce((n, r) => n + r[k], 0);
    out.push(line('all files', mode, sum('passed'), sum('failed'), sum('pending')));
  }
  const failures = results.filter((r) => r.outcome === 'failed');
  if (failures.length > 0) {
    out.push('', 'Failed:');
    for (const f of failures) out.push(`  ${f.file}: ${f.title}\n    ${(f.error ?? '').split('\n')[0]}`);
  }
  const count = (k: Outcome) => results.filter((r) => r.outcome === k).length;
  out.push('', `in ${seconds.toFixed(0)} s`, `${count('passed')} passed, ${count('failed')} failed, ${count('pending')} skipped`);
  return out.join('\n');
}
