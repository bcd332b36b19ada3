// When the app's own code fails to load (a phone holding a page from before a deployment asks
// for chunks the new one no longer has), the page is reloaded once to pick up the new version. A
// mark in the tab's session storage, with the time of that reload, keeps it to once: a second
// failure soon after means a reload does not help, and the app says so instead of reloading in
// a loop. The page side (the listener, the reload, the message) is src/app/staleCode.ts.

import { STORAGE_KEYS, timings } from '../config/constants';

export const staleCodeMessages = {
  updated: 'The app was updated. Reload to continue.',
  reload: 'Reload',
} as const;

/** When this tab last reloaded for code that failed to load, or null. */
function readMark(storage: Storage): number | null {
  const at = Number(storage.getItem(STORAGE_KEYS.reloadedForUpdate));
  return storage.getItem(STORAGE_KEYS.reloadedForUpdate) !== null && Number.isFinite(at) ? at : null;
}

/**
 * What to do about code that failed to load at `now`: 'reload' (the mark is set first) when the
 * tab has not reloaded for it within the guard time, else 'explain'. Without working session
 * storage there is no guard against a loop, so the answer is 'explain'.
 */
export function decideRecovery(storage: Storage, now: number): 'reload' | 'explain' {
  try {
    const at = readMark(storage);
    if (at !== null && now - at >= 0 && now - at < timings.staleCodeReloadGuardMs) return 'explain';
    storage.setItem(STORAGE_KEYS.reloadedForUpdate, String(now));
    return 'reload';
  } catch {
    return 'explain';
  }
}

/**
 * The app has started: forgets the mark, at once when its guard time is over, else returns how
 * many milliseconds are left until it may go. Code the started app loads later (a screen's chunk)
 * may fail just the same after the reload; forgetting the mark sooner would reload again and
 * again.
 */
export function forgetMarkAfterStart(storage: Storage, now: number): number {
  try {
    const at = readMark(storage);
    const left = at === null ? 0 : at + timings.staleCodeReloadGuardMs - now;
    if (left <= 0 || left > timings.staleCodeReloadGuardMs) {
      storage.removeItem(STORAGE_KEYS.reloadedForUpdate);
      return 0;
    }
    return left;
  } catch {
    return 0;
  }
}
