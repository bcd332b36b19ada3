// The project's indexes file (firebase.json's `firestore.indexes`): read at start-up, where a
// malformed file stops the backend with its name and the entry at fault, and watched while the
// backend runs so that an added index takes effect at once.

import fs from 'node:fs';
import path from 'node:path';
import { NO_INDEXES, parseIndexesFile, type IndexDefinitions } from './definitions.js';
import type { IndexSettings } from './indexPolicy.js';

/** How the file is named in messages: relative to the working folder when inside it. */
export function indexesDisplayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** Reads and checks the file; throws IndexesFileError (or a read error) naming it. */
export function readIndexesFile(file: string): IndexDefinitions {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the indexes file ${indexesDisplayName(file)}: ${(error as Error).message}`, { cause: error });
  }
  return parseIndexesFile(text, indexesDisplayName(file));
}

/** Production's enforcement with the given indexes file (none: automatic single-field indexes only). */
export function requiredIndexes(file: string | null): IndexSettings {
  return { require: true, definitions: file ? readIndexesFile(file) : NO_INDEXES };
}

/** How long edits settle before a reload: editors often write a file in several steps. */
const SETTLE_MS = 100;

/**
 * Calls `onChange` with the file's definitions after each edit that parses (the folder is
 * watched, so rename-and-replace saves count), `onError` with what is wrong otherwise.
 * Returns the function that stops watching.
 */
export function watchIndexesFile(
  file: string,
  onChange: (definitions: IndexDefinitions) => void,
  onError: (error: Error) => void,
): () => void {
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
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return; // Mid-replace, or deleted: the indexes in force stay.
    }
    if (text === last) return;
    last = text;
    try {
      onChange(parseIndexesFile(text, indexesDisplayName(file)));
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const watcher = fs.watch(path.dirname(file), (_event, name) => {
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
