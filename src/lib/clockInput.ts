// The pitch length and question time as an admin types them in the event form: minutes and
// seconds ('3:00', '2:30') or whole minutes ('3'), within the limits of domain/pitchTimer.ts.

import { formatClock, MAX_PITCH_SECONDS, MAX_QUESTION_SECONDS, MIN_PITCH_SECONDS } from '../../domain/pitchTimer';

/** Seconds from 'm:ss' or whole minutes, or null when the text is neither. */
export function parseClockInput(text: string): number | null {
  const trimmed = text.trim();
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(trimmed);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed) * 60;
  return null;
}

export const clockInputMessages = {
  pitch: `Enter the pitch length as m:ss, from ${formatClock(MIN_PITCH_SECONDS)} to ${formatClock(MAX_PITCH_SECONDS)}.`,
  questions: `Enter the question time as m:ss, up to ${formatClock(MAX_QUESTION_SECONDS)} (0:00 for none).`,
} as const;

/** The pitch length typed, or null when it is not one an event may have. */
export function pitchSecondsOf(text: string): number | null {
  const seconds = parseClockInput(text);
  return seconds !== null && seconds >= MIN_PITCH_SECONDS && seconds <= MAX_PITCH_SECONDS ? seconds : null;
}

/** The question time typed ('' is none), or null when it is not one an event may have. */
export function questionSecondsOf(text: string): number | null {
  if (text.trim() === '') return 0;
  const seconds = parseClockInput(text);
  return seconds !== null && seconds <= MAX_QUESTION_SECONDS ? seconds : null;
}
