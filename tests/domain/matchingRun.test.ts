// When the matching reaction runs for an event: while `is_matching` is raised, unless another
// runner's claim on it is still fresh; an abandoned claim is taken over.

import { describe, expect, it } from 'vitest';
import { decideMatchingRun, MATCHING_CLAIM_ABANDONED_AFTER_MS } from '../../domain/matchingRun';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('decideMatchingRun', () => {
  it('runs when is_matching is raised and matching never ran', () => {
    expect(decideMatchingRun({ is_matching: true }, NOW)).toEqual({ action: 'run' });
  });

  it('does nothing while is_matching is not raised, whatever the status says', () => {
    expect(decideMatchingRun({}, NOW)).toEqual({ action: 'none' });
    expect(decideMatchingRun({ is_matching: false }, NOW)).toEqual({ action: 'none' });
    expect(decideMatchingRun({ is_matching: false, matching_status: { state: 'running', at: NOW - 60_000 } }, NOW)).toEqual({
      action: 'none',
    });
  });

  it('runs again when is_matching is raised after a run that ended, done or failed', () => {
    expect(decideMatchingRun({ is_matching: true, matching_status: { state: 'done', at: NOW - 1_000 } }, NOW)).toEqual({
      action: 'run',
    });
    expect(decideMatchingRun({ is_matching: true, matching_status: { state: 'failed', at: NOW - 1_000 } }, NOW)).toEqual({
      action: 'run',
    });
  });

  it("waits while another runner's claim is fresh, until the moment it counts as abandoned", () => {
    const at = NOW - 60_000;
    expect(decideMatchingRun({ is_matching: true, matching_status: { state: 'running', at } }, NOW)).toEqual({
      action: 'wait',
      until: at + MATCHING_CLAIM_ABANDONED_AFTER_MS + 1,
    });
  });

  it('takes over a claim older than 10 minutes, and not one of exactly 10 minutes', () => {
    const tenMinutes = 10 * 60_000;
    const exactly = { is_matching: true, matching_status: { state: 'running' as const, at: NOW - tenMinutes } };
    const older = { is_matching: true, matching_status: { state: 'running' as const, at: NOW - tenMinutes - 1 } };
    expect(decideMatchingRun(exactly, NOW)).toEqual({ action: 'wait', until: NOW + 1 });
    expect(decideMatchingRun(older, NOW)).toEqual({ action: 'run' });
  });

  it('takes over a claim without a readable time rather than blocking the event for ever', () => {
    expect(decideMatchingRun({ is_matching: true, matching_status: { state: 'running' } }, NOW)).toEqual({ action: 'run' });
  });
});
