// The project's indexes file (firebase.json's `firestore.indexes`): read at start-up, where a
// malformed file stops the backend with its name and the entry at fault, and watched while the
// backend runs so that an added index takes effect at once.

import fs from 'node:fs';
import { projectFileName, watchProjectFile } from '../../shared/projectFiles.js';
import { NO_INDEXES, parseIndexesFile, type IndexDefinitions } from './definitions.js';
import type { IndexSettings } from './indexPolicy.js';

/** How the file is named in messages. */
export const indexesDisplayName = projectFileName;

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
  return watchProjectFile(file, (text) => onChange(parseIndexesFile(text, indexesDisplayName(file))), onError);
}
