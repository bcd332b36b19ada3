// The project's rules files (named in firebase.json): read at start-up, and watched while the
// backend runs so that an edit takes effect at once, as with the official emulators.

import fs from 'node:fs';
import path from 'node:path';
import type { RulesSource } from './authorizer.js';

/** How a rules file is named in located errors: relative to the working folder when inside it. */
export function rulesDisplayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

export function readRulesFile(file: string): RulesSource {
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the rules file ${rulesDisplayName(file)}: ${(error as Error).message}`, { cause: error });
  }
  return { file: rulesDisplayName(file), source };
}

/** How long edits settle before a reload: editors often write a file in several steps. */
const SETTLE_MS = 100;

/**
 * Calls `onChange` with the file's new text after each edit (rename-and-replace saves included:
 * the folder is watched). Returns the function that stops watching.
 */
export function watchRulesFile(
  file: string,
  onChange: (rules: RulesSource) => void,
  onError: (error: Error) => void,
): () => void {
  const folder = path.dirname(file);
  const base = path.basename(file);
  let last: string | null = null;
  try {
    last = fs.readFileSync(file, 'utf8');
  } catch {
    // Not there yet: the first version written is a change.
  }
  let timer: NodeJS.Timeout | null = null;
  const reload = (): void => {
    timer = null;
    let source: string;
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch {
      return; // Mid-replace, or deleted: the rules in force stay.
    }
    if (source === last) return;
    last = source;
    try {
      onChange({ file: rulesDisplayName(file), source });
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const watcher = fs.watch(folder, (_event, name) => {
    if (name !== null && name !== base) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(reload, SETTLE_MS);
  });
  watcher.on('error', onError);
  return () => {
    if (timer) clearTimeout(timer);
    watcher.close();
  };
}
