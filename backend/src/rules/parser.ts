// Parses rules source into the syntax tree, with every error located as file:line:column.

import type {
  AllowMethod,
  AllowNode,
  BinaryOp,
  Expr,
  FunctionNode,
  MatchNode,
  MatchSegment,
  PathPart,
  RulesFile,
  ServiceNode,
  Span,
} from './ast.js';
import type { SourceLocation } from './errors.js';
import { Lexer, type Token } from './lexer.js';
import { TYPE_NAMES, bool, flt, NULL, str } from './values.js';

const ALLOW_METHODS = new Set<AllowMethod>(['read', 'write', 'get', 'list', 'create', 'update', 'delete']);
const INT_MAX = 2n ** 63n - 1n;
const PATH_CHAR = /[A-Za-z0-9_\-.~%@+]/;
const RELATIONAL = new Set(['==', '!=', '<', '<=', '>', '>=']);

export function parseRules(source: string, fileName: string): RulesFile {
  return new Parser(source, fileName).file();
}

class Parser {
  private readonly lx: Lexer;
  private tok: Token;
  /** Where the last token taken ends: the end of the node being built. */
  private prevEnd = 0;

  constructor(source: string, fileName: string) {
    this.lx = new Lexer(source, fileName);
    this.tok = this.lx.next();
  }

  // ---- token helpers ----

  private advance(): Token {
    const t = this.tok;
    this.prevEnd = t.end;
    this.tok = this.lx.next();
    return t;
  }

  /** Gives `node` the span from `start` to the end of the last token taken. */
  private spanned<T extends Expr>(start: number, node: T): T {
    node.span = { start, end: this.prevEnd };
    return node;
  }

  private startOf(e: Expr): number {
    return e.span?.start ?? this.prevEnd;
  }

  private is(text: string): boolean {
    return (this.tok.kind === 'punct' || this.tok.kind === 'ident') && this.tok.text === text;
  }

  private accept(text: string): boolean {
    if (!this.is(text)) return false;
    this.advance();
    return true;
  }

  private expect(text: string): Token {
    if (!this.is(text)) throw this.error(`expected '${text}', found ${this.describe(this.tok)}`);
    return this.advance();
  }

  private ident(what: string): Token {
    if (this.tok.kind !== 'ident') throw this.error(`expected ${what}, found ${this.describe(this.tok)}`);
    return this.advance();
  }

  private describe(t: Token): string {
    if (t.kind === 'eof') return 'end of file';
    if (t.kind === 'string') return 'a string';
    return `'${this.lx.source.slice(t.start, t.end)}'`;
  }

  private error(message: string, offset = this.tok.start) {
    return this.lx.error(offset, message);
  }

  private loc(t: Token = this.tok): SourceLocation {
    return this.lx.loc(t.start);
  }

  // ---- declarations ----

  file(): RulesFile {
    let version: '1' | '2' = '1';
    if (this.is('rules_version')) {
      this.advance();
      this.expect('=');
      const v = this.tok;
      if (v.kind !== 'string' || (v.text !== '1' && v.text !== '2')) throw this.error("rules_version must be '1' or '2'");
      version = v.text;
      this.advance();
      this.accept(';');
    }
    const services: ServiceNode[] = [];
    while (this.tok.kind !== 'eof') services.push(this.service());
    if (services.length === 0) throw this.error('expected a service declaration');
    return { version, services };
  }

  private service(): ServiceNode {
    const start = this.expect('service');
    const parts = [this.ident('a service name').text];
    while (this.accept('.')) parts.push(this.ident('a service name').text);
    const node: ServiceNode = { kind: 'service', name: parts.join('.'), loc: this.loc(start), functions: [], matches: [] };
    this.expect('{');
    while (!this.accept('}')) {
      if (this.is('function')) node.functions.push(this.func());
      else if (this.is('match')) node.matches.push(this.match());
      else throw this.error(`expected 'match' or 'function', found ${this.describe(this.tok)}`);
    }
    return node;
  }

  private match(): MatchNode {
    const start = this.tok;
    const { segments, text } = this.matchPath(start.end);
    const node: MatchNode = { kind: 'match', loc: this.loc(start), text, segments, functions: [], matches: [], allows: [] };
    this.expect('{');
    while (!this.accept('}')) {
      if (this.is('function')) node.functions.push(this.func());
      else if (this.is('match')) node.matches.push(this.match());
      else if (this.is('allow')) node.allows.push(this.allow());
      else throw this.error(`expected 'match', 'allow' or 'function', found ${this.describe(this.tok)}`);
    }
    return node;
  }

