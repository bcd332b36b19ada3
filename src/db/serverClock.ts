// The server's clock, which the pitch timer is read by on every screen (domain/pitchTimer.ts): the
// clock's start and pauses are Firestore server timestamps, so a screen that adds its own clock's
// offset from Firestore's sees the same second as every other, whatever its device's time.
//
// The offset is measured against Firestore itself, the same way in production and on the local
// backend: a plain read through Firestore's REST API (a batchGet of one document the rules let
// anyone read; a missing one, so it carries no data) is answered with the server's readTime, to the
// microsecond, and timed on the device (src/lib/clockOffset.ts). The SDKs do not expose readTime,
// so this one request is made here, with the App Check token as the SDKs' carry. The read is timed
// by the browser's network stack (Resource Timing) where it can be, so a page too busy to run its
// code at once does not stretch the round trip; the page's own clock stands in otherwise.
//
// A measure is up to MAX_READS_PER_MEASURE billed reads, spaced apart so one burst of load or
// Wi-Fi trouble does not slow them all, each narrowing the estimate's bounds (the watchers hear
// of every read that moves the offset), and ends once the offset is known to SURE_ENOUGH_MS.
// The bounds carry over from measure to measure, widening with the drift a device's clock may
// have. Measures come at the first use, when the browser comes back online, when the page is
// shown again, and then every timings.serverClockRefreshMs; sooner while the estimate is unsure, as
// on a bad network (timings.serverClockRetryMs, doubling while it stays unsure: a network slow one
// way only never gets surer, and each read is billed). Until the first read answers, the device's own clock
// stands in.

import { timings } from '../config/constants';
import { env } from '../config/env';
import { clockSample, combine, offsetOf, parseServerTime, uncertaintyOf, type ClockEstimate } from '../lib/clockOffset';
import { appCheckToken } from './appCheck';

/** The most reads one measure makes. */
const MAX_READS_PER_MEASURE = 6;
/** Between two reads of a measure. */
const READ_SPACING_MS = 200;
/** A measure stops once the offset is known to within this. */
const SURE_ENOUGH_MS = 25;
/** An estimate less sure than this is measured again sooner than timings.serverClockRefreshMs. */
const UNSURE_MS = 100;
/** The document read (missing: events are public, so the read needs no sign-in and returns nothing). */
const PROBE_DOCUMENT = 'events/server-clock-probe';

let current: ClockEstimate | null = null;
const watchers = new Set<(offsetMs: number) => void>();
let nextMeasure: ReturnType<typeof setTimeout> | undefined;
let measuring: Promise<void> | null = null;
/** Measures in a row that left the estimate unsure. */
let unsureMeasures = 0;

function databasePath(): string {
  return `projects/${env.firebase.projectId}/databases/(default)`;
}

function batchGetUrl(): string {
  const local = env.emulators?.firestore;
  const origin = local ? `http://${local.host}:${local.port}` : 'https://firestore.googleapis.com';
  return `${origin}/v1/${databasePath()}/documents:batchGet`;
}

/** The reads' timings as the browser delivers them: its buffer of timings fills up and then keeps no more. */
const observedReads: PerformanceResourceTiming[] = [];
let readObserver: PerformanceObserver | null = null;
const readWaiters = new Set<() => void>();

function observeReads(): void {
  if (readObserver !== null || typeof PerformanceObserver === 'undefined') return;
  try {
    readObserver = new PerformanceObserver((list) => {
      observedReads.push(...(list.getEntriesByName(batchGetUrl()) as PerformanceResourceTiming[]));
      observedReads.splice(0, Math.max(0, observedReads.length - 2 * MAX_READS_PER_MEASURE));
      for (const wake of readWaiters) wake();
    });
    readObserver.observe({ type: 'resource' });
  } catch {
    readObserver = null;
  }
}

/**
 * When the browser's network stack sent the read started at `startedAt` and had its answer
 * (performance ms), or null when the browser does not say within a second.
 */
async function networkTimes(startedAt: number): Promise<{ sent: number; answered: number } | null> {
  const find = () => {
    const buffered =
      typeof performance.getEntriesByName === 'function' ? performance.getEntriesByName(batchGetUrl(), 'resource') : [];
    const entry = [...(buffered as PerformanceResourceTiming[]), ...observedReads].find(
      (timing) => timing.startTime >= startedAt && timing.responseEnd >= timing.startTime,
    );
    return entry ? { sent: entry.startTime, answered: entry.responseEnd } : null;
  };
  const found = find();
  if (found !== null || readObserver === null) return found;
  return new Promise((resolve) => {
    const done = (value: { sent: number; answered: number } | null) => {
      readWaiters.delete(wake);
      clearTimeout(timeout);
      resolve(value);
    };
    const wake = () => {
      const late = find();
      if (late !== null) done(late);
    };
    const timeout = setTimeout(() => done(null), 1_000);
    readWaiters.add(wake);
  });
}

