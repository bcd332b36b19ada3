// The syntax tree of a rules file, as produced by the parser and read by the checker and evaluator.

import type { SourceLocation } from './errors.js';
import type { RValue } from './values.js';

export type AllowMethod = 'read' | 'write' | 'get' | 'list' | 'create' | 'update' | 'delete';

export interface RulesFile {
  version: '1' | '2';
  services: ServiceNode[];
}

export interface ServiceNode {
  kind: 'service';
  name: string;
  loc: SourceLocation;
  functions: FunctionNode[];
  matches: MatchNode[];
}

export type MatchSegment =
  { kind: 'literal'; value: string } | { kind: 'wildcard'; name: string } | { kind: 'recursive'; name: string };

export interface MatchNode {
  kind: 'match';
  loc: SourceLocation;
  /** The path as written, for messages. */
  text: string;
  segments: MatchSegment[];
  functions: FunctionNode[];
  matches: MatchNode[];
  allows: AllowNode[];
}

/** Where a node's text lies in the source: offsets, end exclusive (for coverage reports). */
export interface Span {
  start: number;
  end: number;
}

export interface AllowNode {
  kind: 'allow';
  loc: SourceLocation;
  /** From `allow` to the end of its condition (or its `;`). */
  span: Span;
  methods: AllowMethod[];
  /** Absent: `allow read;` always grants. */
  condition?: Expr;
}

export interface FunctionNode {
  kind: 'function';
  loc: SourceLocation;
  name: string;
  params: string[];
  lets: { name: string; value: Expr; loc: SourceLocation }[];
  body: Expr;
}

export type BinaryOp = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

/** A segment of a path literal: literal text and `$(expr)` parts, concatenated. */
export type PathPart = string | Expr;

export type Expr = { loc: SourceLocation; span?: Span } & (
  | { kind: 'literal'; value: RValue }
  | { kind: 'ident'; name: string }
  | { kind: 'member'; object: Expr; name: string }
  | { kind: 'index'; object: Expr; index: Expr }
  | { kind: 'slice'; object: Expr; start?: Expr; end?: Expr }
  | { kind: 'call'; callee: Expr; args: Expr[] }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'ternary'; test: Expr; then: Expr; else: Expr }
  | { kind: 'is'; operand: Expr; type: string }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'map'; entries: { key: Expr; value: Expr }[] }
  | { kind: 'path'; segments: PathPart[][] }
);
