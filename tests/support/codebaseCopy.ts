// A scratch copy of the built Cloud Functions codebase (functions/lib and its package.json, the
// local secret, its packages found through a link to the repository's), with one file edited: a
// codebase broken on purpose, for startReactions' `functionsDir`. The caller removes it.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const functionsDir = path.join(root, 'functions');

/** The built entry point, relative to the codebase (functions/package.json's main). */
export const BUILT_ENTRY = path.join('lib', 'functions', 'src', 'index.js');

/** A copy of the built codebase with `edit` applied to `file`; throws when the edit changes nothing. */
export function codebaseCopy(file: string, edit: (code: string) => string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'broken-functions-'));
  fs.cpSync(path.join(functionsDir, 'lib'), path.join(copy, 'lib'), { recursive: true });
  for (const name of ['package.json', '.secret.local']) fs.copyFileSync(path.join(functionsDir, name), path.join(copy, name));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  const target = path.join(copy, file);
  const code = fs.readFileSync(target, 'utf8');
  const edited = edit(code);
  if (edited === code) {
    fs.rmSync(copy, { recursive: true, force: true });
    throw new Error(`The edit of ${file} changed nothing.`);
  }
  fs.writeFileSync(target, edited);
  return copy;
}
