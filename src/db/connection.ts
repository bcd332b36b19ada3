// Whether the app can reach its backend: the 'Internet Error!' banner follows it. The browser's
// online/offline events are not enough. At a venue the usual failure is Wi-Fi with nothing behind
// it, where navigator.onLine stays true, and a browser need not turn it false when its network is
// cut in other ways either. So the backend counts too, judged from requests:
// - the app's own: the src/db/ modules report an answer (the Lite read, a live snapshot from the
//   server) or a miss (a failed read, a live snapshot from the cache only);
// - a check: a HEAD request to Firestore's origin, where any HTTP answer will do (no-cors:
//   nothing is read, no document is billed). It runs while the backend is in doubt, every
//   timings.connectionCheckMs, so the banner clears as soon as the backend answers again rather
//   than when the full SDK's back-off next tries (up to a minute apart); and every
//   timings.connectionHeartbeatMs while the page is shown, because on Wi-Fi with no internet the
//   live listener's connection hangs rather than fails, and the SDK tells nothing for minutes.
// A miss, or a check not yet answered, is only a doubt until it has lasted
// timings.connectionGraceMs with nothing answering (src/lib/reachability.ts), so one slow request
// does not flash the banner.
// Nothing here imports the Firestore SDK: this module is part of the first load, where only
// Firestore Lite is (docs/performance.md).

import { timings } from '../config/constants';
import { env } from '../config/env';
import { trackReachability, type ReachabilityTracker } from '../lib/reachability';

const watchers = new Set<(connected: boolean) => void>();
let tracker: ReachabilityTracker | null = null;
let lastReported: boolean | null = null;
let checking = false;
let nextCheck: ReturnType<typeof setTimeout> | undefined;
let heartbeat: ReturnType<typeof setInterval> | undefined;

/** Firestore's origin: the local backend's address, or the production service's. */
function backendOrigin(): string {
  const local = env.emulators?.firestore;
  return local ? `http://${local.host}:${local.port}/` : 'https://firestore.googleapis.com/';
}

/** True when the backend gives any HTTP answer within timings.connectionCheckTimeoutMs. */
async function backendAnswers(): Promise<boolean> {
  const abort = new AbortController();
  const timeout = setTimeout(() => abort.abort(), timings.connectionCheckTimeoutMs);
  try {
    await fetch(backendOrigin(), { method: 'HEAD', mode: 'no-cors', cache: 'no-store', signal: abort.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timeout);
  }
}

function checkWhileInDoubt(): void {
  clearTimeout(nextCheck);
  if (checking || tracker === null || tracker.state === 'reachable') return;
  checking = true;
  void backendAnswers().then((answered) => {
    checking = false;
    if (answered) tracker?.answered();
    else nextCheck = setTimeout(checkWhileInDoubt, timings.connectionCheckMs);
  });
}

/** Checks the backend now: until the check answers, it is in doubt like any unanswered request. */
function checkBackend(): void {
  if (document.visibilityState === 'visible') tracker?.missed();
}

function connected(): boolean {
  return navigator.onLine && tracker?.state !== 'unreachable';
}

function tellWatchers(): void {
  const now = connected();
  if (now === lastReported) return;
  lastReported = now;
  for (const watcher of watchers) watcher(now);
}

/** The page's tracker, made on first use; none outside a browser (the db tests in Node, the rehearsal's clients). */
function reachability(): ReachabilityTracker | null {
  if (tracker !== null || typeof window === 'undefined') return tracker;
  tracker = trackReachability(timings.connectionGraceMs, (state) => {
    if (state === 'doubtful') checkWhileInDoubt();
    tellWatchers();
  });
  window.addEventListener('online', () => {
    checkWhileInDoubt();
    tellWatchers();
  });
  window.addEventListener('offline', tellWatchers);
  // A phone woken between pitches may have lost the Wi-Fi meanwhile.
  document.addEventListener('visibilitychange', checkBackend);
  return tracker;
}

/** A request of the app's heard back from the backend. */
export function reportBackendAnswered(): void {
  reachability()?.answered();
}

/** A request of the app's could not reach the backend (or has only the device's cache to go on). */
export function reportBackendMissed(): void {
  reachability()?.missed();
}

/**
 * Calls `callback` now with whether the device is online and the backend reachable, then on
 * every change. Returns the unsubscribe function.
 */
export function watchConnection(callback: (connected: boolean) => void): () => void {
  reachability();
  tellWatchers();
  watchers.add(callback);
  if (watchers.size === 1) heartbeat = setInterval(checkBackend, timings.connectionHeartbeatMs);
  callback(connected());
  return () => {
    watchers.delete(callback);
    if (watchers.size === 0) clearInterval(heartbeat);
  };
}
