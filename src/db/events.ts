// Events (events/{eventId}): the live event document, the list of events, and the "shared event"
// every provider follows. The queue is derived from the event document alone, so following the
// live presenter costs one document read per change.

import { collection, doc, getDocs, onSnapshot, query, where } from 'firebase/firestore';
import { chooseSharedEvent, sortEvents } from '../lib/sharedEvent';
import type { Event } from '../types/event';
import { reportBackendAnswered, reportBackendMissed } from './connection';
import { readOnlyConverter } from './converters';
import { eventFromData } from './eventData';
import { db } from './firebase';

const eventConverter = readOnlyConverter<Event>(
  'Events are written by the admin module, not through this reader.',
  eventFromData,
);

const eventsCollection = collection(db, 'events').withConverter(eventConverter);

/**
 * Receives the shared event (or null) and whether it came from the device's cache (true) or the
 * server (false): a caller that already showed newer server data can skip a stale cached one.
 * watchSharedEvent also passes the open events (parallel rooms).
 */
export type EventListener = (event: Event | null, fromCache: boolean, open?: Event[]) => void;

/** Follows one event live; `callback` gets null while it does not exist. Returns the unsubscribe function. */
export function watchEvent(eventId: string, callback: EventListener, onError: (error: Error) => void): () => void {
  return onSnapshot(
    doc(eventsCollection, eventId),
    (snapshot) => callback(snapshot.data() ?? null, snapshot.metadata.fromCache),
    onError,
  );
}

/**
 * Follows the event a phone chose (parallel rooms): its document alone, so a change
 * costs one read, and, like watchSharedEvent's listener, it tells the connection module whether
 * the SDK hears from the server. Only changes of data (or the first word from the server) are
 * passed on; the event's absence only once the server says so (a cold cache knows nothing).
 */
export function watchRoom(eventId: string, callback: EventListener, onError: (error: Error) => void): () => void {
  let passed: { data: string; fromCache: boolean } | null = null;
  return onSnapshot(
    doc(eventsCollection, eventId),
    { includeMetadataChanges: true },
    (snapshot) => {
      const { fromCache } = snapshot.metadata;
      if (fromCache) reportBackendMissed();
      else reportBackendAnswered();
      const event = snapshot.data() ?? null;
      if (event === null && fromCache) return;
      const data = JSON.stringify(event);
      if (passed !== null && passed.data === data && (fromCache || !passed.fromCache)) return;
      passed = { data, fromCache };
      callback(event, fromCache);
    },
    onError,
  );
}

async function readEvents(): Promise<{ events: Event[]; fromCache: boolean }> {
  const snapshot = await getDocs(eventsCollection);
  return { events: sortEvents(snapshot.docs.map((document) => document.data())), fromCache: snapshot.metadata.fromCache };
}

/** Every event, by start time (events without one last), then id. */
export async function getEvents(): Promise<Event[]> {
  return (await readEvents()).events;
}

/**
 * Follows the event every provider sees (the spec's "shared event view"): the open event
 * (is_event_open true), or, when none is open, the one chooseSharedEvent() picks from all events
 * (the next to start, else the latest to have started). `callback` gets null when there are no
 * events. Returns the unsubscribe function.
 *
 * Reads: one listener on the open-event query; only while no event is open, the events are read
 * once and the chosen event's document is watched instead. Either way a change of the live
 * presenter costs one document read.
 */
export function watchSharedEvent(callback: EventListener, onError: (error: Error) => void): () => void {
  let stopped = false;
  let generation = 0;
  let followingOpen: boolean | null = null;
  let fallback: { eventId: string; stop: () => void } | null = null;

  const stopFallback = () => {
    fallback?.stop();
    fallback = null;
  };

  const followFallback = () => {
    const current = ++generation;
    readEvents().then(({ events, fromCache }) => {
      if (stopped || current !== generation) return;
      const chosen = chooseSharedEvent(events, new Date());
      if (!chosen) {
        stopFallback();
        callback(null, fromCache);
        return;
      }
      if (fallback?.eventId === chosen.id) {
        callback(chosen, fromCache);
        return;
      }
      stopFallback();
      fallback = { eventId: chosen.id, stop: watchEvent(chosen.id, callback, onError) };
    }, onError);
  };

  let raised = false;
  const stopOpen = onSnapshot(
    query(eventsCollection, where('is_event_open', '==', true)),
    // With metadata changes, this listener (on every page) tells the connection module whether
    // the SDK hears from the server: its snapshot turns fromCache when the SDK loses the backend
    // and back when it is in sync again. Only changes of data are passed on, as without them.
    { includeMetadataChanges: true },
    (snapshot) => {
      if (snapshot.metadata.fromCache) reportBackendMissed();
      else reportBackendAnswered();
      if (raised && snapshot.docChanges().length === 0) return;
      raised = true;
      const openEvents = sortEvents(snapshot.docs.map((document) => document.data()));
      const open = chooseSharedEvent(openEvents, new Date());
      if (open) {
        generation++;
        followingOpen = true;
        stopFallback();
        callback(open, snapshot.metadata.fromCache, openEvents);
      } else if (followingOpen !== false) {
        // Only when no event is open any more: repeated empty snapshots (cache, then server)
        // must not read the events again.
        followingOpen = false;
        followFallback();
      }
    },
    onError,
  );

  return () => {
    stopped = true;
    stopOpen();
    stopFallback();
  };
}
