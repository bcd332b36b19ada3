// What the pitch timer says on a screen (domain/pitchTimer.ts's reading, in words): each state
// has its own words, so it reads without colour, and the phone's one-line form stays short
// enough for a 360 px screen.

import { formatClock, shownSeconds, type TimerReading } from '../../domain/pitchTimer';

export type ClockState = 'calm' | 'warning' | 'overtime' | 'paused';

export interface ClockText {
  state: ClockState;
  /** The state in words: 'Time left', 'Wrap up', 'Questions', "Time's up", 'Paused'. */
  label: string;
  /** The digits: the time left ('2:41'), or the overtime ('+0:12'). */
  digits: string;
  /** The one-line form: '2:41 left', "Time's up +0:12". */
  line: string;
}

export function clockText(reading: TimerReading): ClockText {
  const seconds = shownSeconds(reading);
  if (reading.phase === 'overtime') {
    const digits = `+${formatClock(seconds)}`;
    return reading.paused
      ? { state: 'paused', label: 'Paused', digits, line: `Paused · ${digits} over` }
      : { state: 'overtime', label: "Time's up", digits, line: `Time's up ${digits}` };
  }
  const digits = formatClock(seconds);
  const questions = reading.phase === 'questions';
  const left = questions ? `${digits} for questions` : `${digits} left`;
  if (reading.paused) return { state: 'paused', label: 'Paused', digits, line: `Paused · ${left}` };
  if (reading.warning) return { state: 'warning', label: questions ? 'Questions: wrap up' : 'Wrap up', digits, line: left };
  return { state: 'calm', label: questions ? 'Questions' : 'Time left', digits, line: left };
}
