// The project's own files the backend follows (rules, indexes): how they are named in messages,
// and a watch that hands over each edit once it has settled.

import fs from 'node:fs';
import path from 'node:path';

/** How a project file is named in messages: relative to the working folder when inside it. */
export function projectFileName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** How long edits settle before a reload: editors often write a file in several steps. */
const SETTLE_MS = 100;

/**
 * Calls `onText` with the file's new text after each edit that changes it (the folder is watched,
 * so rename-and-replace saves count; a file mid-replace or deleted changes nothing), and `onError`
 * with what `onText` or the watch throws. Returns the function that stops watching.
 */
export function watchProjectFile(file: string, onText: (text: string) => void, onError: (error: Error) => void): () => void {
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
      return;
    }
    if (text === last) return;
    last = text;
    try {
      onText(text);
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
