// Evaluates rule expressions: variables and wildcards, user functions with `let`, operators
// with int/float semantics, and the error values that make an `allow` false.

import type { BinaryOp, Expr, FunctionNode } from './ast.js';
import { callMethod, checkedArgs, CONVERSIONS, NAMESPACES, toStringValue } from './builtins.js';
import type { RulesObserver } from './coverage.js';
import { fail, RuleEvalError } from './errors.js';
import { checkTimestamp } from './time.js';
import {
  bool,
  compare,
  entryOf,
  equals,
  flt,
  int,
  isType,
  list,
  map,
  path,
  str,
  toNumber,
  typeName,
  type RValue,
} from './values.js';

/** Function calls may nest this deep (the documented call stack limit). */
export const MAX_CALL_DEPTH = 20;
/** Guards against exponential function fan-out within the depth limit. */
export const MAX_STEPS = 100_000;

/** Document reads from rules: `get`/`exists` (after = false) and `getAfter`/`existsAfter`. */
export interface DocumentReader {
  /** The resource (a map with data, id, __name__) or null when absent; throws when over the limit. */
  get(segments: string[], after: boolean): RValue;
}

/** One `match` level: its wildcards (null = not bound for this request) and functions. */
export interface Level {
  variables: Map<string, RValue | null>;
  functions: Map<string, FunctionNode>;
}

export interface EvalContext {
  service: 'firestore' | 'storage';
  globals: Map<string, RValue>;
  documents?: DocumentReader;
  steps: number;
  /** Sees each node's value or error (rules coverage). */
  observer?: Pick<RulesObserver, 'value' | 'error'>;
}

interface Env {
  levels: Level[];
  locals?: Map<string, () => RValue>;
  depth: number;
}

export function evaluateCondition(expr: Expr, levels: Level[], ctx: EvalContext): boolean {
  const value = evaluate(expr, { levels, depth: 0 }, ctx);
  if (value.t !== 'bool') fail(`condition is ${typeName(value)}, not bool`);
  return value.v;
}

function evaluate(e: Expr, env: Env, ctx: EvalContext): RValue {
  if (++ctx.steps > MAX_STEPS) fail('evaluation is too long');
  try {
    const value = evaluateNode(e, env, ctx);
    ctx.observer?.value(e, value);
    return value;
  } catch (err) {
    // Anything unexpected still only makes this condition false, never the request allowed.
    const error =
      err instanceof RuleEvalError
        ? err
        : new RuleEvalError(`internal error: ${err instanceof Error ? err.message : String(err)}`, e.loc);
    error.loc ??= e.loc;
    ctx.observer?.error(e, error.message);
    throw error;
  }
}

