// What the room display says about the running order (the spec's section 4): the live entry, the
// next one and the round. The queue's special entries read as what they are: an 'announcement'
// shows its text (the entry's last name), 'session results' shows 'Session Results'.

import { entryKind } from '../../../domain/displayStatus';
import { livePresenter, nextPresenter } from '../../../domain/rounds';
import type { Event, PresenterEntry } from '../../types/event';

export interface LiveSlot {
  /** The heading over the live entry: 'Live Presenter', 'Announcement' or 'Session Results'. */
  heading: string;
  /** What shows large: the presenter's name, the announcement, or 'None' when nobody is live. */
  text: string;
  /** A presenter is pitching (the live dot shows). */
  pitching: boolean;
}

const fullName = (entry: PresenterEntry) => `${entry.first_name} ${entry.last_name}`.trim();

export function liveSlot(event: Event): LiveSlot {
  const entry = livePresenter(event);
  if (!entry) return { heading: 'Live Presenter', text: 'None', pitching: false };
  const kind = entryKind(entry);
  if (kind === 'announcement') return { heading: 'Announcement', text: entry.last_name.trim(), pitching: false };
  // The subtitle of the Session Results screen (the spec's section 2).
  if (kind === 'results') return { heading: 'Session Results', text: 'Explore potential session connections', pitching: false };
  return { heading: 'Live Presenter', text: fullName(entry), pitching: true };
}

/** The entry after the live one, as one line: a name, 'Announcement: …', 'Session Results' or 'None'. */
export function nextText(event: Event): string {
  const entry = nextPresenter(event);
  if (!entry) return 'None';
  const kind = entryKind(entry);
  if (kind === 'announcement') return entry.last_name.trim() ? `Announcement: ${entry.last_name.trim()}` : 'Announcement';
  if (kind === 'results') return 'Session Results';
  return fullName(entry);
}

/** 'Round 2 of 3'. */
export function roundLabel(event: Event): string {
  return `Round ${event.roundNumber} of ${event.numberOfRounds}`;
}
