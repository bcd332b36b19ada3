// The presenters screen's queue, derived from the event document alone: every round's entries in
// order with their display status, and the groups Live, Up Next, Finished and Completed.
// Rounds before the current one have been presented (Finished or Completed); rounds after it
// are still to come (Up Next).

import { displayStatus, entryKind, type DisplayStatus, type EntryKind } from './displayStatus.js';
import type { PresenterEntry } from './documents.js';
import { orderedRounds, type RunningOrder } from './rounds.js';

export interface QueueEntry extends PresenterEntry {
  roundNumber: number;
  /** Index within its round. */
  position: number;
  status: DisplayStatus;
  kind: EntryKind;
}

export interface QueueGroups {
  live: QueueEntry[];
  upNext: QueueEntry[];
  finished: QueueEntry[];
  completed: QueueEntry[];
}

/** `answered`: the presenters the viewer has saved answers about (they show as Completed). */
export function buildQueue(event: RunningOrder, answered: ReadonlySet<string>): QueueEntry[] {
  return orderedRounds(event.rounds).flatMap((round) =>
    round.entries.map((entry, position) => {
      const kind = entryKind(entry);
      const liveIndex =
        round.roundNumber === event.roundNumber
          ? event.presenterIndex
          : round.roundNumber < event.roundNumber
            ? Number.POSITIVE_INFINITY
            : Number.NEGATIVE_INFINITY;
      const hasAnswers = kind === 'presenter' && answered.has(entry.presenter_id);
      return { ...entry, roundNumber: round.roundNumber, position, kind, status: displayStatus(position, liveIndex, hasAnswers) };
    }),
  );
}

/** The queue by display status, each group in running order. */
export function groupQueue(queue: readonly QueueEntry[]): QueueGroups {
  const groups: QueueGroups = { live: [], upNext: [], finished: [], completed: [] };
  for (const entry of queue) {
    if (entry.status === 'Live') groups.live.push(entry);
    else if (entry.status === 'Up Next') groups.upNext.push(entry);
    else if (entry.status === 'Finished') groups.finished.push(entry);
    else groups.completed.push(entry);
  }
  return groups;
}
