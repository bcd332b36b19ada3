// What every preflight check shares: the finding it reports (blocking, or a note that does not
// block), the guide it links, the demo values that must not reach a deployment, and the dotenv
// and JSON readers.

import { readFileSync } from 'node:fs';

export const GUIDE = 'docs/deploying.md';

export interface Finding {
  /** false: the deploy must not go ahead until it is fixed. */
  ok: boolean;
  /** An advisory line: ok (it does not block the deploy), but worth reading. */
  note?: true;
  /** What was checked, or what is wrong and how to fix it. */
  message: string;
  /** The guide's section that fixes it (an anchor of docs/deploying.md). */
  fix: string;
}

export const section = (anchor: string): string => `${GUIDE}#${anchor}`;
export const pass = (message: string, anchor: string): Finding => ({ ok: true, message, fix: section(anchor) });
export const fail = (message: string, anchor: string): Finding => ({ ok: false, message, fix: section(anchor) });
export const note = (message: string, anchor: string): Finding => ({ ok: true, note: true, message, fix: section(anchor) });

/** The values the repository ships for local use, which must not reach a deployment. */
const DEMO_VALUES = new Set(['demo-api-key', 'Polytechnic Innovation Office']);
const RESERVED_DOMAIN = /(^|\.)(example(\.(com|org|net|edu))?|test|invalid|localhost)$/i;

export function isDemoValue(value: string): boolean {
  const domain = /@([^@\s]+)$/.exec(value)?.[1];
  return DEMO_VALUES.has(value) || value.startsWith('demo-') || (domain !== undefined && RESERVED_DOMAIN.test(domain));
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** A dotenv file as the Firebase CLI reads it: KEY=VALUE lines, optional quotes, # comments. */
export function parseDotenv(source: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of source.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1]) continue;
    let value = match[2] ?? '';
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2] ?? '';
    else value = value.replace(/\s+#.*$/, '');
    values[match[1]] = value;
  }
  return values;
}

/** The part of firebase.json the checks read. */
export interface FirebaseJson {
  hosting?: { public?: string; ignore?: string[]; site?: string; target?: string };
  firestore?: { rules?: string; indexes?: string; location?: string };
  storage?: { rules?: string };
}
