// The presenter list's display status (the spec's section 4) and the queue's special entries.

export type DisplayStatus = 'Live' | 'Up Next' | 'Finished' | 'Completed';

/**
 * What tapping an entry does: a presenter opens the questionnaire; 'session results' opens
 * /results; an 'announcement' does nothing.
 */
export type EntryKind = 'presenter' | 'results' | 'announcement';

const normalise = (name: string) => name.trim().toLowerCase();

export function entryKind(entry: { first_name: string; last_name: string }): EntryKind {
  if (normalise(entry.first_name) === 'session' && normalise(entry.last_name) === 'results') return 'results';
  if (normalise(entry.first_name) === 'announcement') return 'announcement';
  return 'presenter';
}

/**
 * Earlier than the live index is Finished, the live one is Live, later is Up Next; a Finished
 * presenter the viewer has saved answers about is Completed. With no one live (index -1) every
 * entry is Up Next; past the end (Complete All) every entry is Finished.
 */
export function displayStatus(position: number, liveIndex: number, answered: boolean): DisplayStatus {
  if (position === liveIndex) return 'Live';
  if (position > liveIndex) return 'Up Next';
  return answered ? 'Completed' : 'Finished';
}
