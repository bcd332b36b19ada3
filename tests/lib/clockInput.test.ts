// The event form's pitch length and question time: m:ss or whole minutes, within the limits.

import { describe, expect, it } from 'vitest';
import { clockInputMessages, parseClockInput, pitchSecondsOf, questionSecondsOf } from '../../src/lib/clockInput';

describe('the pitch length and question time typed', () => {
  it('reads m:ss and whole minutes', () => {
    expect(parseClockInput('3:00')).toBe(180);
    expect(parseClockInput(' 2:30 ')).toBe(150);
    expect(parseClockInput('5')).toBe(300);
    expect(parseClockInput('3:60')).toBeNull();
    expect(parseClockInput('three')).toBeNull();
    expect(parseClockInput('3.5')).toBeNull();
  });

  it('keeps a pitch between 0:10 and 60:00', () => {
    expect(pitchSecondsOf('0:10')).toBe(10);
    expect(pitchSecondsOf('60:00')).toBe(3600);
    expect(pitchSecondsOf('0:09')).toBeNull();
    expect(pitchSecondsOf('60:01')).toBeNull();
    expect(pitchSecondsOf('')).toBeNull();
    expect(clockInputMessages.pitch).toBe('Enter the pitch length as m:ss, from 0:10 to 60:00.');
  });

  it('reads no question time as none, and keeps it within an hour', () => {
    expect(questionSecondsOf('')).toBe(0);
    expect(questionSecondsOf('0:00')).toBe(0);
    expect(questionSecondsOf('1:30')).toBe(90);
    expect(questionSecondsOf('61:00')).toBeNull();
  });
});
