// Work the first screen does not need (starting Auth, the toast container, the service worker's
// registration) runs when the browser has a moment to spare, so that it never lengthens the
// tasks of a phone's start-up nor holds up a tap; within `maxWaitMs` at the latest.

/** Runs `task` once the browser is idle (or after `maxWaitMs`); returns a function that cancels it. */
export function whenIdle(task: () => void, maxWaitMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: maxWaitMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}
