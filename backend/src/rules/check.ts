// Static checks run at load time: allowed names, known functions and methods with their arities,
// wildcard placement and duplicate declarations. Each problem is a located RulesSyntaxError.

import type { Expr, FunctionNode, MatchNode, RulesFile, ServiceNode } from './ast.js';
import { CONVERSIONS, METHODS, METHOD_NAMES, NAMESPACES } from './builtins.js';
import { RulesSyntaxError, type SourceLocation } from './errors.js';
import { staticType, staticTypeError } from './staticTypes.js';

export type ServiceKind = 'firestore' | 'storage';

export const SERVICE_NAMES: Record<string, ServiceKind> = {
  'cloud.firestore': 'firestore',
  'firebase.storage': 'storage',
};

export const DOCUMENT_FUNCTIONS = ['get', 'exists', 'getAfter', 'existsAfter'];
export const GLOBAL_VARIABLES = ['request', 'resource'];

interface Scope {
  functions: Map<string, FunctionNode>;
  variables: Set<string>;
}

export function checkRules(file: RulesFile, fileName: string): void {
  new Checker(fileName).file(file);
}

class Checker {
  private service: ServiceKind = 'firestore';
  private version: RulesFile['version'] = '1';

  constructor(private readonly fileName: string) {}

  private error(loc: SourceLocation, message: string): RulesSyntaxError {
    return new RulesSyntaxError(this.fileName, loc.line, loc.column, message);
  }

  file(file: RulesFile): void {
    this.version = file.version;
    const seen = new Set<ServiceKind>();
    for (const service of file.services) {
      const kind = SERVICE_NAMES[service.name];
      if (!kind) throw this.error(service.loc, `unknown service '${service.name}': expected cloud.firestore or firebase.storage`);
      if (seen.has(kind)) throw this.error(service.loc, `service '${service.name}' is declared twice`);
      seen.add(kind);
      this.service = kind;
      this.serviceNode(service);
    }
  }

  private serviceNode(service: ServiceNode): void {
    const scope: Scope = { functions: this.functionTable(service.functions), variables: new Set() };
    for (const f of service.functions) this.func(f, [scope]);
    for (const m of service.matches) this.match(m, [scope]);
  }

  private functionTable(functions: FunctionNode[]): Map<string, FunctionNode> {
    const table = new Map<string, FunctionNode>();
    for (const f of functions) {
      if (table.has(f.name)) throw this.error(f.loc, `function '${f.name}' is declared twice in this scope`);
      if (new Set(f.params).size !== f.params.length) throw this.error(f.loc, `function '${f.name}' repeats a parameter name`);
      table.set(f.name, f);
    }
    return table;
  }

  private match(m: MatchNode, chain: Scope[]): void {
    const variables = new Set<string>();
    m.segments.forEach((segment, i) => {
      if (segment.kind === 'literal') return;
      if (variables.has(segment.name)) throw this.error(m.loc, `wildcard '${segment.name}' appears twice in this path`);
      variables.add(segment.name);
      // Version 2 allows a recursive wildcard anywhere (collection group matches); version 1 only last.
      if (segment.kind === 'recursive' && this.version === '1' && i !== m.segments.length - 1)
        throw this.error(
          m.loc,
          `recursive wildcard {${segment.name}=**} must be the last segment of a match path in rules_version '1'`,
        );
    });
    const scopes = [...chain, { functions: this.functionTable(m.functions), variables }];
    for (const f of m.functions) this.func(f, scopes);
    for (const a of m.allows) {
      if (!a.condition) continue;
      this.expr(a.condition, scopes, new Set());
      const type = staticType(a.condition);
      if (type !== undefined && type !== 'bool')
        throw this.error(a.condition.loc, `the condition of allow must be a bool, got ${type}`);
    }
    for (const child of m.matches) this.match(child, scopes);
  }

  private func(f: FunctionNode, chain: Scope[]): void {
    const locals = new Set(f.params);
    for (const l of f.lets) {
      this.expr(l.value, chain, locals);
      locals.add(l.name);
    }
    this.expr(f.body, chain, locals);
  }

  private isVariable(name: string, chain: Scope[], locals: Set<string>): boolean {
    return locals.has(name) || chain.some((s) => s.variables.has(name)) || GLOBAL_VARIABLES.includes(name);
  }

  private namespaces(): Record<string, Record<string, { arity: [number, number] }>> {
    if (this.service === 'storage') return { ...NAMESPACES, firestore: { get: { arity: [1, 1] }, exists: { arity: [1, 1] } } };
    return NAMESPACES;
  }

