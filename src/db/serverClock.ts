// The server's clock, which the pitch timer is read by on every screen (domain/pitchTimer.ts): the
// clock's start and pauses are Firestore server timestamps, so a screen that adds its own clock's
// offset from Firestore's sees the same second as every other, whatever its device's time.
//
// The offset is measured against Firestore itself, the same way in production and on the local
// backend: a plain read through Firestore's REST API (a batchGet of one document the rules let
// anyone read; a missing one, so it carries no data) is answered with the server's readTime, to the
// microsecond, and timed on the device (src/lib/clockOffset.ts). The SDKs do not expose readTime,
// so this one request is made here, with the App Check token as the SDKs' carry. Each measure is
// SAMPLES_PER_MEASURE billed reads; it is taken at the first use, every timings.serverClockRefreshMs while a screen
// shows a clock, when the browser comes back online and when the page is shown again. Until the
// first measure answers, the device's own clock stands in.

import { timings } from '../config/constants';
import { env } from '../config/env';
import { bestSample, clockSample, parseServerTime, type ClockSample } from '../lib/clockOffset';
import { appCheckToken } from './appCheck';

/** Reads per measure: the surest of them counts. */
const SAMPLES_PER_MEASURE = 3;
/** The document read (missing: events are public, so the read needs no sign-in and returns nothing). */
const PROBE_DOCUMENT = 'events/server-clock-probe';

let current: ClockSample | null = null;
const watchers = new Set<(offsetMs: number) => void>();
let refresh: ReturnType<typeof setInterval> | undefined;
let measuring: Promise<void> | null = null;

function databasePath(): string {
  return `projects/${env.firebase.projectId}/databases/(default)`;
}

function batchGetUrl(): string {
  const local = env.emulators?.firestore;
  const origin = local ? `http://${local.host}:${local.port}` : 'https://firestore.googleapis.com';
  return `${origin}/v1/${databasePath()}/documents:batchGet`;
}

/** One timed read; throws when it does not answer in time or carries no readTime. */
async function sample(): Promise<ClockSample> {
  const token = await appCheckToken();
  const abort = new AbortController();
  const timeout = setTimeout(() => abort.abort(), timings.serverClockTimeoutMs);
  try {
    const body = JSON.stringify({ documents: [`${databasePath()}/documents/${PROBE_DOCUMENT}`] });
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers['X-Firebase-AppCheck'] = token;
    const sentAt = Date.now();
    const response = await fetch(batchGetUrl(), { method: 'POST', headers, body, cache: 'no-store', signal: abort.signal });
    const answeredAt = Date.now();
    const answer: unknown = await response.json();
    const first: unknown = Array.isArray(answer) ? answer[0] : undefined;
    const serverMs = parseServerTime((first as { readTime?: unknown } | undefined)?.readTime);
    if (!response.ok || serverMs === null) throw new Error(`The server's clock could not be read (HTTP ${response.status}).`);
    return clockSample(sentAt, answeredAt, serverMs);
  } finally {
    clearTimeout(timeout);
  }
}

/**
 * Measures the server's clock now (SAMPLES_PER_MEASURE reads, the surest kept) and tells the
 * watchers. Resolves the measure; rejects when no read answered (the last offset stays).
 */
export async function measureServerClock(): Promise<ClockSample> {
  const samples: ClockSample[] = [];
  let failure: unknown = null;
  for (let read = 0; read < SAMPLES_PER_MEASURE; read++) {
    try {
      samples.push(await sample());
    } catch (error) {
      failure = error;
    }
  }
  const best = bestSample(samples);
  if (best === null) throw failure instanceof Error ? failure : new Error("The server's clock could not be read.");
  current = best;
  for (const watcher of watchers) watcher(best.offsetMs);
  return best;
}

function measureInBackground(): void {
  measuring ??= measureServerClock()
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      measuring = null;
    });
}

function onShown(): void {
  if (document.visibilityState === 'visible') measureInBackground();
}

/** ms to add to the device's clock to read the server's (0 until the first measure). */
export function serverClockOffset(): number {
  return current?.offsetMs ?? 0;
}

/** The server's time now, in ms, as estimated on this device. */
export function serverNow(): number {
  return Date.now() + serverClockOffset();
}

/**
 * Keeps the server's clock measured while a screen shows a timer: `callback` gets the offset now
 * and on every new measure. Returns the unsubscribe function (the last one stops the measures).
 */
export function watchServerClock(callback: (offsetMs: number) => void): () => void {
  watchers.add(callback);
  callback(serverClockOffset());
  if (watchers.size === 1) {
    measureInBackground();
    refresh = setInterval(measureInBackground, timings.serverClockRefreshMs);
    window.addEventListener('online', measureInBackground);
    document.addEventListener('visibilitychange', onShown);
  }
  return () => {
    watchers.delete(callback);
    if (watchers.size > 0) return;
    clearInterval(refresh);
    window.removeEventListener('online', measureInBackground);
    document.removeEventListener('visibilitychange', onShown);
  };
}
