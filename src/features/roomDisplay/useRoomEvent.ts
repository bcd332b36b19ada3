// The room display's event, followed live (watchEvent): 'loading' until the first answer for
// this id is in, then the event, 'missing' for an unknown id, or 'failed'.

import { useEffect, useState } from 'react';
import { watchEvent } from '../../db/events';
import type { Event } from '../../types/event';

export type RoomEvent = { state: 'loading' } | { state: 'ready'; event: Event } | { state: 'missing' } | { state: 'failed' };

export function useRoomEvent(eventId: string): RoomEvent {
  const [latest, setLatest] = useState<{ eventId: string; loaded: RoomEvent } | null>(null);
  useEffect(
    () =>
      watchEvent(
        eventId,
        (event) => setLatest({ eventId, loaded: event ? { state: 'ready', event } : { state: 'missing' } }),
        (error) => {
          console.warn('The room display could not follow the event.', error);
          setLatest({ eventId, loaded: { state: 'failed' } });
        },
      ),
    [eventId],
  );
  return latest?.eventId === eventId ? latest.loaded : { state: 'loading' };
}
