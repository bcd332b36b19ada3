// How many providers have rated at each event on the dashboard (src/db/raters.ts): counted once
// for every event listed, then again every half minute for the open ones only, whose counts move
// while the page is shown. A count that fails stays unknown (the card leaves it out) and is tried
// again at the next refresh.

import { useEffect, useState } from 'react';
import { getRaterCounts } from '../../db/raters';
import type { Event } from '../../types/event';

/** How often open events' raters are counted again while the dashboard is shown. */
export const RATER_REFRESH_MS = 30_000;

export function useRaterCounts(events: readonly Event[] | null): ReadonlyMap<string, number> {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());
  const allKey = events ? JSON.stringify(events.map((event) => event.id).sort()) : null;
  const openKey = events
    ? JSON.stringify(
        events
          .filter((event) => event.isEventOpen)
          .map((event) => event.id)
          .sort(),
      )
    : null;

  useEffect(() => {
    if (allKey === null || openKey === null) return;
    const all: string[] = JSON.parse(allKey);
    const open: string[] = JSON.parse(openKey);
    let active = true;
    const refresh = async (ids: string[]) => {
      if (ids.length === 0) return;
      try {
        const read = await getRaterCounts(ids);
        if (active) setCounts((previous) => new Map([...previous, ...read]));
      } catch (error) {
        console.warn('The raters could not be counted.', error);
      }
    };
    void refresh(all);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh(open);
    }, RATER_REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [allKey, openKey]);

  return counts;
}
