// Rules coverage: counts, for one project's requests under one ruleset, how often each allow and
// each sub-expression was evaluated and what it came to (true, false, another value, an error),
// and turns the counts into the report (coverageReport.ts), nodes never evaluated included.

import type { AllowNode, Expr, FunctionNode, MatchNode, Span } from './ast.js';
import type { ServiceKind } from './check.js';
import type { CoverageNode, CoveragePosition, CoverageValue, RulesCoverageReport } from './coverageReport.js';
import type { CompiledRules } from './loadRules.js';
import type { RValue } from './values.js';

/** Distinct values kept per node; further ones are only counted. */
const MAX_VALUES = 10;
/** Longer strings are cut in the report. */
const MAX_STRING = 120;

export type AllowOutcome = 'true' | 'false' | 'error';

/** What the evaluator tells coverage: every evaluation of a node and every allow decided. */
export interface RulesObserver {
  request(): void;
  value(e: Expr, value: RValue): void;
  error(e: Expr, message: string): void;
  allow(node: AllowNode, outcome: AllowOutcome, error?: string): void;
}

interface Counts {
  evaluations: number;
  true: number;
  false: number;
  error: number;
  value: number;
  values: Map<string, CoverageValue>;
  otherValues: number;
}

const newCounts = (): Counts => ({ evaluations: 0, true: 0, false: 0, error: 0, value: 0, values: new Map(), otherValues: 0 });

export class CoverageTally implements RulesObserver {
  since = new Date();
  private requests = 0;
  private readonly exprs = new Map<Expr, Counts>();
  private readonly allows = new Map<AllowNode, Counts>();

  constructor(
    readonly rules: CompiledRules,
    readonly service: ServiceKind,
    readonly project: string,
  ) {}

  request(): void {
    this.requests++;
  }

  value(e: Expr, value: RValue): void {
    const counts = countsOf(this.exprs, e);
    counts.evaluations++;
    if (value.t === 'bool') counts[value.v ? 'true' : 'false']++;
    else counts.value++;
    keep(counts, encode(value));
  }

  error(e: Expr, message: string): void {
    const counts = countsOf(this.exprs, e);
    counts.evaluations++;
    counts.error++;
    keep(counts, {}, message);
  }

  allow(node: AllowNode, outcome: AllowOutcome, error?: string): void {
    const counts = countsOf(this.allows, node);
    counts.evaluations++;
    counts[outcome]++;
    if (error !== undefined) keep(counts, {}, error);
  }

  report(): RulesCoverageReport {
    const { rules } = this;
    const source = rules.source;
    const position = positioner(source);
    const service = rules.services[this.service];
    const trees: { start: number; node: CoverageNode }[] = [];
    const allows: RulesCoverageReport['allows'] = [];
    const tree = (e: Expr): CoverageNode => {
      const counts = this.exprs.get(e) ?? newCounts();
      const span = spanOf(e);
      return {
        sourcePosition: position(span),
        text: source.slice(span.start, span.end),
        evaluations: counts.evaluations,
        outcomes: { true: counts.true, false: counts.false, error: counts.error, value: counts.value },
        values: [...counts.values.values()],
        ...(counts.otherValues > 0 ? { otherValues: counts.otherValues } : {}),
        children: childrenOf(e).map(tree),
      };
    };
    const addFunctions = (functions: FunctionNode[]) => {
      for (const f of functions) {
        for (const l of f.lets) trees.push({ start: spanOf(l.value).start, node: tree(l.value) });
        trees.push({ start: spanOf(f.body).start, node: tree(f.body) });
      }
    };
    const addMatch = (match: MatchNode) => {
      addFunctions(match.functions);
      for (const a of match.allows) {
        const counts = this.allows.get(a) ?? newCounts();
        allows.push({
          sourcePosition: position(a.span),
          text: source.slice(a.span.start, a.span.end),
          methods: a.methods,
          match: match.text,
          constant: !a.condition || (a.condition.kind === 'literal' && a.condition.value.t === 'bool'),
          evaluations: counts.evaluations,
          outcomes: { true: counts.true, false: counts.false, error: counts.error },
          errors: [...counts.values.values()].map((v) => ({ message: v.error ?? '', count: v.count })),
        });
        if (a.condition) trees.push({ start: spanOf(a.condition).start, node: tree(a.condition) });
      }
      match.matches.forEach(addMatch);
    };
    if (service) {
      addFunctions(service.functions);
      service.matches.forEach(addMatch);
    }
    allows.sort((a, b) => a.sourcePosition.currentOffset - b.sourcePosition.currentOffset);
    return {
      rules: { files: [{ name: rules.fileName, content: source }] },
      report: trees.sort((a, b) => a.start - b.start).map((t) => t.node),
      allows,
      service: this.service === 'firestore' ? 'cloud.firestore' : 'firebase.storage',
      projects: [this.project],
      since: this.since.toISOString(),
      requests: this.requests,
    };
  }
}

