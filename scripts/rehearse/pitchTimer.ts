// The pitch timer in the rehearsal: how far apart the phones turn the same second over (each phone
// reports every change of its live card's clock with the machine's clock, which all pages share),
// and whether the pitch lengths the clock recorded equal what the admin did: for each presenter,
// the server time of the write that made them live to that of the write that moved on (the event
// document's update times, read right after each press applied).

/** One change of a phone's pitch timer: whose clock (the live card's text without it) and what it showed. */
export interface TimerSighting {
  live: string;
  text: string;
  at: number;
}

export interface TimerSpread {
  /** Seconds shown by two or more phones, each turning over to it. */
  compared: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
}

/**
 * A phone's turn to the next second follows its previous one by about a second; a longer gap is a
 * clock arriving (or a return to the queue), unless the two show neighbouring seconds of one
 * count: then it is a turn that came late, which is what the spread is there to see.
 */
const TURN_GAP_MS = 1_500;

/** The most the phones may turn one second over apart: at the median, and ever. */
export const TIMER_SPREAD_MEDIAN_MS = 250;
export const TIMER_SPREAD_MAX_MS = 1_000;

/** The second a clock's text shows, counted up ('2:31 left' is -151, "Time's up +0:03" is 3); null without one. */
function countOf(text: string): number | null {
  const match = /(\+?)(\d+):(\d\d)/.exec(text);
  if (!match) return null;
  const seconds = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '+' ? seconds : -seconds;
}

/** Whether `text` shows the second after `before`'s, in the same words (no pause, phase or state between). */
function nextSecond(before: string, text: string): boolean {
  const [from, to] = [countOf(before), countOf(text)];
  const words = (line: string) => line.replace(/[+\d:]/g, '');
  return from !== null && to !== null && to - from === 1 && words(before) === words(text);
}

function percentile(sorted: number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? null;
}

/** For every second two or more phones turned over to, how far apart they did it. */
export function timerSpread(phones: { timerSightings: TimerSighting[] }[]): TimerSpread {
  const byValue = new Map<string, number[]>();
  for (const phone of phones) {
    const seen = new Set<string>();
    let previous: TimerSighting | null = null;
    for (const sighting of phone.timerSightings) {
      const turned =
        previous !== null &&
        previous.live === sighting.live &&
        previous.text !== '' &&
        (sighting.at - previous.at <= TURN_GAP_MS || nextSecond(previous.text, sighting.text));
      const key = `${sighting.live}|${sighting.text}`;
      previous = sighting;
      if (!turned || sighting.text === '' || seen.has(key)) continue;
      seen.add(key);
      byValue.set(key, [...(byValue.get(key) ?? []), sighting.at]);
    }
  }
  const spreads = [...byValue.values()]
    .filter((moments) => moments.length >= 2)
    .map((moments) => Math.max(...moments) - Math.min(...moments))
    .sort((a, b) => a - b);
  return {
    compared: spreads.length,
    p50Ms: percentile(spreads, 0.5),
    p95Ms: percentile(spreads, 0.95),
    maxMs: spreads.length > 0 ? (spreads[spreads.length - 1] ?? null) : null,
  };
}

/** What must never happen to the phones' seconds, and did. */
export function timerSpreadFailures(spread: TimerSpread): string[] {
  const failures: string[] = [];
  if (spread.p50Ms !== null && spread.p50Ms > TIMER_SPREAD_MEDIAN_MS)
    failures.push(`the phones turned the pitch timer's seconds over ${Math.round(spread.p50Ms)} ms apart at the median`);
  if (spread.maxMs !== null && spread.maxMs >= TIMER_SPREAD_MAX_MS)
    failures.push(`the phones turned one of the pitch timer's seconds over ${Math.round(spread.maxMs)} ms apart`);
  return failures;
}

/** After a press applied: who was live (the presenter's id; null for nobody) and the server's time of that write. */
export interface LiveWrite {
  presenterId: string | null;
  atMs: number;
}

/** A stored record of pitch_times, with its times in ms. */
export interface RecordedPitch {
  startedAtMs: number;
  endedAtMs: number;
  pausedMs: number;
}

export interface PitchLengthCheck {
  /** Presenters who were live and then moved on. */
  live: number;
  recorded: number;
  /** Presenters who were live and have no record. */
  missing: string[];
  /** The largest difference between a recorded length and the admin's, in ms. */
  maxDeviationMs: number | null;
}

/** Each presenter's time live by the admin's writes (their latest time, as the clock keeps it), against the records. */
export function checkPitchLengths(writes: LiveWrite[], recorded: Map<string, RecordedPitch>): PitchLengthCheck {
  const expected = new Map<string, number>();
  writes.forEach((write, k) => {
    if (write.presenterId === null) return;
    const moved = writes.slice(k + 1).find((later) => later.presenterId !== write.presenterId);
    const previous = writes[k - 1];
    if (!moved || previous?.presenterId === write.presenterId) return;
    expected.set(write.presenterId, moved.atMs - write.atMs);
  });
  const missing: string[] = [];
  const deviations: number[] = [];
  for (const [presenterId, lengthMs] of expected) {
    const record = recorded.get(presenterId);
    if (!record) {
      missing.push(presenterId);
      continue;
    }
    deviations.push(Math.abs(record.endedAtMs - record.startedAtMs - record.pausedMs - lengthMs));
  }
  return {
    live: expected.size,
    recorded: deviations.length,
    missing,
    maxDeviationMs: deviations.length > 0 ? Math.max(...deviations) : null,
  };
}
