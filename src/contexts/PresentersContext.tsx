// The shared event followed live, the presenter queue derived from it, and the presenters the
// current user has answered about (Completed). The queue comes from the event document alone,
// so a change of live presenter costs one document read. With parallel rooms it is
// the room the phone joined or chose instead (src/lib/roomChoice.ts), and while several events
// are open and none is chosen, the rooms to choose from. Needs <UserProvider> above it.

import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { watchMyResponses } from '../db/deferred';
import { followSharedEvent, readyRoomView } from '../db/sharedEvent';
import { answeredPresenterIds } from '../lib/answers';
import { sameValue } from '../lib/sameValue';
import { readStoredPresenters, writeStoredPresenters } from '../lib/browserStorage';
import { addressWithoutRoom, readRoomChoice, writeStoredRoom, type RoomChoice } from '../lib/roomChoice';
import { buildQueue, groupQueue, type QueueEntry, type QueueGroups } from '../../domain/queue';
import type { Event } from '../types/event';
import { useUser } from './UserContext';

export interface PresentersContextValue {
  /** The shared event (the open one, else the one chooseSharedEvent picks); null when there is none or it could not be loaded. */
  event: Event | null;
  /** Every round's entries in order, with their display status. */
  queue: QueueEntry[];
  groups: QueueGroups;
  /** The live entry, or null. */
  live: QueueEntry | null;
  /** Ids of the presenters the current user has saved answers about at this event. */
  completed: ReadonlySet<string>;
  /** True until the shared event has been read (or failed to). */
  loading: boolean;
  /** The open events while several are open and the phone has chosen none: it is asked which room it is in. */
  rooms: Event[];
  /** The id of the room the phone joined or chose and follows; null when it follows the shared event. */
  room: string | null;
  /** Follows `eventId` from now on, and remembers it on this device. */
  chooseRoom: (eventId: string) => void;
}

export const PresentersContext = createContext<PresentersContextValue | null>(null);

interface PresentersProviderProps {
  children: ReactNode;
  /** Shown instead of the children until the event is read; without it the children show at once and read `loading`. */
  fallback?: ReactNode;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((id) => b.has(id));

export function PresentersProvider({ children, fallback }: PresentersProviderProps) {
  const { uid, user } = useUser();
  // The address (a scanned room link) or the device's memory, read as the app starts, as src/main.tsx did for the first read.
  const [choice, setChoice] = useState<RoomChoice | null>(() =>
    readRoomChoice(window.location, () => window.localStorage, Date.now()),
  );
  // The read src/main.tsx started is often in by the first render: shown at once, it spares the
  // phone a whole render of the app without the event.
  const [ready] = useState(() => readyRoomView(choice));
  const [event, setEvent] = useState<Event | null>(ready?.event ?? null);
  const [loading, setLoading] = useState(ready === undefined);
  /** The saved answers' presenters, as last heard from Firestore, for the event they belong to. */
  const [answered, setAnswered] = useState<{ eventId: string; ids: ReadonlySet<string> } | null>(null);
  const [rooms, setRooms] = useState<Event[]>(ready?.rooms ?? []);
  const [room, setRoom] = useState<string | null>(ready?.room ?? null);

  // A visitor with no profile yet (on the profile form, or an attendee reading the results) needs
  // the event only as it is now: one Lite read, so that the full SDK's code (its evaluation is
  // the heaviest work a first screen could do) is not fetched for them. The queue, the live
  // notice and the rating need a profile, and with one the event is followed live.
  const live = user !== null;
  useEffect(() => {
    let followed: string | null = null;
    let remembered = choice?.kind === 'event' && choice.stored;
    return followSharedEvent(
      (shared) => {
        // The chosen room is gone (deleted, or a code no event has): forget it, follow the shared event.
        if (choice !== null && (followed === null || shared === null)) {
          writeStoredRoom(window.localStorage, null, Date.now());
          setChoice(null);
          return;
        }
        // A room joined through its link is remembered once the server has named its event.
        if (followed !== null && !remembered) {
          remembered = true;
          writeStoredRoom(window.localStorage, followed, Date.now());
          const address = addressWithoutRoom(window.location.href);
          if (address !== null) window.history.replaceState(window.history.state, '', address);
        }
        // The queue is the screen's content: rendered at once, not as a transition that the
        // full SDK's and Auth's start-up could hold back. A snapshot that changes nothing (the
        // live listener's first, after the Lite read) keeps the event and costs no render.
        setEvent((previous) => (sameValue(previous, shared) ? previous : shared));
        setLoading(false);
      },
      () => {
        // The spec: a failed load in the shared view is silent (no event, empty list).
        setEvent(null);
        setLoading(false);
      },
      {
        live,
        room: choice,
        onRooms: (open, chosen) => {
          followed = chosen;
          setRooms((previous) => (sameValue(previous, open) ? previous : open));
          setRoom(chosen);
        },
      },
    );
  }, [live, choice]);

  const chooseRoom = useCallback((eventId: string) => {
    writeStoredRoom(window.localStorage, eventId, Date.now());
    setLoading(true);
    setRooms([]);
    setChoice({ kind: 'event', eventId, stored: true });
  }, []);

  const eventId = event?.id ?? null;
  const hasUser = uid !== null && user !== null;

  // The browser's list shows Completed at once; the saved answers (live, including ones not
  // yet synced) then keep it exact.
  const stored = useMemo<ReadonlySet<string>>(
    () => new Set(eventId === null ? [] : readStoredPresenters(window.localStorage, eventId)),
    [eventId],
  );
  // The same presenters as this device remembered keep the same set, so the queue is not rendered again for nothing.
  const completed = answered !== null && answered.eventId === eventId && !sameSet(answered.ids, stored) ? answered.ids : stored;

  useEffect(() => {
    if (eventId === null || !hasUser) return;
    return watchMyResponses(
      eventId,
      (responses) => {
        const ids = answeredPresenterIds(responses);
        writeStoredPresenters(window.localStorage, eventId, [...ids]);
        startTransition(() =>
          setAnswered((previous) =>
            previous !== null && previous.eventId === eventId && sameSet(previous.ids, ids) ? previous : { eventId, ids },
          ),
        );
      },
      // The list from this device stays; the queue still works, only Completed may lag.
      (error) => console.warn('Following the saved answers failed; Completed shows what this device remembers.', error),
    );
  }, [eventId, hasUser]);

  const value = useMemo<PresentersContextValue>(() => {
    const queue = event ? buildQueue(event, completed) : [];
    const groups = groupQueue(queue);
    return { event, queue, groups, live: groups.live[0] ?? null, completed, loading, rooms, room, chooseRoom };
  }, [event, completed, loading, rooms, room, chooseRoom]);

  return (
    <PresentersContext.Provider value={value}>
      {loading && fallback !== undefined ? fallback : children}
    </PresentersContext.Provider>
  );
}

export function usePresenters(): PresentersContextValue {
  const value = useContext(PresentersContext);
  if (!value) throw new Error('usePresenters() must be used inside <PresentersProvider>.');
  return value;
}
