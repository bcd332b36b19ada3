// Rules coverage counted at the evaluator: each allow and sub-expression by position and source
// text, with its outcomes, never-evaluated nodes included; reports of several projects running the
// same rules merged into one, as the test run's report is.

import { describe, expect, it } from 'vitest';
import { CoverageTally } from '../../../backend/src/rules/coverage.js';
import { mergeCoverageReports, type CoverageNode, type RulesCoverageReport } from '../../../backend/src/rules/coverageReport.js';
import { evaluateFirestoreAccess } from '../../../backend/src/rules/firestoreRules.js';
import { DocumentAccessBudget } from '../../../backend/src/rules/documentReads.js';
import { access, firestoreRules, user } from './rulesTestKit.js';

const RULES = firestoreRules(`    function isOwner(uid) {
      return request.auth != null
        && request.auth.uid == uid;
    }
    match /notes/{uid} {
      allow get: if isOwner(uid)
      allow list
      allow delete: if false;
    }`);

function tallyOf(project: string, readers: (string | null)[]): RulesCoverageReport {
  const tally = new CoverageTally(RULES, 'firestore', project);
  for (const reader of readers) {
    const identity = reader === null ? { admin: false, auth: null } : user(reader);
    evaluateFirestoreAccess(RULES, access('notes/alice', 'get', { identity }), undefined, new DocumentAccessBudget(), tally);
  }
  return tally.report();
}

function find(nodes: CoverageNode[], text: string): CoverageNode | undefined {
  for (const node of nodes) {
    if (node.text === text) return node;
    const inner = find(node.children, text);
    if (inner) return inner;
  }
  return undefined;
}

describe('a coverage tally', () => {
  const report = tallyOf('p1', ['alice', 'bob', null]);

  it('counts each allow with its outcomes, position and text; the others stay at zero', () => {
    expect(report.allows.map((a) => [a.sourcePosition.line, a.text, a.evaluations, a.outcomes, a.constant])).toEqual([
      [9, 'allow get: if isOwner(uid)', 3, { true: 1, false: 2, error: 0 }, false],
      [10, 'allow list', 0, { true: 0, false: 0, error: 0 }, true],
      [11, 'allow delete: if false', 0, { true: 0, false: 0, error: 0 }, true],
    ]);
    expect(report.requests).toBe(3);
    expect(report.projects).toEqual(['p1']);
  });

  it("counts a function's sub-expressions, across lines, with their values", () => {
    const body = find(report.report, 'request.auth != null\n        && request.auth.uid == uid');
    expect(body?.sourcePosition).toMatchObject({ line: 5, column: 14, endLine: 6, endColumn: 35 });
    expect(body?.outcomes).toEqual({ true: 1, false: 2, error: 0, value: 0 });
    const sameUser = find(report.report, 'request.auth.uid == uid');
    expect(sameUser?.outcomes).toMatchObject({ true: 1, false: 1 });
    expect(find(report.report, 'uid')?.values).toEqual([{ value: { stringValue: 'alice' }, count: 2 }]);
    expect(find(report.report, 'request.auth')?.values).toContainEqual({ value: { nullValue: null }, count: 1 });
  });

  it('keeps the official top level: the rules file and one tree per condition and function body', () => {
    expect(report.rules.files[0]?.content).toBe(RULES.source);
    expect(report.report.map((n) => n.text)).toEqual([
      'request.auth != null\n        && request.auth.uid == uid',
      'isOwner(uid)',
      'false',
    ]);
  });
});

describe('merging the reports of one run', () => {
  it('sums the counts of projects that ran the same rules', () => {
    const merged = mergeCoverageReports([tallyOf('p1', ['alice']), tallyOf('p2', ['bob', 'bob'])]);
    expect(merged.projects).toEqual(['p1', 'p2']);
    expect(merged.requests).toBe(3);
    expect(merged.allows[0]?.outcomes).toEqual({ true: 1, false: 2, error: 0 });
    expect(find(merged.report, 'uid')?.values).toEqual([{ value: { stringValue: 'alice' }, count: 3 }]);
  });

  it('refuses reports of different rules', () => {
    const other = new CoverageTally(firestoreRules('match /x/{y} { allow read; }'), 'firestore', 'p3').report();
    expect(() => mergeCoverageReports([tallyOf('p1', []), other])).toThrow('Only reports of the same rules can be merged.');
  });
});