/** One timed read: the offset's bounds it gives. Throws when it does not answer in time or carries no readTime. */
async function sample(): Promise<ClockEstimate> {
  const token = await appCheckToken();
  const abort = new AbortController();
  const timeout = setTimeout(() => abort.abort(), timings.serverClockTimeoutMs);
  try {
    const body = JSON.stringify({ documents: [`${databasePath()}/documents/${PROBE_DOCUMENT}`] });
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers['X-Firebase-AppCheck'] = token;
    const startedAt = performance.now();
    const sentAt = Date.now();
    const response = await fetch(batchGetUrl(), { method: 'POST', headers, body, cache: 'no-store', signal: abort.signal });
    const answeredAt = Date.now();
    const answer: unknown = await response.json();
    const first: unknown = Array.isArray(answer) ? answer[0] : undefined;
    const serverMs = parseServerTime((first as { readTime?: unknown } | undefined)?.readTime);
    if (!response.ok || serverMs === null) throw new Error(`The server's clock could not be read (HTTP ${response.status}).`);
    const network = await networkTimes(startedAt);
    if (network === null) return clockSample(sentAt, answeredAt, serverMs, 1);
    // The network's times on the device's clock (performance's runs from the page's start).
    const deviceOrigin = Date.now() - performance.now();
    return clockSample(deviceOrigin + network.sent, deviceOrigin + network.answered, serverMs, 1);
  } finally {
    clearTimeout(timeout);
  }
}

function publish(estimate: ClockEstimate): void {
  const before = current === null ? null : offsetOf(current);
  current = estimate;
  if (before !== null && Math.abs(offsetOf(estimate) - before) < 1) return;
  for (const watcher of watchers) watcher(offsetOf(estimate));
}

/**
 * Measures the server's clock now: reads until the offset is sure enough (at most
 * MAX_READS_PER_MEASURE), each one that moves the offset told to the watchers at once. Resolves
 * the estimate; rejects when no read answered (the last estimate stays).
 */
export async function measureServerClock(): Promise<{ offsetMs: number; uncertaintyMs: number }> {
  observeReads();
  let answered = 0;
  let failure: unknown = null;
  for (let read = 0; read < MAX_READS_PER_MEASURE; read++) {
    if (read > 0) await new Promise((resolve) => setTimeout(resolve, READ_SPACING_MS));
    try {
      const bounds = await sample();
      answered++;
      publish(combine(current, bounds, Date.now(), timings.serverClockMaxRoundTripMs));
    } catch (error) {
      failure = error;
    }
    if (current !== null && answered > 0 && uncertaintyOf(current, Date.now()) <= SURE_ENOUGH_MS) break;
  }
  if (answered === 0 || current === null) {
    throw failure instanceof Error ? failure : new Error("The server's clock could not be read.");
  }
  return { offsetMs: offsetOf(current), uncertaintyMs: uncertaintyOf(current, Date.now()) };
}

function measureInBackground(): void {
  measuring ??= measureServerClock()
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      measuring = null;
      if (watchers.size === 0) return;
      clearTimeout(nextMeasure);
      const unsure = current === null || uncertaintyOf(current, Date.now()) > UNSURE_MS;
      unsureMeasures = unsure ? unsureMeasures + 1 : 0;
      const retryMs = timings.serverClockRetryMs * 2 ** Math.max(0, unsureMeasures - 1);
      nextMeasure = setTimeout(
        measureInBackground,
        unsure ? Math.min(retryMs, timings.serverClockRefreshMs) : timings.serverClockRefreshMs,
      );
    });
}

function onShown(): void {
  if (document.visibilityState === 'visible') measureInBackground();
}

/** ms to add to the device's clock to read the server's (0 until the first read). */
export function serverClockOffset(): number {
  return current === null ? 0 : offsetOf(current);
}

/** The server's time now, in ms, as estimated on this device. */
export function serverNow(): number {
  return Date.now() + serverClockOffset();
}

/**
 * Keeps the server's clock measured while a screen shows a timer: `callback` gets the offset now
 * and whenever it moves. Returns the unsubscribe function (the last one stops the measures).
 */
export function watchServerClock(callback: (offsetMs: number) => void): () => void {
  watchers.add(callback);
  callback(serverClockOffset());
  if (watchers.size === 1) {
    measureInBackground();
    window.addEventListener('online', measureInBackground);
    document.addEventListener('visibilitychange', onShown);
  }
  return () => {
    watchers.delete(callback);
    if (watchers.size > 0) return;
    clearTimeout(nextMeasure);
    window.removeEventListener('online', measureInBackground);
    document.removeEventListener('visibilitychange', onShown);
  };
}
