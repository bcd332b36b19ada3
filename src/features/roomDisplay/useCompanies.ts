// The event's presenters' companies for the room display, followed live from its public roster
// (src/db/rosters.ts). Until the roster is there, or if it cannot be read, the screen shows names
// alone: a company is extra, never a reason to blank the projector.

import { useEffect, useState } from 'react';
import { watchCompanies, type Companies } from '../../db/rosters';

const NONE: Companies = new Map();

export function useCompanies(eventId: string): Companies {
  const [latest, setLatest] = useState<{ eventId: string; companies: Companies } | null>(null);
  useEffect(
    () =>
      watchCompanies(
        eventId,
        (companies) => setLatest({ eventId, companies }),
        (error) => {
          console.warn("The event's companies could not be followed; the room display shows names alone.", error);
          setLatest({ eventId, companies: NONE });
        },
      ),
    [eventId],
  );
  return latest?.eventId === eventId ? latest.companies : NONE;
}
