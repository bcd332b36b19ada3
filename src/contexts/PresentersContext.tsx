// The shared event followed live, the presenter queue derived from it, and the presenters the
// current user has answered about (Completed). The queue comes from the event document alone,
// so a change of live presenter costs one document read. Needs <UserProvider> above it.

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { watchSharedEvent } from '../db/events';
import { watchMyResponses } from '../db/responses';
import { answeredPresenterIds } from '../lib/answers';
import { readStoredPresenters, writeStoredPresenters } from '../lib/browserStorage';
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
}

const PresentersContext = createContext<PresentersContextValue | null>(null);

interface PresentersProviderProps {
  children: ReactNode;
  /** Shown instead of the children until the event is read; without it the children show at once and read `loading`. */
  fallback?: ReactNode;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((id) => b.has(id));

export function PresentersProvider({ children, fallback }: PresentersProviderProps) {
  const { uid, user } = useUser();
  const [event, setEvent] = useState<Event | null>(null);
  const [loading, setLoading] = useState(true);
  const [completed, setCompleted] = useState<ReadonlySet<string>>(new Set());

  useEffect(
    () =>
      watchSharedEvent(
        (shared) => {
          setEvent(shared);
          setLoading(false);
        },
        () => {
          // The spec: a failed load in the shared view is silent (no event, empty list).
          setEvent(null);
          setLoading(false);
        },
      ),
    [],
  );

  const eventId = event?.id ?? null;
  const hasUser = uid !== null && user !== null;

  useEffect(() => {
    if (eventId === null) {
      setCompleted(new Set());
      return;
    }
    // The browser's list shows Completed at once; the saved answers (live, including ones not
    // yet synced) then keep it exact.
    setCompleted(new Set(readStoredPresenters(window.localStorage, eventId)));
    if (!hasUser) return;
    return watchMyResponses(
      eventId,
      (responses) => {
        const answered = answeredPresenterIds(responses);
        writeStoredPresenters(window.localStorage, eventId, [...answered]);
        setCompleted((previous) => (sameSet(previous, answered) ? previous : answered));
      },
      () => undefined,
    );
  }, [eventId, hasUser]);

  const value = useMemo<PresentersContextValue>(() => {
    const queue = event ? buildQueue(event, completed) : [];
    const groups = groupQueue(queue);
    return { event, queue, groups, live: groups.live[0] ?? null, completed, loading };
  }, [event, completed, loading]);

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