function countsOf<K>(table: Map<K, Counts>, key: K): Counts {
  let counts = table.get(key);
  if (!counts) {
    counts = newCounts();
    table.set(key, counts);
  }
  return counts;
}

function keep(counts: Counts, value: Record<string, unknown>, error?: string): void {
  const key = JSON.stringify([value, error]);
  const seen = counts.values.get(key);
  if (seen) seen.count++;
  else if (counts.values.size < MAX_VALUES)
    counts.values.set(key, error === undefined ? { value, count: 1 } : { value, error, count: 1 });
  else counts.otherValues++;
}

/** Scalars in the official report's encoding; composite values by their type only. */
function encode(value: RValue): Record<string, unknown> {
  switch (value.t) {
    case 'null':
      return { nullValue: null };
    case 'bool':
      return { boolValue: value.v };
    case 'int':
      return { intValue: value.v.toString() };
    case 'float':
      return { floatValue: value.v };
    case 'string':
      return { stringValue: value.v.length > MAX_STRING ? `${value.v.slice(0, MAX_STRING)}…` : value.v };
    case 'timestamp':
      return { timestampValue: new Date(Number(value.v / 1_000_000n)).toISOString() };
    case 'duration':
      return { durationValue: `${Number(value.v) / 1e9}s` };
    case 'path':
      return { pathValue: { segments: value.v.map((simple) => ({ simple })) } };
    case 'mapdiff':
      return { type: 'map_diff' };
    default:
      return { type: value.t };
  }
}

/** Sub-expressions in the order they are written. */
export function childrenOf(e: Expr): Expr[] {
  switch (e.kind) {
    case 'literal':
    case 'ident':
      return [];
    case 'member':
      return [e.object];
    case 'index':
      return [e.object, e.index];
    case 'slice':
      return [e.object, ...(e.start ? [e.start] : []), ...(e.end ? [e.end] : [])];
    case 'call':
      // A method's receiver is evaluated, the member node naming the method is not.
      return e.callee.kind === 'member' ? [e.callee.object, ...e.args] : e.args;
    case 'unary':
    case 'is':
      return [e.operand];
    case 'binary':
      return [e.left, e.right];
    case 'ternary':
      return [e.test, e.then, e.else];
    case 'list':
      return e.items;
    case 'map':
      return e.entries.flatMap((entry) => [entry.key, entry.value]);
    case 'path':
      return e.segments.flat().filter((part): part is Expr => typeof part !== 'string');
  }
}

function spanOf(e: Expr): Span {
  return e.span ?? { start: 0, end: 0 };
}

function positioner(source: string): (span: Span) => CoveragePosition {
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  const at = (offset: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && (lineStarts[line + 1] ?? Infinity) <= offset) line++;
    return { line: line + 1, column: offset - (lineStarts[line] ?? 0) + 1 };
  };
  return (span) => {
    const start = at(span.start);
    const end = at(span.end);
    return {
      line: start.line,
      column: start.column,
      currentOffset: span.start,
      endOffset: span.end,
      endLine: end.line,
      endColumn: end.column,
    };
  };
}
