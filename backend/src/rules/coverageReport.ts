// The rules coverage report as JSON: the official emulator's top level (`rules` with the file,
// `report` with one tree per condition, each node a `sourcePosition` with its `values` and
// `children`), and our own fields beside it: every node's source text and counted outcomes, and
// `allows`, one entry per allow statement. Also merges the reports of several projects that ran
// the same rules (a test run spreads its files over projects of their own).

export interface CoveragePosition {
  line: number;
  column: number;
  /** Offsets in the file, end exclusive, as the official report gives them. */
  currentOffset: number;
  endOffset: number;
  endLine: number;
  endColumn: number;
}

/** How many evaluations ended in each outcome; `value` counts results that are not bools. */
export interface CoverageOutcomes {
  true: number;
  false: number;
  error: number;
  value: number;
}

/**
 * A value and how often it came out. Bools and other scalars in the official encoding
 * (`{"boolValue": true}`); an error is `{}` with its message; maps, lists and other composite
 * values are counted by type only (`{"type": "map"}`), never stored.
 */
export interface CoverageValue {
  value: Record<string, unknown>;
  error?: string;
  count: number;
}

export interface CoverageNode {
  sourcePosition: CoveragePosition;
  text: string;
  evaluations: number;
  outcomes: CoverageOutcomes;
  values: CoverageValue[];
  /** Evaluations whose value was not kept: more distinct values than a node keeps. */
  otherValues?: number;
  children: CoverageNode[];
}

export interface AllowCoverage {
  sourcePosition: CoveragePosition;
  /** The statement as written, from `allow` to the end of its condition. */
  text: string;
  methods: string[];
  /** The path of the enclosing match block. */
  match: string;
  /** No condition, or a literal true or false: it can never go both ways. */
  constant: boolean;
  evaluations: number;
  outcomes: Omit<CoverageOutcomes, 'value'>;
  errors: { message: string; count: number }[];
}

export interface RulesCoverageReport {
  rules: { files: { name: string; content: string }[] };
  report: CoverageNode[];
  allows: AllowCoverage[];
  service: 'cloud.firestore' | 'firebase.storage';
  /** The projects whose requests are counted. */
  projects: string[];
  /** When counting began: the rules' load, or the last coverage reset. */
  since: string;
  /** Requests decided by these rules. */
  requests: number;
}

/** Whether a report is one of ours (the official emulator's lacks `allows`). */
export function isRulesCoverageReport(value: unknown): value is RulesCoverageReport {
  const report = value as Partial<RulesCoverageReport> | null;
  return !!report && Array.isArray(report.allows) && Array.isArray(report.report) && Array.isArray(report.rules?.files);
}

/**
 * Sums reports of the same rules (same file content, so the same trees) into one; throws when
 * their rules differ.
 */
export function mergeCoverageReports(reports: RulesCoverageReport[]): RulesCoverageReport {
  const [first, ...rest] = reports;
  if (!first) throw new Error('No coverage reports to merge.');
  const content = first.rules.files[0]?.content;
  for (const other of rest) {
    if (other.rules.files[0]?.content !== content || other.service !== first.service)
      throw new Error('Only reports of the same rules can be merged.');
  }
  return {
    rules: first.rules,
    report: first.report.map((node, i) => mergeNodes([node, ...rest.map((r) => r.report[i])])),
    allows: first.allows.map((allow, i) => mergeAllows([allow, ...rest.map((r) => r.allows[i])])),
    service: first.service,
    projects: reports.flatMap((r) => r.projects),
    since: reports.map((r) => r.since).sort()[0] ?? first.since,
    requests: reports.reduce((sum, r) => sum + r.requests, 0),
  };
}

function present<T>(items: (T | undefined)[]): T[] {
  return items.filter((item): item is T => item !== undefined);
}

function sumOutcomes<T extends Partial<CoverageOutcomes>>(all: T[]): T {
  const total = { ...all[0] } as Record<string, number>;
  for (const key of Object.keys(total)) total[key] = all.reduce((sum, o) => sum + ((o as Record<string, number>)[key] ?? 0), 0);
  return total as T;
}

function mergeNodes(nodes: (CoverageNode | undefined)[]): CoverageNode {
  const all = present(nodes);
  const [first] = all;
  if (!first) throw new Error('Only reports of the same rules can be merged.');
  const values = new Map<string, CoverageValue>();
  for (const node of all) {
    for (const v of node.values) {
      const key = JSON.stringify([v.value, v.error]);
      const seen = values.get(key);
      if (seen) seen.count += v.count;
      else values.set(key, { ...v });
    }
  }
  const otherValues = all.reduce((sum, n) => sum + (n.otherValues ?? 0), 0);
  return {
    ...first,
    evaluations: all.reduce((sum, n) => sum + n.evaluations, 0),
    outcomes: sumOutcomes(all.map((n) => n.outcomes)),
    values: [...values.values()],
    ...(otherValues > 0 ? { otherValues } : {}),
    children: first.children.map((child, i) => mergeNodes([child, ...all.slice(1).map((n) => n.children[i])])),
  };
}

function mergeAllows(allows: (AllowCoverage | undefined)[]): AllowCoverage {
  const all = present(allows);
  const [first] = all;
  if (!first) throw new Error('Only reports of the same rules can be merged.');
  const errors = new Map<string, number>();
  for (const allow of all) for (const e of allow.errors) errors.set(e.message, (errors.get(e.message) ?? 0) + e.count);
  return {
    ...first,
    evaluations: all.reduce((sum, a) => sum + a.evaluations, 0),
    outcomes: sumOutcomes(all.map((a) => a.outcomes)),
    errors: [...errors].map(([message, count]) => ({ message, count })),
  };
}