function evaluateNode(e: Expr, env: Env, ctx: EvalContext): RValue {
  switch (e.kind) {
    case 'literal':
      return e.value;
    case 'ident':
      return lookup(e.name, env, ctx);
    case 'member': {
      const object = evaluate(e.object, env, ctx);
      return field(object, e.name);
    }
    case 'index':
      return index(evaluate(e.object, env, ctx), evaluate(e.index, env, ctx));
    case 'slice': {
      const object = evaluate(e.object, env, ctx);
      const start = e.start ? evaluate(e.start, env, ctx) : undefined;
      const end = e.end ? evaluate(e.end, env, ctx) : undefined;
      return slice(object, start, end);
    }
    case 'call':
      return call(e, env, ctx);
    case 'unary': {
      const v = evaluate(e.operand, env, ctx);
      if (e.op === '!') {
        if (v.t !== 'bool') fail(`operator ! needs a bool, got ${typeName(v)}`);
        return bool(!v.v);
      }
      if (v.t === 'int') return int(-v.v);
      if (v.t === 'float') return flt(-v.v);
      if (v.t === 'duration') return { t: 'duration', v: -v.v };
      return fail(`operator - needs a number, got ${typeName(v)}`);
    }
    case 'binary':
      if (e.op === '&&' || e.op === '||') return logical(e.op, e.left, e.right, env, ctx);
      return binary(e.op, evaluate(e.left, env, ctx), evaluate(e.right, env, ctx));
    case 'ternary': {
      const test = evaluate(e.test, env, ctx);
      if (test.t !== 'bool') fail(`condition of ?: is ${typeName(test)}, not bool`);
      return evaluate(test.v ? e.then : e.else, env, ctx);
    }
    case 'is':
      return bool(isType(evaluate(e.operand, env, ctx), e.type));
    case 'list':
      return list(e.items.map((item) => evaluate(item, env, ctx)));
    case 'map': {
      const m = new Map<string, RValue>();
      for (const entry of e.entries) {
        const key = evaluate(entry.key, env, ctx);
        if (key.t !== 'string') fail(`map keys must be strings, got ${typeName(key)}`);
        m.set(key.v, evaluate(entry.value, env, ctx));
      }
      return map(m);
    }
    case 'path': {
      const segments: string[] = [];
      for (const parts of e.segments) {
        const [only] = parts;
        if (parts.length === 1 && only !== undefined && typeof only !== 'string') {
          const v = evaluate(only, env, ctx);
          if (v.t === 'path') segments.push(...v.v);
          else segments.push(toStringValue(v));
          continue;
        }
        segments.push(parts.map((p) => (typeof p === 'string' ? p : toStringValue(evaluate(p, env, ctx)))).join(''));
      }
      return path(segments);
    }
  }
}

function lookup(name: string, env: Env, ctx: EvalContext): RValue {
  const local = env.locals?.get(name);
  if (local) return local();
  for (const level of [...env.levels].reverse()) {
    const vars = level.variables;
    if (vars.has(name)) {
      const v = vars.get(name);
      if (v === null || v === undefined) return fail(`wildcard '${name}' is not bound for this request`);
      return v;
    }
  }
  const global = ctx.globals.get(name);
  if (global) return global;
  return fail(`'${name}' is not defined for this request`);
}

function field(object: RValue, name: string): RValue {
  if (object.t === 'map') {
    const v = entryOf(object, name);
    if (v === undefined) fail(`property '${name}' is undefined on the map`);
    return v;
  }
  if (object.t === 'null') return fail(`null value has no property '${name}'`);
  return fail(`${typeName(object)} has no property '${name}'`);
}

/** The item at an int index; an index out of range is an error (so a deny). */
function itemAt<T>(items: readonly T[], i: RValue, what: string): T {
  if (i.t !== 'int') fail(`${what} index must be an int, got ${typeName(i)}`);
  const n = Number(i.v);
  const item = n >= 0 ? items[n] : undefined;
  if (item === undefined) return fail(`${what} index ${n} is out of range`);
  return item;
}

function index(object: RValue, i: RValue): RValue {
  switch (object.t) {
    case 'list':
      return itemAt(object.v, i, 'list');
    case 'string': {
      const chars = [...object.v];
      return str(itemAt(chars, i, 'string'));
    }
    case 'path':
      if (i.t === 'string') return fail(`path has no binding '${i.v}'`);
      return str(itemAt(object.v, i, 'path'));
    case 'map':
      if (i.t !== 'string') fail(`map keys must be strings, got ${typeName(i)}`);
      return field(object, i.v);
    default:
      return fail(`cannot index ${typeName(object)}`);
  }
}

function slice(object: RValue, start: RValue | undefined, end: RValue | undefined): RValue {
  const items = object.t === 'list' ? object.v : object.t === 'string' ? [...object.v] : fail(`cannot slice ${typeName(object)}`);
  const bound = (v: RValue | undefined, fallback: number) => {
    if (v === undefined) return fallback;
    if (v.t !== 'int') fail(`slice bounds must be ints, got ${typeName(v)}`);
    const n = Number(v.v);
    if (n < 0 || n > items.length) fail(`slice bound ${n} is out of range`);
    return n;
  };
  const a = bound(start, 0);
  const b = bound(end, items.length);
  if (a > b) fail(`slice [${a}:${b}] is empty-backwards`);
  return object.t === 'list' ? list(object.v.slice(a, b)) : str((items as string[]).slice(a, b).join(''));
}

