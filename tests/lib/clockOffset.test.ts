// The server's clock estimated from timed reads: the offset from one read, the surest of several,
// and Firestore's readTime read to the microsecond.

import { describe, expect, it } from 'vitest';
import { bestSample, clockSample, parseServerTime } from '../../src/lib/clockOffset';

describe('the server clock estimate', () => {
  it('puts the server time of a read halfway through its round trip', () => {
    expect(clockSample(1_000, 1_100, 6_050)).toEqual({ offsetMs: 5_000, roundTripMs: 100 });
    expect(clockSample(1_000, 1_100, 950)).toEqual({ offsetMs: -100, roundTripMs: 100 });
  });

  it('trusts the read with the shortest round trip', () => {
    const samples = [clockSample(0, 300, 5_400), clockSample(1_000, 1_020, 6_010), clockSample(2_000, 2_090, 7_000)];
    expect(bestSample(samples)).toEqual({ offsetMs: 5_000, roundTripMs: 20 });
    expect(bestSample([])).toBeNull();
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
