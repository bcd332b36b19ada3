// The grace period behind 'Internet Error!': a miss is only a doubt until it has lasted the grace
// period with no answer; an answer settles it at once.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackReachability, type Reachability } from '../../src/lib/reachability';

const GRACE_MS = 4_000;

function tracked() {
  const seen: Reachability[] = [];
  const tracker = trackReachability(GRACE_MS, (state) => seen.push(state));
  return { tracker, seen };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('trackReachability', () => {
  it('starts reachable and reports nothing until something happens', () => {
    const { tracker, seen } = tracked();
    vi.advanceTimersByTime(60_000);
    expect(tracker.state).toBe('reachable');
    expect(seen).toEqual([]);
  });

  it('calls the backend unreachable only once a miss has lasted the grace period', () => {
    const { tracker, seen } = tracked();
    tracker.missed();
    expect(tracker.state).toBe('doubtful');
    vi.advanceTimersByTime(GRACE_MS - 1);
    expect(tracker.state).toBe('doubtful');
    vi.advanceTimersByTime(1);
    expect(tracker.state).toBe('unreachable');
    expect(seen).toEqual(['doubtful', 'unreachable']);
  });

  it('keeps a slow request that is answered within the grace period from ever showing unreachable', () => {
    const { tracker, seen } = tracked();
    tracker.missed();
    vi.advanceTimersByTime(GRACE_MS - 1);
    tracker.answered();
    vi.advanceTimersByTime(60_000);
    expect(tracker.state).toBe('reachable');
    expect(seen).toEqual(['doubtful', 'reachable']);
  });

  it('does not push the deadline back when more misses arrive during the grace period', () => {
    const { tracker } = tracked();
    tracker.missed();
    vi.advanceTimersByTime(GRACE_MS / 2);
    tracker.missed();
    vi.advanceTimersByTime(GRACE_MS / 2);
    expect(tracker.state).toBe('unreachable');
  });

  it('becomes reachable at the first answer, and a later miss starts a new grace period', () => {
    const { tracker, seen } = tracked();
    tracker.missed();
    vi.advanceTimersByTime(GRACE_MS);
    tracker.missed();
    expect(tracker.state).toBe('unreachable');
    tracker.answered();
    expect(tracker.state).toBe('reachable');
    tracker.missed();
    vi.advanceTimersByTime(GRACE_MS - 1);
    expect(tracker.state).toBe('doubtful');
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['doubtful', 'unreachable', 'reachable', 'doubtful', 'unreachable']);
  });

  it('reports nothing more once stopped', () => {
    const { tracker, seen } = tracked();
    tracker.missed();
    tracker.stop();
    vi.advanceTimersByTime(60_000);
    expect(seen).toEqual(['doubtful']);
  });
});
