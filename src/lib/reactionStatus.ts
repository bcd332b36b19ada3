// How the control screen words a server reaction's progress (matching, e-mails; DECISIONS.md's
// status fields): waiting for the server, running, done with its counts, or failed with why.

import type { ReactionStatus } from '../../domain/documents';

export type ReactionLabel = 'Matching' | 'E-mails';

function time(at: Date | null): string {
  return at ? at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '';
}

function countsText(counts: Record<string, number> | undefined): string {
  const parts = Object.entries(counts ?? {}).map(([name, count]) => `${name.replaceAll('_', ' ')}: ${count}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/**
 * One line for the operator, or null when the reaction was never started. `raised` is the
 * event's flag (is_matching / is_emailing): raised without a status means the server has not
 * picked it up yet.
 */
export function describeReaction(
  label: ReactionLabel,
  raised: boolean,
  status: ReactionStatus<Date | null> | undefined,
): string | null {
  if (!status) return raised ? `${label}: started, waiting for the server…` : null;
  const at = time(status.at);
  switch (status.state) {
    case 'running':
      return `${label}: running${at ? ` since ${at}` : ''}…`;
    case 'done':
      return `${label}: done${at ? ` at ${at}` : ''}${countsText(status.counts)}`;
    case 'failed':
      return `${label} failed${at ? ` at ${at}` : ''}: ${status.reason ?? 'no reason given'}`;
  }
}
