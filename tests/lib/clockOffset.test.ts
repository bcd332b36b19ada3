// The server clock estimate from timed reads: the bounds one read gives, how reads narrow them,
// how they widen with age, what a read that contradicts them means, and Firestore's readTime read
// to the microsecond. The properties hold reads made over any network, however slow or lopsided.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aged,
  clockSample,
  combine,
  DRIFT_PPM,
  offsetOf,
  parseServerTime,
  uncertaintyOf,
  type ClockEstimate,
} from '../../src/lib/clockOffset';

/** A read over a network: the device's clock `offsetMs` behind the server's, `upMs` out and `downMs` back. */
function read(offsetMs: number, sentAt: number, upMs: number, downMs: number): ClockEstimate {
  const serverMs = sentAt + upMs + offsetMs;
  return clockSample(sentAt, sentAt + upMs + downMs, serverMs);
}

const leg = fc.integer({ min: 0, max: 3_000 });
const reads = fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 600_000 }), upMs: leg, downMs: leg }), {
  minLength: 1,
  maxLength: 12,
});

/** The estimate after `plan`'s reads in order, each started `gapMs` after the last answered. */
function measure(offsetMs: number, plan: { gapMs: number; upMs: number; downMs: number }[], maxRoundTripMs?: number) {
  let estimate: ClockEstimate | null = null;
  let now = 1_000_000;
  for (const { gapMs, upMs, downMs } of plan) {
    now += gapMs;
    const sample = read(offsetMs, now, upMs, downMs);
    now += upMs + downMs;
    estimate = combine(estimate, sample, now, maxRoundTripMs);
  }
  return { estimate: estimate as ClockEstimate, now };
}

describe('the server clock estimate', () => {
  it('bounds the offset by the round trip, whichever way it was slow', () => {
    // Sent at 1,000, answered at 1,100, served at 6,050: the device is 4,950 to 5,050 behind.
    expect(clockSample(1_000, 1_100, 6_050)).toEqual({ lowMs: 4_950, highMs: 5_050, at: 1_100 });
    expect(offsetOf(clockSample(1_000, 1_100, 6_050))).toBe(5_000);
    expect(uncertaintyOf(clockSample(1_000, 1_100, 6_050), 1_100)).toBe(50);
    // All the way slow out, or all the way slow back: the truth is at either end.
    expect(offsetOf(read(5_000, 1_000, 300, 0))).toBe(5_150);
    expect(offsetOf(read(5_000, 1_000, 0, 300))).toBe(4_850);
  });

  it('narrows the bounds with a read slow one way and a read slow the other', () => {
    const slowBack = read(5_000, 1_000, 0, 300);
    const slowOut = read(5_000, 2_000, 300, 0);
    const estimate = combine(slowBack, slowOut, 2_300);
    expect(offsetOf(estimate)).toBeCloseTo(5_000, 0);
    expect(uncertaintyOf(estimate, 2_300)).toBeLessThan(1);
  });

  it('never lets a less sure read move a sure estimate', () => {
    const sure = read(5_000, 1_000, 10, 10);
    const slow = read(5_000, 2_000, 900, 20);
    expect(offsetOf(combine(sure, slow, 2_920))).toBeCloseTo(offsetOf(sure), 0);
    expect(uncertaintyOf(combine(sure, slow, 2_920), 2_920)).toBeLessThanOrEqual(uncertaintyOf(sure, 2_920));
  });

  it('widens old bounds by the drift a device clock may have', () => {
    const sure = read(5_000, 0, 5, 5);
    const hourLater = 3_600_000;
    expect(uncertaintyOf(sure, hourLater)).toBeCloseTo(5 + (hourLater - 10) * (DRIFT_PPM / 1_000_000), 6);
    expect(uncertaintyOf(aged(sure, hourLater), hourLater)).toBeCloseTo(uncertaintyOf(sure, hourLater), 6);
    // An hour on, a read 100 ms each way is surer than the old 10 ms one with 360 ms of drift allowance.
    const later = combine(sure, read(5_000, hourLater, 50, 50), hourLater + 100);
    expect(uncertaintyOf(later, hourLater + 100)).toBeLessThanOrEqual(50);
  });

  it('starts afresh when a read contradicts the bounds: the device clock was set meanwhile', () => {
    const before = read(5_000, 1_000, 20, 20);
    const afterTheClockWasSet = read(2_000, 60_000, 40, 40);
    expect(combine(before, afterTheClockWasSet, 60_080)).toEqual(afterTheClockWasSet);
  });

  it('keeps a read over the round-trip bound only while there is nothing else', () => {
    const slow = read(5_000, 1_000, 1_500, 100);
    expect(combine(null, slow, 2_600, 1_000)).toEqual(slow);
    const sure = read(5_000, 0, 30, 30);
    expect(combine(sure, read(5_000, 1_000, 1_500, 0), 2_500, 1_000)).toEqual(sure);
  });

  it('holds the true offset within its bounds, whatever the reads’ legs and gaps (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -86_400_000, max: 86_400_000 }), reads, (offsetMs, plan) => {
        const { estimate, now } = measure(offsetMs, plan);
        expect(Math.abs(offsetOf(estimate) - offsetMs)).toBeLessThanOrEqual(uncertaintyOf(estimate, now) + 1e-6);
      }),
    );
  });

  it('is at least as sure after a read as the surest single read, aged (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60_000, max: 60_000 }), reads, (offsetMs, plan) => {
        const { estimate, now } = measure(offsetMs, plan);
        let at = 1_000_000;
        const single = plan.map(({ gapMs, upMs, downMs }) => {
          at += gapMs;
          const sample = read(offsetMs, at, upMs, downMs);
          at += upMs + downMs;
          return uncertaintyOf(sample, now);
        });
        expect(uncertaintyOf(estimate, now)).toBeLessThanOrEqual(Math.min(...single) + 1e-6);
      }),
    );
  });

  it('is off by at most half the quickest read that counts, aged: the first, and those within the round-trip bound (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60_000, max: 60_000 }), reads, (offsetMs, plan) => {
        const { estimate, now } = measure(offsetMs, plan, 1_000);
        const counted = plan.filter(({ upMs, downMs }, index) => index === 0 || upMs + downMs <= 1_000);
        const quickest = Math.min(...counted.map(({ upMs, downMs }) => upMs + downMs));
        const drift = ((now - 1_000_000) * DRIFT_PPM) / 1_000_000;
        expect(Math.abs(offsetOf(estimate) - offsetMs)).toBeLessThanOrEqual(quickest / 2 + drift + 1e-6);
      }),
    );
  });

  it("reads Firestore's readTime to the microsecond, and refuses anything else", () => {
    expect(parseServerTime('2030-05-01T11:15:00.123456Z')).toBeCloseTo(Date.UTC(2030, 4, 1, 11, 15, 0) + 123.456, 6);
    expect(parseServerTime('2030-05-01T11:15:00Z')).toBe(Date.UTC(2030, 4, 1, 11, 15, 0));
    expect(parseServerTime('2030-05-01T11:15:00.5Z')).toBe(Date.UTC(2030, 4, 1, 11, 15, 0) + 500);
    expect(parseServerTime('2030-05-01 11:15:00Z')).toBeNull();
    expect(parseServerTime('yesterday')).toBeNull();
    expect(parseServerTime(undefined)).toBeNull();
  });
});
