// The event's presenters' companies for the room display, followed live from its public roster
// (src/db/rosters.ts). Until the roster is there, or if it cannot be read, the screen shows names
// alone: a company is extra, never a reason to blank the projector.

import { useLive } from '../../components/useLive';
import { watchCompanies, type Companies } from '../../db/rosters';

const NONE: Companies = new Map();

export function useCompanies(eventId: string): Companies {
  const loaded = useLive<Companies>(eventId, (onValue, onError) =>
    watchCompanies(eventId, onValue, (error) => {
      console.warn("The event's companies could not be followed; the room display shows names alone.", error);
      onError(error);
    }),
  );
  return loaded.state === 'ready' ? loaded.value : NONE;
}
