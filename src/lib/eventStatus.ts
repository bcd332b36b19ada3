// What the events dashboard says about each event at a glance: one status
// (live, upcoming, closed, or how far matching and the result e-mails have got, failures marked),
// the number of presenters, and the dashboard's order: live first, then upcoming by date, then
// past events, newest first.

import { entryKind } from '../../domain/displayStatus';
import { orderedRounds } from '../../domain/rounds';
import type { Event } from '../types/event';
import { latestFirst, sortEvents } from './sharedEvent';

export type EventStatusKind =
  'live' | 'upcoming' | 'closed' | 'matching' | 'matchingDone' | 'matchingFailed' | 'emailing' | 'emailsSent' | 'emailsFailed';

export interface EventStatus {
  kind: EventStatusKind;
  /** The chip's words. */
  label: string;
  /** True when a server reaction failed: the chip says so in words and with a mark, not by colour alone. */
  failed: boolean;
}

export const eventStatusLabels: Record<EventStatusKind, string> = {
  live: 'Live now',
  upcoming: 'Upcoming',
  closed: 'Closed',
  matching: 'Matching…',
  matchingDone: 'Matching done',
  matchingFailed: 'Matching failed',
  emailing: 'Sending e-mails…',
  emailsSent: 'E-mails sent',
  emailsFailed: 'E-mails failed',
};

type StatusFields = Pick<Event, 'isEventOpen' | 'startTime' | 'isMatching' | 'isEmailing' | 'matchingStatus' | 'emailingStatus'>;

const status = (kind: EventStatusKind): EventStatus => ({
  kind,
  label: eventStatusLabels[kind],
  failed: kind === 'matchingFailed' || kind === 'emailsFailed',
});

/** When a finished reaction's state was set, for telling which of the two came last (unknown: earliest). */
const timeOf = (at: Date | null | undefined) => at?.getTime() ?? Number.NEGATIVE_INFINITY;

/**
 * The event's status at `now`. An open event is live, whatever else it holds. Then a reaction
 * under way (its flag raised, or the server running it); then the later of the two reactions'
 * outcomes (e-mails on a tie: they come after matching); then upcoming while the start time is
 * ahead, else closed (no start time reads as closed).
 */
export function eventStatus(event: StatusFields, now: Date): EventStatus {
  if (event.isEventOpen) return status('live');
  if (event.isEmailing || event.emailingStatus?.state === 'running') return status('emailing');
  if (event.isMatching || event.matchingStatus?.state === 'running') return status('matching');
  const emailing = event.emailingStatus;
  const matching = event.matchingStatus;
  if (emailing && (!matching || timeOf(emailing.at) >= timeOf(matching.at))) {
    return status(emailing.state === 'failed' ? 'emailsFailed' : 'emailsSent');
  }
  if (matching) return status(matching.state === 'failed' ? 'matchingFailed' : 'matchingDone');
  if (event.startTime && event.startTime.getTime() > now.getTime()) return status('upcoming');
  return status('closed');
}

/** For failed result e-mails whose counts the server recorded: how many of them failed ('3 of 40 e-mails failed'); else null. */
export function failureDetail(event: Pick<Event, 'emailingStatus'>, status: EventStatus): string | null {
  const counts = event.emailingStatus?.counts;
  if (status.kind !== 'emailsFailed' || counts?.failed === undefined || counts.total === undefined) return null;
  return `${counts.failed} of ${counts.total} e-mails failed`;
}

/** How many presenters the event's rounds hold, each once (the queue's results and announcement entries are not presenters). */
export function presenterCount(event: Pick<Event, 'rounds'>): number {
  const ids = orderedRounds(event.rounds).flatMap((round) =>
    round.entries.filter((entry) => entryKind(entry) === 'presenter').map((entry) => entry.presenter_id),
  );
  return new Set(ids).size;
}

/**
 * The dashboard's order at `now`: open events first (earliest start first), then events still
 * to start, soonest first, then the rest, the latest to have started first and those without a
 * start time last.
 */
export function dashboardOrder<Item extends Event>(events: readonly Item[], now: Date): Item[] {
  const live = events.filter((event) => event.isEventOpen);
  const rest = events.filter((event) => !event.isEventOpen);
  const upcoming = rest.filter((event) => event.startTime && event.startTime.getTime() > now.getTime());
  const past = rest.filter((event) => !upcoming.includes(event));
  return [...sortEvents(live), ...sortEvents(upcoming), ...latestFirst(past)] as Item[];
}
