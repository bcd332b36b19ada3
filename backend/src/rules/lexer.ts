// Turns rules source text into tokens on demand. The parser can reposition it, because match
// paths and path literals are scanned character by character rather than as tokens.

import { RulesSyntaxError, type SourceLocation } from './errors.js';

export type TokenKind = 'ident' | 'int' | 'float' | 'string' | 'bytes' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Identifier name, punctuation, or the decoded string. */
  text: string;
  bytes?: Uint8Array;
  start: number;
  end: number;
}

const PUNCTUATION = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ',',
  ';',
  ':',
  '.',
  '?',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
];

export class Lexer {
  pos = 0;
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly source: string,
    readonly fileName: string,
  ) {
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.lineStarts.push(i + 1);
  }

  loc(offset: number): SourceLocation {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.lineStarts[lo] ?? 0) + 1 };
  }

  error(offset: number, message: string): RulesSyntaxError {
    const { line, column } = this.loc(offset);
    return new RulesSyntaxError(this.fileName, line, column, message);
  }

  skipTrivia(): void {
    const src = this.source;
    for (;;) {
      const c = src[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') this.pos++;
      else if (c === '/' && src[this.pos + 1] === '/') {
        while (this.pos < src.length && src[this.pos] !== '\n') this.pos++;
      } else if (c === '/' && src[this.pos + 1] === '*') {
        const close = src.indexOf('*/', this.pos + 2);
        if (close < 0) throw this.error(this.pos, 'unterminated comment');
        this.pos = close + 2;
      } else return;
    }
  }

  next(): Token {
    this.skipTrivia();
    const src = this.source;
    const start = this.pos;
    const c = src[start];
    if (c === undefined) return { kind: 'eof', text: 'end of file', start, end: start };
    if ((c === 'b' || c === 'r') && (src[start + 1] === "'" || src[start + 1] === '"')) {
      this.pos++;
      return this.string(start, c === 'b' ? 'bytes' : 'raw');
    }
    if (/[A-Za-z_]/.test(c)) {
      while (this.pos < src.length && /[A-Za-z0-9_]/.test(src.charAt(this.pos))) this.pos++;
      return { kind: 'ident', text: src.slice(start, this.pos), start, end: this.pos };
    }
    if (/[0-9]/.test(c)) return this.number(start);
    if (c === "'" || c === '"') return this.string(start, 'text');
    for (const p of PUNCTUATION) {
      if (src.startsWith(p, start)) {
        this.pos += p.length;
        return { kind: 'punct', text: p, start, end: this.pos };
      }
    }
    throw this.error(start, `unexpected character '${c}'`);
  }

  private number(start: number): Token {
    const src = this.source;
    if (src[start] === '0' && (src[start + 1] === 'x' || src[start + 1] === 'X')) {
      this.pos += 2;
      while (/[0-9a-fA-F]/.test(src[this.pos] ?? '')) this.pos++;
      return { kind: 'int', text: BigInt(src.slice(start, this.pos)).toString(), start, end: this.pos };
    }
    while (/[0-9]/.test(src[this.pos] ?? '')) this.pos++;
    let isFloat = false;
    if (src[this.pos] === '.' && /[0-9]/.test(src[this.pos + 1] ?? '')) {
      isFloat = true;
      this.pos++;
      while (/[0-9]/.test(src[this.pos] ?? '')) this.pos++;
    }
    if ((src[this.pos] === 'e' || src[this.pos] === 'E') && /[-+0-9]/.test(src[this.pos + 1] ?? '')) {
      isFloat = true;
      this.pos++;
      if (src[this.pos] === '+' || src[this.pos] === '-') this.pos++;
      if (!/[0-9]/.test(src[this.pos] ?? '')) throw this.error(this.pos, 'malformed number');
      while (/[0-9]/.test(src[this.pos] ?? '')) this.pos++;
    }
    if (/[A-Za-z_]/.test(src[this.pos] ?? '')) throw this.error(this.pos, 'malformed number');
    return { kind: isFloat ? 'float' : 'int', text: src.slice(start, this.pos), start, end: this.pos };
  }

  /** A quoted string; `mode` says whether escapes yield text, raw text, or bytes. */
  private string(start: number, mode: 'text' | 'raw' | 'bytes'): Token {
    const src = this.source;
    const quote = src[this.pos];
    this.pos++;
    const bytes: number[] = [];
    const pushText = (text: string) => bytes.push(...Buffer.from(text, 'utf8'));
    for (;;) {
      const c = src[this.pos];
      if (c === undefined || c === '\n') throw this.error(start, 'unterminated string');
      if (c === quote) {
        this.pos++;
        break;
      }
      if (c === '\\' && mode !== 'raw') {
        this.escape(bytes, mode);
        continue;
      }
      const cp = src.codePointAt(this.pos) ?? 0;
      const ch = String.fromCodePoint(cp);
      pushText(ch);
      this.pos += ch.length;
    }
    const buffer = new Uint8Array(bytes);
    if (mode === 'bytes') return { kind: 'bytes', text: '', bytes: buffer, start, end: this.pos };
    const text = new TextDecoder('utf-8', { fatal: true });
    try {
      return { kind: 'string', text: text.decode(buffer), start, end: this.pos };
    } catch {
      throw this.error(start, 'string is not valid UTF-8');
    }
  }

  private escape(bytes: number[], mode: 'text' | 'bytes'): void {
    const src = this.source;
    const at = this.pos;
    const e = src[this.pos + 1];
    this.pos += 2;
    const simple: Record<string, number> = {
      a: 7,
      b: 8,
      f: 12,
      n: 10,
      r: 13,
      t: 9,
      v: 11,
      '\\': 92,
      "'": 39,
      '"': 34,
      '`': 96,
      '?': 63,
    };
    const code = e === undefined ? undefined : simple[e];
    if (code !== undefined) {
      bytes.push(code);
      return;
    }
    const digits = (count: number, re: RegExp): string => {
      const text = src.slice(this.pos, this.pos + count);
      if (text.length !== count || ![...text].every((ch) => re.test(ch)))
        throw this.error(at, `invalid escape sequence '\\${e}${text}'`);
      this.pos += count;
      return text;
    };
    if (e === 'x' || e === 'X') {
      bytes.push(parseInt(digits(2, /[0-9a-fA-F]/), 16));
      return;
    }
    if (e !== undefined && /[0-3]/.test(e)) {
      this.pos--;
      bytes.push(parseInt(digits(3, /[0-7]/), 8));
      return;
    }
    if ((e === 'u' || e === 'U') && mode === 'text') {
      const cp = parseInt(digits(e === 'u' ? 4 : 8, /[0-9a-fA-F]/), 16);
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw this.error(at, 'invalid unicode escape');
      bytes.push(...Buffer.from(String.fromCodePoint(cp), 'utf8'));
      return;
    }
    throw this.error(at, `invalid escape sequence '\\${e ?? ''}'`);
  }
}
