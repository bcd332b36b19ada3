// When the matching reaction runs for an event (DECISIONS.md, "Matching" and "Where the server
// reactions run"): Start Matching raises `is_matching`; a runner claims the run ('running' in
// `matching_status`) before it reads anything, so two runners never both match one request, and
// lowers the flag when done or failed. A claim whose runner died is given up on after a while.
// The Cloud Function and the local worker both decide with this. Times are milliseconds since
// the epoch.

import type { EventDocument, ReactionStatus } from './documents.js';

/** events/{id}.matching_status: a reaction status with the run's own times and claim. */
export interface MatchingStatus<Time = unknown> extends ReactionStatus<Time> {
  /** When the run was claimed. */
  started_at?: Time;
  /** When it ended, done or failed. */
  finished_at?: Time;
  /** The claim's owner while 'running': only that runner records the outcome. */
  run_id?: string;
}

/** The event's fields that decide whether matching is due. */
export type MatchingRunFields<Time = unknown> = Partial<Pick<EventDocument<Time>, 'is_matching'>> & {
  matching_status?: Pick<ReactionStatus<Time>, 'state'> & { at?: Time };
};

/**
 * A 'running' claim older than this counts as abandoned: matching one event takes seconds, and
 * the Cloud Function is stopped after 5 minutes, so a claim this old has no runner left.
 */
export const MATCHING_CLAIM_ABANDONED_AFTER_MS = 10 * 60_000;

/** Run the matching now; wait while another runner's claim counts (until `until`); or nothing. */
export type MatchingRunDecision = { action: 'run' } | { action: 'wait'; until: number } | { action: 'none' };

/**
 * Runs while `is_matching` is raised, unless a claim younger than the abandonment limit holds
 * it. A claim without a readable time cannot be aged, so it counts as abandoned rather than
 * blocking the event for ever.
 */
export function decideMatchingRun(event: MatchingRunFields<number>, now: number): MatchingRunDecision {
  if (event.is_matching !== true) return { action: 'none' };
  const status = event.matching_status;
  if (status?.state !== 'running' || status.at === undefined) return { action: 'run' };
  const until = status.at + MATCHING_CLAIM_ABANDONED_AFTER_MS + 1;
  return now < until ? { action: 'wait', until } : { action: 'run' };
}
