// Which event everyone follows (the spec's "shared event view"), and event ordering. With an
// open event, that one. Otherwise "the first event" is read as the event people are waiting
// for: the next to start (earliest start time still ahead); when none is ahead, the latest to
// have started; events without a start time come last. Ties go to the smaller id, so every
// device picks the same event.

import type { Event } from '../types/event';

const byId = (a: Event, b: Event) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Earliest start time first, events without one last, then by id. */
export function sortEvents(events: readonly Event[]): Event[] {
  return [...events].sort((a, b) => {
    if (a.startTime && b.startTime && a.startTime.getTime() !== b.startTime.getTime()) {
      return a.startTime.getTime() - b.startTime.getTime();
    }
    if (a.startTime && !b.startTime) return -1;
    if (!a.startTime && b.startTime) return 1;
    return byId(a, b);
  });
}

/** Latest start time first, events without one last, then by id. */
export function latestFirst(events: readonly Event[]): Event[] {
  return [...events].sort((a, b) => {
    if (a.startTime && b.startTime && a.startTime.getTime() !== b.startTime.getTime()) {
      return b.startTime.getTime() - a.startTime.getTime();
    }
    if (a.startTime && !b.startTime) return -1;
    if (!a.startTime && b.startTime) return 1;
    return byId(a, b);
  });
}

/** The event to show everyone at `now`, or null when there are no events. */
export function chooseSharedEvent(events: readonly Event[], now: Date): Event | null {
  const open = sortEvents(events.filter((event) => event.isEventOpen));
  const upcoming = sortEvents(events.filter((event) => event.startTime && event.startTime.getTime() >= now.getTime()));
  return open[0] ?? upcoming[0] ?? latestFirst(events)[0] ?? null;
}