function logical(op: '&&' | '||', left: Expr, right: Expr, env: Env, ctx: EvalContext): RValue {
  const decisive = op === '||';
  let leftError: RuleEvalError | undefined;
  try {
    const l = evaluate(left, env, ctx);
    if (l.t !== 'bool') fail(`operator ${op} needs bools, got ${typeName(l)}`);
    if (l.v === decisive) return l;
  } catch (err) {
    if (!(err instanceof RuleEvalError)) throw err;
    leftError = err;
  }
  // An error on one side is absorbed when the other side decides the result on its own.
  const r = evaluate(right, env, ctx);
  if (r.t !== 'bool') fail(`operator ${op} needs bools, got ${typeName(r)}`);
  if (r.v === decisive) return r;
  if (leftError) throw leftError;
  return r;
}

function arithmetic(op: '+' | '-' | '*' | '/' | '%', a: RValue, b: RValue): RValue {
  if (a.t === 'int' && b.t === 'int') {
    if ((op === '/' || op === '%') && b.v === 0n) fail(op === '/' ? 'division by zero' : 'modulo by zero');
    switch (op) {
      case '+':
        return int(a.v + b.v);
      case '-':
        return int(a.v - b.v);
      case '*':
        return int(a.v * b.v);
      case '/':
        return int(a.v / b.v);
      case '%':
        return int(a.v % b.v);
    }
  }
  const x = toNumber(a, `operator ${op}`);
  const y = toNumber(b, `operator ${op}`);
  switch (op) {
    case '+':
      return flt(x + y);
    case '-':
      return flt(x - y);
    case '*':
      return flt(x * y);
    case '/':
      return flt(x / y);
    case '%':
      return flt(x % y);
  }
}

function binary(op: Exclude<BinaryOp, '&&' | '||'>, a: RValue, b: RValue): RValue {
  switch (op) {
    case '==':
      return bool(equals(a, b));
    case '!=':
      return bool(!equals(a, b));
    case '<':
      return bool(compare(a, b) < 0);
    case '<=':
      return bool(compare(a, b) <= 0);
    case '>':
      return bool(compare(a, b) > 0);
    case '>=':
      return bool(compare(a, b) >= 0);
    case 'in':
      if (b.t === 'list' || b.t === 'set') return bool(b.v.some((x) => equals(x, a)));
      if (b.t === 'map') {
        if (a.t !== 'string') fail(`map keys are strings, got ${typeName(a)}`);
        return bool(entryOf(b, a.v) !== undefined);
      }
      return fail(`operator in needs a list, set or map, got ${typeName(b)}`);
    case '+':
      if (a.t === 'string' && b.t === 'string') return str(a.v + b.v);
      if (a.t === 'list' && b.t === 'list') return list([...a.v, ...b.v]);
      if (a.t === 'timestamp' && b.t === 'duration') return { t: 'timestamp', v: checkTimestamp(a.v + b.v) };
      if (a.t === 'duration' && b.t === 'timestamp') return { t: 'timestamp', v: checkTimestamp(a.v + b.v) };
      if (a.t === 'duration' && b.t === 'duration') return { t: 'duration', v: a.v + b.v };
      break;
    case '-':
      if (a.t === 'timestamp' && b.t === 'duration') return { t: 'timestamp', v: checkTimestamp(a.v - b.v) };
      if (a.t === 'timestamp' && b.t === 'timestamp') return { t: 'duration', v: a.v - b.v };
      if (a.t === 'duration' && b.t === 'duration') return { t: 'duration', v: a.v - b.v };
      break;
    default:
      break;
  }
  if ((a.t === 'int' || a.t === 'float') && (b.t === 'int' || b.t === 'float')) return arithmetic(op, a, b);
  return fail(`operator ${op} is not defined for ${typeName(a)} and ${typeName(b)}`);
}

