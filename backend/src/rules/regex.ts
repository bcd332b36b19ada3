// RE2 patterns of the rules language, run with JavaScript RegExp. Covers the common RE2 syntax
// (named groups (?P<n>), \A and \z, leading (?i)/(?s)/(?m) flags, POSIX classes); a pattern
// JavaScript cannot compile is an evaluation error.

import { fail } from './errors.js';

const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const cache = new Map<string, RegExp>();

/** `whole`: the pattern must match the entire string (String.matches). `global`: for split and replace. */
export function compileRe2(pattern: string, mode: 'whole' | 'global'): RegExp {
  const key = `${mode}\u0000${pattern}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let body = pattern;
  let flags = mode === 'global' ? 'g' : '';
  const lead = /^\(\?([imsU]+)\)/.exec(body);
  if (lead) {
    body = body.slice(lead[0].length);
    for (const f of lead[1] ?? '') if (f !== 'U' && !flags.includes(f)) flags += f;
  }
  body = body
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$')
    .replace(/\[:(\^?)([a-z]+):\]/g, (whole, neg: string, name: string) => {
      const cls = POSIX[name];
      if (!cls) return whole;
      return neg ? `^${cls}` : cls;
    });
  if (mode === 'whole') body = `^(?:${body})$`;
  let re: RegExp;
  try {
    re = new RegExp(body, flags + 'u');
  } catch {
    try {
      re = new RegExp(body, flags);
    } catch {
      return fail(`invalid regular expression '${pattern}'`);
    }
  }
  cache.set(key, re);
  return re;
}
