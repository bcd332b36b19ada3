// One event followed live (watchEvent), for the screens that show a single event: 'loading' until
// the first answer for this id is in, then the event, 'missing' for an unknown id, or 'failed'.

import { useEffect, useState } from 'react';
import { watchEvent } from '../db/events';
import type { Event } from '../types/event';

export type LiveEvent = { state: 'loading' } | { state: 'ready'; event: Event } | { state: 'missing' } | { state: 'failed' };

export function useLiveEvent(eventId: string): LiveEvent {
  const [latest, setLatest] = useState<{ eventId: string; loaded: LiveEvent } | null>(null);
  useEffect(
    () =>
      watchEvent(
        eventId,
        (event) => setLatest({ eventId, loaded: event ? { state: 'ready', event } : { state: 'missing' } }),
        (error) => {
          console.warn('The event could not be followed.', error);
          setLatest({ eventId, loaded: { state: 'failed' } });
        },
      ),
    [eventId],
  );
  return latest?.eventId === eventId ? latest.loaded : { state: 'loading' };
}
