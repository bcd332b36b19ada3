// The project's rules files (named in firebase.json): read at start-up, and watched while the
// backend runs so that an edit takes effect at once, as with the official emulators.

import fs from 'node:fs';
import { projectFileName, watchProjectFile } from '../shared/projectFiles.js';
import type { RulesSource } from './authorizer.js';

export function readRulesFile(file: string): RulesSource {
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the rules file ${projectFileName(file)}: ${(error as Error).message}`, { cause: error });
  }
  return { file: projectFileName(file), source };
}

/**
 * Calls `onChange` with the file's new text after each edit (rename-and-replace saves included:
 * the folder is watched). Returns the function that stops watching.
 */
export function watchRulesFile(
  file: string,
  onChange: (rules: RulesSource) => void,
  onError: (error: Error) => void,
): () => void {
  return watchProjectFile(file, (source) => onChange({ file: projectFileName(file), source }), onError);
}
