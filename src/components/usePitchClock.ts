// The live presenter's pitch timer as a screen shows it (domain/pitchTimer.ts): read by the
// server's clock (src/db/serverClock.ts), and re-read exactly when the shown second turns over by
// that clock, not on a 1 s interval of the screen's own, so every screen turns over together. It
// is read again at once when the event's clock, its limits or the clock's offset change (a
// reconnected screen shows the right time at once). It writes nothing: the clock lives in the
// event document's timestamps.

import { useEffect, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { msToNextSecond, readTimer, type Timer, type TimerReading } from '../../domain/pitchTimer';
import { livePresenter } from '../../domain/rounds';
import { serverClockOffset, watchServerClock } from '../db/serverClock';
import type { Event } from '../types/event';

/** The live presenter's clock, or null when nobody live has one (an announcement, no one, a stale clock). */
export function liveTimer(event: Event | null): Timer | null {
  const live = event ? livePresenter(event) : null;
  return event?.timer && live && event.timer.presenter_id === live.presenter_id ? event.timer : null;
}

/**
 * Keeps the server's clock measured while the screen follows an event, before any clock runs, so
 * the first second of a pitch is already on the server's time. A screen calls it where it follows
 * the event and leaves the ticking (usePitchClock) to the small component that shows the clock: a
 * turn of the second then renders that component alone, not the queue or the stage around it
 * (four screens on one slow core turned their seconds over about 300 ms apart, one after another,
 * while each rendered its whole page at every turn).
 */
export function useServerClock(following: boolean): void {
  useEffect(() => (following ? watchServerClock(() => undefined) : undefined), [following]);
}

/**
 * The clock's reading now, re-rendered at each shown second; null while no clock runs (or no
 * event). For the component that shows the clock, the smallest that can: every turn renders it.
 */
export function usePitchClock(event: Event | null): TimerReading | null {
  const timer = liveTimer(event);
  const pitchSeconds = event?.pitchSeconds ?? 0;
  const questionSeconds = event?.questionSeconds ?? 0;
  // The clock's fields as one value, so a new snapshot of the same clock does not restart the ticks.
  const clockKey = timer ? JSON.stringify([timer, pitchSeconds, questionSeconds]) : null;
  const [offsetMs, setOffsetMs] = useState(serverClockOffset);
  const [reading, setReading] = useState<{ key: string; value: TimerReading } | null>(null);

  // Measured while the screen follows an event, before any clock runs, so that the first second
  // of a pitch is already on the server's time.
  const following = event !== null;
  useEffect(() => (following ? watchServerClock(setOffsetMs) : undefined), [following]);

  // A layout effect: a new clock (a pause, a resume, a Next) is read before the page is painted or
  // observed, so no screen ever shows a blank clock while the new one's first reading is pending
  // (a passive effect runs when the browser gets to it, which on a busy device is late).
  useLayoutEffect(() => {
    if (clockKey === null) return undefined;
    const [clock, pitch, questions] = JSON.parse(clockKey) as [Timer, number, number];
    let next: ReturnType<typeof setTimeout> | undefined;
    const read = (atTurn: boolean) => {
      // Read when the timer fires, not when it was set: a late timer shows the second it is now,
      // and the next turn is counted from there.
      const value = readTimer(clock, { pitchSeconds: pitch, questionSeconds: questions }, Date.now() + offsetMs);
      // At a turn the new second is on the page in this task, not in a render React schedules
      // after whatever else a busy page has queued.
      if (atTurn) flushSync(() => setReading({ key: clockKey, value }));
      else setReading({ key: clockKey, value });
      const wait = msToNextSecond(value);
      // Just past the turn, so the next read is on the new second.
      if (Number.isFinite(wait)) next = setTimeout(() => read(true), wait + 2);
    };
    read(false);
    return () => clearTimeout(next);
  }, [clockKey, offsetMs]);

  if (clockKey === null) return null;
  if (reading?.key === clockKey) return reading.value;
  // A new clock whose first reading the effect has not made yet is read in this render: neither
  // the reading of the clock before (a Next) nor a blank clock is ever shown, not even for one
  // render (on a busy device the effect's re-render comes after the page has shown this one).
  const [clock, pitch, questions] = JSON.parse(clockKey) as [Timer, number, number];
  // eslint-disable-next-line react-hooks/purity -- the clock is read by the time now, as the effect's ticks read it
  return readTimer(clock, { pitchSeconds: pitch, questionSeconds: questions }, Date.now() + offsetMs);
}