function call(e: Extract<Expr, { kind: 'call' }>, env: Env, ctx: EvalContext): RValue {
  const callee = e.callee;
  if (callee.kind === 'ident') {
    for (let i = env.levels.length - 1; i >= 0; i--) {
      const f = env.levels[i]?.functions.get(callee.name);
      if (f)
        return callUser(
          f,
          env.levels.slice(0, i + 1),
          e.args.map((a) => evaluate(a, env, ctx)),
          env.depth,
          ctx,
        );
    }
    const args = e.args.map((a) => evaluate(a, env, ctx));
    const conversion = CONVERSIONS[callee.name];
    if (conversion) return conversion.fn(checkedArgs(callee.name, conversion.arity, args));
    switch (callee.name) {
      case 'get':
        return readDocument(args[0], false, ctx);
      case 'getAfter':
        return readDocument(args[0], true, ctx);
      case 'exists':
        return bool(readDocument(args[0], false, ctx).t !== 'null');
      case 'existsAfter':
        return bool(readDocument(args[0], true, ctx).t !== 'null');
      default:
        return fail(`unknown function '${callee.name}'`);
    }
  }
  if (callee.kind !== 'member') return fail('only functions and methods can be called');
  const object = callee.object;
  if (object.kind === 'ident' && !isBound(object.name, env, ctx)) {
    const args = e.args.map((a) => evaluate(a, env, ctx));
    if (object.name === 'firestore' && ctx.service === 'storage') {
      if (callee.name === 'get') return readDocument(args[0], false, ctx);
      if (callee.name === 'exists') return bool(readDocument(args[0], false, ctx).t !== 'null');
    }
    const fn = NAMESPACES[object.name]?.[callee.name];
    if (fn) return fn.fn(checkedArgs(`${object.name}.${callee.name}`, fn.arity, args));
    return fail(`unknown function '${object.name}.${callee.name}'`);
  }
  const self = evaluate(object, env, ctx);
  return callMethod(
    self,
    callee.name,
    e.args.map((a) => evaluate(a, env, ctx)),
  );
}

function isBound(name: string, env: Env, ctx: EvalContext): boolean {
  return env.locals?.has(name) || env.levels.some((l) => l.variables.has(name)) || ctx.globals.has(name);
}

function callUser(f: FunctionNode, levels: Level[], args: RValue[], depth: number, ctx: EvalContext): RValue {
  if (depth + 1 > MAX_CALL_DEPTH) fail(`function call depth exceeds ${MAX_CALL_DEPTH} (in ${f.name})`);
  if (args.length !== f.params.length) fail(`${f.name}() takes ${f.params.length} argument(s), got ${args.length}`);
  const locals = new Map<string, () => RValue>();
  f.params.forEach((p, i) => {
    const arg = args[i];
    if (arg !== undefined) locals.set(p, () => arg);
  });
  const env: Env = { levels, locals, depth: depth + 1 };
  for (const l of f.lets) {
    // Lazy and evaluated at most once: an unused `let` cannot turn a decision into an error.
    let cached: { value: RValue } | { error: unknown } | undefined;
    const letEnv: Env = { levels, locals: new Map(locals), depth: depth + 1 };
    locals.set(l.name, () => {
      if (!cached) {
        try {
          cached = { value: evaluate(l.value, letEnv, ctx) };
        } catch (error) {
          cached = { error };
        }
      }
      if ('error' in cached) throw cached.error;
      return cached.value;
    });
  }
  return evaluate(f.body, env, ctx);
}

function readDocument(target: RValue | undefined, after: boolean, ctx: EvalContext): RValue {
  if (!target || target.t !== 'path') return fail(`document functions need a path, got ${target ? typeName(target) : 'nothing'}`);
  if (!ctx.documents) return fail('document reads are not available for this request');
  return ctx.documents.get(target.v, after);
}
