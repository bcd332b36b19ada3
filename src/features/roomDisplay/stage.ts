// What the room display says about the running order (the spec's section 4): the live entry, the
// next one and the round, each presenter with their company from the event's public roster
// (domain/roster.ts). The queue's special entries read as what they are: an 'announcement' shows
// its text (the entry's last name), 'session results' shows 'Session Results'.

import { entryKind } from '../../../domain/displayStatus';
import { livePresenter, nextPresenter } from '../../../domain/rounds';
import type { Companies } from '../../db/rosters';
import type { Event, PresenterEntry } from '../../types/event';

export interface LiveSlot {
  /** The heading over the live entry: 'Live Presenter', 'Announcement' or 'Session Results'. */
  heading: string;
  /** What shows large: the presenter's name, the announcement, or 'None' when nobody is live. */
  text: string;
  /** A presenter is pitching (the live dot shows). */
  pitching: boolean;
  /** The presenter's company; '' for none, not known (yet) or not a presenter. */
  company: string;
}

const fullName = (entry: PresenterEntry) => `${entry.first_name} ${entry.last_name}`.trim();

export function liveSlot(event: Event, companies: Companies): LiveSlot {
  const entry = livePresenter(event);
  if (!entry) return { heading: 'Live Presenter', text: 'None', pitching: false, company: '' };
  const kind = entryKind(entry);
  if (kind === 'announcement') return { heading: 'Announcement', text: entry.last_name.trim(), pitching: false, company: '' };
  if (kind === 'results') {
    // The subtitle of the Session Results screen (the spec's section 2).
    return { heading: 'Session Results', text: 'Explore potential session connections', pitching: false, company: '' };
  }
  return { heading: 'Live Presenter', text: fullName(entry), pitching: true, company: companies.get(entry.presenter_id) ?? '' };
}

export interface NextSlot {
  /** One line: a name, 'Announcement: …', 'Session Results' or 'None'. */
  text: string;
  /** The presenter's company; '' as in LiveSlot. */
  company: string;
}

/** The entry after the live one. */
export function nextSlot(event: Event, companies: Companies): NextSlot {
  const entry = nextPresenter(event);
  if (!entry) return { text: 'None', company: '' };
  const kind = entryKind(entry);
  if (kind === 'announcement') {
    return { text: entry.last_name.trim() ? `Announcement: ${entry.last_name.trim()}` : 'Announcement', company: '' };
  }
  if (kind === 'results') return { text: 'Session Results', company: '' };
  return { text: fullName(entry), company: companies.get(entry.presenter_id) ?? '' };
}

/** 'Round 2 of 3'. */
export function roundLabel(event: Event): string {
  return `Round ${event.roundNumber} of ${event.numberOfRounds}`;
}
