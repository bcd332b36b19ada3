// The pitch timer in words: each state says what it is (not only its colour), and the phone's line.

import { describe, expect, it } from 'vitest';
import { readTimer, type Timer } from '../../domain/pitchTimer';
import { clockText } from '../../src/lib/pitchClockText';

const T0 = 1_800_000_000_000;
const timer = (changes: Partial<Timer> = {}): Timer => ({
  presenter_id: 'p-ada',
  started_at: T0,
  paused_ms: 0,
  paused_at: null,
  resumed_at: null,
  ...changes,
});
const at = (elapsedMs: number, changes: Partial<Timer> = {}, questionSeconds = 0) =>
  clockText(readTimer(timer(changes), { pitchSeconds: 180, questionSeconds }, T0 + elapsedMs));

describe('the pitch timer in words', () => {
  it('says the time left while calm', () => {
    expect(at(19_000)).toEqual({ state: 'calm', label: 'Time left', digits: '2:41', line: '2:41 left' });
  });

  it('asks to wrap up in the last 30 seconds', () => {
    expect(at(155_000)).toEqual({ state: 'warning', label: 'Wrap up', digits: '0:25', line: '0:25 left' });
  });

  it('says the time is up and counts the overtime', () => {
    expect(at(192_000)).toEqual({ state: 'overtime', label: "Time's up", digits: '+0:12', line: "Time's up +0:12" });
  });

  it('says it is paused, with the time it stands at', () => {
    expect(at(100_000, { paused_at: T0 + 19_000 })).toEqual({
      state: 'paused',
      label: 'Paused',
      digits: '2:41',
      line: 'Paused · 2:41 left',
    });
    expect(at(300_000, { paused_at: T0 + 190_000 }).line).toBe('Paused · +0:10 over');
  });

  it('names the question time', () => {
    expect(at(200_000, {}, 60)).toMatchObject({ state: 'calm', label: 'Questions', line: '0:40 for questions' });
    expect(at(215_000, {}, 60)).toMatchObject({ state: 'warning', label: 'Questions: wrap up' });
  });
});
