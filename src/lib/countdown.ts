// The countdown to an event's start: whole hours, minutes and seconds left, or "starting soon"
// once the start time is reached.

export type Countdown = { state: 'counting'; hours: number; minutes: number; seconds: number } | { state: 'soon' };

/** Time left until `startTime`, rounded up to the second so it never shows 0:00:00 early. */
export function countdown(startTime: Date, now: Date): Countdown {
  const left = Math.ceil((startTime.getTime() - now.getTime()) / 1000);
  if (left <= 0) return { state: 'soon' };
  return {
    state: 'counting',
    hours: Math.floor(left / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/** Two digits, as a countdown shows them: 7 → '07'. */
export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}
