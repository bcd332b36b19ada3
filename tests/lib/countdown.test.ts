// The countdown to an event's start.

import { describe, expect, it } from 'vitest';
import { countdown, twoDigits } from '../../src/lib/countdown';

const start = new Date('2030-05-01T11:15:00Z');
const before = (ms: number) => new Date(start.getTime() - ms);

describe('countdown', () => {
  it('splits the time left into hours, minutes and seconds', () => {
    expect(countdown(start, before((26 * 3600 + 5 * 60 + 9) * 1000))).toEqual({
      state: 'counting',
      hours: 26,
      minutes: 5,
      seconds: 9,
    });
  });

  it('rounds a part second up, so it never shows zero before the start', () => {
    expect(countdown(start, before(400))).toEqual({ state: 'counting', hours: 0, minutes: 0, seconds: 1 });
  });

  it('says starting soon at and after the start time', () => {
    expect(countdown(start, start)).toEqual({ state: 'soon' });
    expect(countdown(start, new Date(start.getTime() + 60_000))).toEqual({ state: 'soon' });
  });
});

describe('twoDigits', () => {
  it('pads single digits', () => {
    expect([twoDigits(0), twoDigits(7), twoDigits(42), twoDigits(120)]).toEqual(['00', '07', '42', '120']);
  });
});
