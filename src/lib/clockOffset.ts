// The server's clock estimated from timed reads, as NTP does: a read sent at local time t0 and
// answered at t1 carries the server's time T of the read, taken somewhere between the two, so
// the device's clock is behind by about T - (t0 + t1) / 2, give or take half the round trip.
// The sample with the shortest round trip is the surest (the least room for a slow leg).

export interface ClockSample {
  /** ms to add to the device's clock to read the server's. */
  offsetMs: number;
  /** How long the read took, in ms: the estimate is good to half of it. */
  roundTripMs: number;
}

/** One sample from a read sent at `sentAt` and answered at `answeredAt` (device ms) that the server served at `serverMs`. */
export function clockSample(sentAt: number, answeredAt: number, serverMs: number): ClockSample {
  const roundTripMs = Math.max(0, answeredAt - sentAt);
  return { offsetMs: serverMs - (sentAt + roundTripMs / 2), roundTripMs };
}

/** The surest of the samples (shortest round trip), or null when there are none. */
export function bestSample(samples: readonly ClockSample[]): ClockSample | null {
  let best: ClockSample | null = null;
  for (const sample of samples) if (best === null || sample.roundTripMs < best.roundTripMs) best = sample;
  return best;
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
