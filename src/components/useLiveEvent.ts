// One event followed live (watchEvent), for the screens that show a single event: 'loading' until
// the first answer for this id is in, then the event, 'missing' for an unknown id, or 'failed'.

import { watchEvent } from '../db/events';
import type { Event } from '../types/event';
import { useLive } from './useLive';

export type LiveEvent = { state: 'loading' } | { state: 'ready'; event: Event } | { state: 'missing' } | { state: 'failed' };

export function useLiveEvent(eventId: string): LiveEvent {
  const loaded = useLive<Event | null>(eventId, (onValue, onError) =>
    watchEvent(eventId, onValue, (error) => {
      console.warn('The event could not be followed.', error);
      onError(error);
    }),
  );
  if (loaded.state !== 'ready') return { state: loaded.state };
  return loaded.value ? { state: 'ready', event: loaded.value } : { state: 'missing' };
}