  /** Scans `/a/{b}/{c=**}` character by character, starting after the `match` keyword. */
  private matchPath(from: number): { segments: MatchSegment[]; text: string } {
    const src = this.lx.source;
    this.lx.pos = from;
    this.lx.skipTrivia();
    let pos = this.lx.pos;
    const begin = pos;
    if (src[pos] !== '/') throw this.error("expected '/' to start the match path", pos);
    const segments: MatchSegment[] = [];
    while (src[pos] === '/') {
      pos++;
      if (src[pos] === '{') {
        const close = src.indexOf('}', pos);
        const body = close < 0 ? '' : src.slice(pos + 1, close);
        const m = /^([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?$/.exec(body);
        if (!m) throw this.error('expected a wildcard such as {name} or {name=**}', pos);
        const name = m[1] ?? '';
        segments.push(m[2] ? { kind: 'recursive', name } : { kind: 'wildcard', name });
        pos = close + 1;
      } else {
        let end = pos;
        while (end < src.length && !/[\s/{}]/.test(src.charAt(end))) end++;
        if (end === pos) throw this.error('expected a path segment', pos);
        segments.push({ kind: 'literal', value: src.slice(pos, end) });
        pos = end;
      }
    }
    this.lx.pos = pos;
    this.tok = this.lx.next();
    return { segments, text: src.slice(begin, pos) };
  }

  private allow(): AllowNode {
    const start = this.expect('allow');
    const methods: AllowMethod[] = [];
    do {
      const t = this.ident('a method (read, write, get, list, create, update, delete)');
      if (!ALLOW_METHODS.has(t.text as AllowMethod))
        throw this.error(`unknown method '${t.text}': expected read, write, get, list, create, update or delete`, t.start);
      methods.push(t.text as AllowMethod);
    } while (this.accept(','));
    let condition: Expr | undefined;
    if (this.accept(':')) {
      this.expect('if');
      condition = this.expr();
    }
    // As in production, the `;` may be left out: the next statement or the `}` ends the rule.
    const span: Span = { start: start.start, end: this.prevEnd };
    this.accept(';');
    return { kind: 'allow', loc: this.loc(start), span, methods, condition };
  }

  private func(): FunctionNode {
    const start = this.expect('function');
    const name = this.ident('a function name').text;
    this.expect('(');
    const params: string[] = [];
    if (!this.is(')')) {
      do params.push(this.ident('a parameter name').text);
      while (this.accept(','));
    }
    this.expect(')');
    this.expect('{');
    const lets: FunctionNode['lets'] = [];
    while (this.is('let')) {
      const letTok = this.advance();
      const letName = this.ident('a variable name').text;
      this.expect('=');
      lets.push({ name: letName, value: this.expr(), loc: this.loc(letTok) });
      this.accept(';');
    }
    this.expect('return');
    const body = this.expr();
    this.accept(';');
    this.expect('}');
    return { kind: 'function', loc: this.loc(start), name, params, lets, body };
  }

  // ---- expressions, lowest precedence first ----

  expr(): Expr {
    const test = this.or();
    if (!this.is('?')) return test;
    const loc = this.loc();
    this.advance();
    const then = this.expr();
    this.expect(':');
    return this.spanned(this.startOf(test), { kind: 'ternary', loc, test, then, else: this.expr() });
  }

  private binaryLevel(ops: string[], next: () => Expr): Expr {
    let left = next();
    while (this.tok.kind === 'punct' && ops.includes(this.tok.text)) {
      const opTok = this.advance();
      const start = this.startOf(left);
      left = this.spanned(start, { kind: 'binary', op: opTok.text as BinaryOp, loc: this.loc(opTok), left, right: next() });
    }
    return left;
  }

  private or(): Expr {
    return this.binaryLevel(['||'], () => this.and());
  }

  private and(): Expr {
    return this.binaryLevel(['&&'], () => this.relation());
  }

  private relation(): Expr {
    let left = this.additive();
    for (;;) {
      const t = this.tok;
      if (t.kind === 'punct' && RELATIONAL.has(t.text)) {
        this.advance();
        const start = this.startOf(left);
        left = this.spanned(start, { kind: 'binary', op: t.text as BinaryOp, loc: this.loc(t), left, right: this.additive() });
      } else if (t.kind === 'ident' && t.text === 'in') {
        this.advance();
        const start = this.startOf(left);
        left = this.spanned(start, { kind: 'binary', op: 'in', loc: this.loc(t), left, right: this.additive() });
      } else if (t.kind === 'ident' && t.text === 'is') {
        this.advance();
        const type = this.ident('a type name');
        if (!TYPE_NAMES.has(type.text)) throw this.error(`unknown type '${type.text}'`, type.start);
        left = this.spanned(this.startOf(left), { kind: 'is', loc: this.loc(t), operand: left, type: type.text });
      } else return left;
    }
  }

  private additive(): Expr {
    return this.binaryLevel(['+', '-'], () => this.multiplicative());
  }

  private multiplicative(): Expr {
    return this.binaryLevel(['*', '/', '%'], () => this.unary());
  }

  private unary(): Expr {
    const t = this.tok;
    if (t.kind === 'punct' && (t.text === '!' || t.text === '-')) {
      this.advance();
      if (t.text === '-' && (this.tok.kind === 'int' || this.tok.kind === 'float')) {
        const lit = this.advance();
        const value = lit.kind === 'int' ? { t: 'int' as const, v: -BigInt(lit.text) } : flt(-Number(lit.text));
        return this.postfix(this.spanned(t.start, { kind: 'literal', loc: this.loc(t), value }));
      }
      return this.spanned(t.start, { kind: 'unary', op: t.text, loc: this.loc(t), operand: this.unary() });
    }
    const start = this.tok.start;
    // A parenthesised expression's span takes in its parentheses.
    return this.postfix(this.spanned(start, this.primary()));
  }

  private postfix(expr: Expr): Expr {
    const start = this.startOf(expr);
    for (;;) {
      const t = this.tok;
      if (this.accept('.')) {
        const name = this.ident('a field or method name');
        expr = this.spanned(start, { kind: 'member', loc: this.loc(name), object: expr, name: name.text });
      } else if (this.accept('[')) {
        let from: Expr | undefined;
        if (!this.is(':')) from = this.expr();
        if (this.accept(':')) {
          const end = this.is(']') ? undefined : this.expr();
          this.expect(']');
          expr = this.spanned(start, { kind: 'slice', loc: this.loc(t), object: expr, start: from, end });
        } else {
          if (!from) throw this.error('expected an index');
          this.expect(']');
          expr = this.spanned(start, { kind: 'index', loc: this.loc(t), object: expr, index: from });
        }
      } else if (this.is('(')) {
        if (expr.kind !== 'ident' && expr.kind !== 'member') throw this.error('only functions and methods can be called');
        this.advance();
        const args: Expr[] = [];
        if (!this.is(')')) {
          do args.push(this.expr());
          while (this.accept(','));
        }
        this.expect(')');
        expr = this.spanned(start, { kind: 'call', loc: expr.loc, callee: expr, args });
      } else return expr;
    }
  }

  private primary(): Expr {
    const t = this.tok;
    const loc = this.loc(t);
    switch (t.kind) {
      case 'int': {
        this.advance();
        const v = BigInt(t.text);
        if (v > INT_MAX) throw this.error('integer literal out of range', t.start);
        return { kind: 'literal', loc, value: { t: 'int', v } };
      }
      case 'float':
        this.advance();
        return { kind: 'literal', loc, value: flt(Number(t.text)) };
      case 'string':
        this.advance();
        return { kind: 'literal', loc, value: str(t.text) };
      case 'bytes':
        this.advance();
        return { kind: 'literal', loc, value: { t: 'bytes', v: t.bytes ?? new Uint8Array() } };
      case 'ident':
        this.advance();
        if (t.text === 'true' || t.text === 'false') return { kind: 'literal', loc, value: bool(t.text === 'true') };
        if (t.text === 'null') return { kind: 'literal', loc, value: NULL };
        return { kind: 'ident', loc, name: t.text };
      case 'punct':
        if (t.text === '(') {
          this.advance();
          const inner = this.expr();
          this.expect(')');
          return inner;
        }
        if (t.text === '[') return this.listLiteral();
        if (t.text === '{') return this.mapLiteral();
        if (t.text === '/') return this.pathLiteral();
        break;
      default:
        break;
    }
    throw this.error(`expected an expression, found ${this.describe(t)}`);
  }

  private listLiteral(): Expr {
    const loc = this.loc();
    this.expect('[');
    const items: Expr[] = [];
    while (!this.is(']')) {
      items.push(this.expr());
      if (!this.accept(',')) break;
    }
    this.expect(']');
    return { kind: 'list', loc, items };
  }

  private mapLiteral(): Expr {
    const loc = this.loc();
    this.expect('{');
    const entries: { key: Expr; value: Expr }[] = [];
    while (!this.is('}')) {
      const key = this.expr();
      this.expect(':');
      entries.push({ key, value: this.expr() });
      if (!this.accept(',')) break;
    }
    this.expect('}');
    return { kind: 'map', loc, entries };
  }

  /** `/databases/$(database)/documents/users/$(uid)`, scanned from the current `/` token. */
  private pathLiteral(): Expr {
    const src = this.lx.source;
    const loc = this.loc();
    let pos = this.tok.start;
    const segments: PathPart[][] = [];
    while (src[pos] === '/') {
      pos++;
      const parts: PathPart[] = [];
      for (;;) {
        if (src.startsWith('$(', pos)) {
          this.lx.pos = pos + 2;
          this.tok = this.lx.next();
          parts.push(this.expr());
          if (!this.is(')')) throw this.error(`expected ')', found ${this.describe(this.tok)}`);
          pos = this.tok.end;
        } else if (src.startsWith('(default)', pos)) {
          parts.push('(default)');
          pos += '(default)'.length;
        } else {
          let end = pos;
          while (end < src.length && PATH_CHAR.test(src.charAt(end))) end++;
          if (end === pos) break;
          parts.push(src.slice(pos, end));
          pos = end;
        }
      }
      if (parts.length === 0) throw this.error('expected a path segment', pos);
      segments.push(parts);
    }
    this.lx.pos = pos;
    this.prevEnd = pos;
    this.tok = this.lx.next();
    return { kind: 'path', loc, segments };
  }
}
