// What the smoke check reports: the preflight's findings (ok or not, what was seen, the section of
// docs/deploying.md that fixes it), each under one of the six checks, and the guide's headings by
// their anchors, so that a line names its section by the title a reader looks for.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GUIDE, section, type Finding } from '../preflight/findings.js';

/** The guide's section on the smoke check itself. */
export const SMOKE_SECTION = 'smoke-check-after-every-deploy';

/** The checks, in the order they are printed, by the id `--only` takes. */
export const CHECKS = {
  routes: 'App routes and security headers',
  'missing-file': 'A missing file',
  rules: 'An anonymous write to events',
  functions: 'Deployed functions',
  'sign-in-link': 'E-mail sign-in links',
  'storage-cors': 'Storage CORS',
} as const;

export type CheckId = keyof typeof CHECKS;

export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];

export interface SmokeFinding extends Finding {
  check: CheckId;
}

export const passed = (check: CheckId, message: string, anchor: string): SmokeFinding => ({
  check,
  ok: true,
  message,
  fix: section(anchor),
});

export const failed = (check: CheckId, message: string, anchor: string): SmokeFinding => ({
  check,
  ok: false,
  message,
  fix: section(anchor),
});

export const noted = (check: CheckId, message: string, anchor: string): SmokeFinding => ({
  check,
  ok: true,
  note: true,
  message,
  fix: section(anchor),
});

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The guide's headings (any level) by their anchors. */
export function guideSections(root: string): Map<string, string> {
  const text = readFileSync(path.join(root, GUIDE), 'utf8');
  const sections = new Map<string, string>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
    const title = (match[1] ?? '').replace(/`/g, '');
    sections.set(slug(title), title);
  }
  return sections;
}

/** The anchor a finding's `fix` points at (docs/deploying.md#storage-cors: storage-cors). */
export const anchorOf = (finding: Finding): string => finding.fix.slice(finding.fix.indexOf('#') + 1);

/** An error message, whatever was thrown. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
