// Decides one request against compiled rules: finds every match block whose path matches,
// evaluates the allows for the method, and grants when any evaluates to true.

import type { AllowMethod, AllowNode, FunctionNode, MatchNode, MatchSegment } from './ast.js';
import type { Decision } from '../authz/seam.js';
import type { ServiceKind } from './check.js';
import { RuleEvalError } from './errors.js';
import { evaluateCondition, type DocumentReader, type EvalContext, type Level } from './evaluator.js';
import type { RulesObserver } from './coverage.js';
import type { CompiledRules } from './loadRules.js';
import { path, str, type RValue } from './values.js';

export type RequestMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** Stands for the document id of a list request on a collection; its wildcard is unbound. */
export const UNBOUND_SEGMENT = '\u0000unbound';

export interface RulesRequest {
  service: ServiceKind;
  /** Full path segments: databases/{d}/documents/... or b/{bucket}/o/... */
  segments: string[];
  method: RequestMethod;
  globals: Map<string, RValue>;
  documents?: DocumentReader;
  /** For the denial message. */
  displayPath: string;
  /** Counts what was evaluated (rules coverage). */
  coverage?: RulesObserver;
}

const GRANTS: Record<AllowMethod, RequestMethod[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

interface Candidate {
  allow: AllowNode;
  match: MatchNode;
  levels: Level[];
}

export function decide(rules: CompiledRules, request: RulesRequest): Decision {
  const service = rules.services[request.service];
  const label = request.service === 'firestore' ? 'cloud.firestore' : 'firebase.storage';
  if (!service) return { allow: false, reason: `${rules.fileName} has no service ${label}` };
  const candidates: Candidate[] = [];
  const root: Level = { variables: new Map(), functions: functionMap(service.functions) };
  collect(service.matches, request.segments, 0, [root], rules.version, request.method, candidates);

  const coverage = request.coverage;
  coverage?.request();
  const ctx: EvalContext = {
    service: request.service,
    globals: request.globals,
    documents: request.documents,
    steps: 0,
    observer: coverage,
  };
  const errors: string[] = [];
  for (const { allow, match, levels } of candidates) {
    const where = `${rules.fileName}:${allow.loc.line}`;
    const granted = { allow: true, reason: `${where}: allow ${allow.methods.join(', ')} in match ${match.text}` };
    if (!allow.condition) {
      coverage?.allow(allow, 'true');
      return granted;
    }
    try {
      const result = evaluateCondition(allow.condition, levels, ctx);
      coverage?.allow(allow, result ? 'true' : 'false');
      if (result) return granted;
    } catch (err) {
      if (!(err instanceof RuleEvalError)) throw err;
      coverage?.allow(allow, 'error', err.message);
      const at = err.loc ? `${rules.fileName}:${err.loc.line}:${err.loc.column}` : where;
      errors.push(`${at}: ${err.message}`);
    }
  }
  const detail = errors.length ? ` (errors: ${errors.join('; ')})` : '';
  return { allow: false, reason: `no rule allowed ${request.method} on ${request.displayPath}${detail}` };
}

function functionMap(functions: FunctionNode[]): Map<string, FunctionNode> {
  return new Map(functions.map((f) => [f.name, f]));
}

function collect(
  matches: MatchNode[],
  segments: string[],
  start: number,
  levels: Level[],
  version: '1' | '2',
  method: RequestMethod,
  out: Candidate[],
): void {
  for (const match of matches) {
    for (const { end, variables } of matchPath(match.segments, 0, segments, start, version, new Map())) {
      const chain = [...levels, { variables, functions: functionMap(match.functions) }];
      if (end === segments.length)
        for (const allow of match.allows)
          if (allow.methods.some((m) => GRANTS[m].includes(method))) out.push({ allow, match, levels: chain });
      if (end < segments.length) collect(match.matches, segments, end, chain, version, method, out);
    }
  }
}

/** Every way the pattern can match a prefix of segments[start..]: where it ends and what it binds. */
function* matchPath(
  pattern: MatchSegment[],
  i: number,
  segments: string[],
  j: number,
  version: '1' | '2',
  variables: Map<string, RValue | null>,
): Generator<{ end: number; variables: Map<string, RValue | null> }> {
  const p = pattern[i];
  if (p === undefined) {
    yield { end: j, variables };
    return;
  }
  if (p.kind === 'recursive') {
    // Version 2: zero or more segments; version 1: one or more.
    for (let end = segments.length; end >= j + (version === '2' ? 0 : 1); end--) {
      const taken = segments.slice(j, end);
      const bound = new Map(variables).set(p.name, taken.includes(UNBOUND_SEGMENT) ? null : path(taken));
      yield* matchPath(pattern, i + 1, segments, end, version, bound);
    }
    return;
  }
  const segment = segments[j];
  if (segment === undefined) return;
  if (p.kind === 'literal') {
    if (segment === p.value) yield* matchPath(pattern, i + 1, segments, j + 1, version, variables);
    return;
  }
  const bound = new Map(variables).set(p.name, segment === UNBOUND_SEGMENT ? null : str(segment));
  yield* matchPath(pattern, i + 1, segments, j + 1, version, bound);
}
