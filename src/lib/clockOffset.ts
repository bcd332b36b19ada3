// The server's clock estimated from timed reads, as NTP does: a read sent at device time t0 and
// answered at t1 carries the server's time T of the read, taken somewhere between the two, so the
// device's clock is behind by between T - t1 and T - t0, whichever way the round trip was uneven.
// Every read bounds the offset so; the estimate keeps the tightest bounds all reads agree on (each
// read's interval holds the true offset, so their intersection does: a read slow on the way back
// and one slow on the way out together pin it closer than either), and reads the middle. Device
// clocks drift, so bounds taken earlier widen by DRIFT_PPM as they age: an old good read does not
// hold forever. A read that contradicts the bounds means the device's clock was set meanwhile;
// it starts them afresh.

/** What a device's clock may drift against the server's, in parts per million (seconds a day are ~12-60). */
export const DRIFT_PPM = 100;

/** The offset's bounds (ms to add to the device's clock to read the server's), as they stood at device time `at`. */
export interface ClockEstimate {
  lowMs: number;
  highMs: number;
  at: number;
}

/** ms to add to the device's clock to read the server's: the middle of the bounds. */
export function offsetOf(estimate: ClockEstimate): number {
  return (estimate.lowMs + estimate.highMs) / 2;
}

/** How far the offset may be from the truth at device time `now`: half the bounds' width, aged. */
export function uncertaintyOf(estimate: ClockEstimate, now: number): number {
  return (estimate.highMs - estimate.lowMs) / 2 + driftSince(estimate, now);
}

/** The round trip of a read, in ms: how wide the bounds it gives are. */
export function roundTripOf(estimate: ClockEstimate): number {
  return estimate.highMs - estimate.lowMs;
}

function driftSince(estimate: ClockEstimate, now: number): number {
  return (Math.abs(now - estimate.at) * DRIFT_PPM) / 1_000_000;
}

/**
 * The bounds one read gives: sent at `sentAt`, answered at `answeredAt` (device ms), served at
 * `serverMs`. `slackMs` widens them for clocks read to the whole ms.
 */
export function clockSample(sentAt: number, answeredAt: number, serverMs: number, slackMs = 0): ClockEstimate {
  const answered = Math.max(sentAt, answeredAt);
  return { lowMs: serverMs - answered - slackMs, highMs: serverMs - sentAt + slackMs, at: answered };
}

/** The bounds at device time `now`: widened on each side by the drift since they were taken. */
export function aged(estimate: ClockEstimate, now: number): ClockEstimate {
  const drift = driftSince(estimate, now);
  return { lowMs: estimate.lowMs - drift, highMs: estimate.highMs + drift, at: now };
}

/**
 * The estimate after a new read at device time `now`: the bounds both agree on, or the read's own
 * when they agree on none (the device's clock was set since, so the old bounds are wrong). A read
 * whose round trip is over `maxRoundTripMs` only counts when there is nothing else.
 */
export function combine(
  current: ClockEstimate | null,
  sample: ClockEstimate,
  now: number,
  maxRoundTripMs = Number.POSITIVE_INFINITY,
): ClockEstimate {
  if (current === null) return sample;
  if (roundTripOf(sample) > maxRoundTripMs) return current;
  const old = aged(current, now);
  const fresh = aged(sample, now);
  const lowMs = Math.max(old.lowMs, fresh.lowMs);
  const highMs = Math.min(old.highMs, fresh.highMs);
  return lowMs <= highMs ? { lowMs, highMs, at: now } : sample;
}

/**
 * An RFC 3339 time as Firestore writes a readTime ("2030-05-01T11:15:00.123456Z", up to nine
 * fraction digits) in ms, with its sub-ms fraction kept; null when it is not one.
 */
export function parseServerTime(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(text);
  if (!match?.[1]) return null;
  const seconds = Date.parse(`${match[1]}Z`);
  if (Number.isNaN(seconds)) return null;
  const fraction = match[2] ?? '';
  return seconds + (fraction === '' ? 0 : Number(`0.${fraction}`) * 1000);
}