  private arity(loc: SourceLocation, name: string, [min, max]: [number, number], count: number): void {
    if (count < min || count > max) {
      const expected = min === max ? `${min}` : `${min} to ${max}`;
      throw this.error(loc, `${name}() takes ${expected} argument(s), got ${count}`);
    }
  }

  private expr(e: Expr, chain: Scope[], locals: Set<string>): void {
    const typeError = staticTypeError(e);
    if (typeError) throw this.error(e.loc, typeError);
    switch (e.kind) {
      case 'literal':
        return;
      case 'ident': {
        if (this.isVariable(e.name, chain, locals)) return;
        if (e.name in this.namespaces()) throw this.error(e.loc, `'${e.name}' is a namespace, not a value`);
        if (chain.some((s) => s.functions.has(e.name)) || e.name in CONVERSIONS || DOCUMENT_FUNCTIONS.includes(e.name))
          throw this.error(e.loc, `'${e.name}' is a function, not a value`);
        throw this.error(e.loc, `undefined variable '${e.name}'`);
      }
      case 'call':
        this.call(e as Extract<Expr, { kind: 'call' }>, chain, locals);
        for (const a of e.args) this.expr(a, chain, locals);
        return;
      case 'member':
        this.expr(e.object, chain, locals);
        return;
      case 'index':
        this.expr(e.object, chain, locals);
        this.expr(e.index, chain, locals);
        return;
      case 'slice':
        this.expr(e.object, chain, locals);
        if (e.start) this.expr(e.start, chain, locals);
        if (e.end) this.expr(e.end, chain, locals);
        return;
      case 'unary':
        this.expr(e.operand, chain, locals);
        return;
      case 'binary':
        this.expr(e.left, chain, locals);
        this.expr(e.right, chain, locals);
        return;
      case 'ternary':
        this.expr(e.test, chain, locals);
        this.expr(e.then, chain, locals);
        this.expr(e.else, chain, locals);
        return;
      case 'is':
        this.expr(e.operand, chain, locals);
        return;
      case 'list':
        for (const item of e.items) this.expr(item, chain, locals);
        return;
      case 'map':
        for (const entry of e.entries) {
          if (entry.key.kind === 'literal' && entry.key.value.t !== 'string')
            throw this.error(entry.key.loc, 'map keys must be strings');
          this.expr(entry.key, chain, locals);
          this.expr(entry.value, chain, locals);
        }
        return;
      case 'path':
        for (const segment of e.segments)
          for (const part of segment) if (typeof part !== 'string') this.expr(part, chain, locals);
        return;
    }
  }

  private call(e: Extract<Expr, { kind: 'call' }>, chain: Scope[], locals: Set<string>): void {
    const callee = e.callee;
    const count = e.args.length;
    if (callee.kind === 'ident') {
      const name = callee.name;
      for (const level of [...chain].reverse()) {
        const f = level.functions.get(name);
        if (f) return this.arity(callee.loc, name, [f.params.length, f.params.length], count);
      }
      const conversion = CONVERSIONS[name];
      if (conversion) return this.arity(callee.loc, name, conversion.arity, count);
      if (DOCUMENT_FUNCTIONS.includes(name)) {
        if (this.service !== 'firestore')
          throw this.error(callee.loc, `${name}() is not available in storage rules; use firestore.${name}()`);
        return this.arity(callee.loc, name, [1, 1], count);
      }
      throw this.error(callee.loc, `unknown function '${name}'`);
    }
    if (callee.kind !== 'member') throw this.error(e.loc, 'only functions and methods can be called');
    const object = callee.object;
    if (object.kind === 'ident' && !this.isVariable(object.name, chain, locals) && object.name in this.namespaces()) {
      const fn = this.namespaces()[object.name]?.[callee.name];
      if (!fn) throw this.error(callee.loc, `unknown function '${object.name}.${callee.name}'`);
      return this.arity(callee.loc, `${object.name}.${callee.name}`, fn.arity, count);
    }
    this.expr(object, chain, locals);
    if (!METHOD_NAMES.has(callee.name)) throw this.error(callee.loc, `unknown method '${callee.name}'`);
    const arities = Object.values(METHODS)
      .map((m) => m[callee.name])
      .filter((m) => m !== undefined)
      .map((m) => m.arity);
    if (!arities.some(([min, max]) => count >= min && count <= max))
      this.arity(callee.loc, callee.name, arities[0] ?? [0, 0], count);
  }
}
