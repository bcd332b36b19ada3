// The public roster's rules (domain/roster.ts): which presenter ids an event names, when an event's
// or a presenter's change calls for a rebuild, and what the roster holds.

import { describe, expect, it } from 'vitest';
import { buildRoster, eventRosterChanged, presenterRosterChanged, rosterIds } from '../../domain/roster';

const entry = (presenter_id: string) => ({ presenter_id, first_name: 'A', last_name: 'B' });

describe('rosterIds', () => {
  it('lists every id the rounds name once, sorted, and ignores what is not an entry', () => {
    const event = {
      rounds: {
        round_2: [entry('p-lin'), entry('p-ada')],
        round_1: [entry('p-ada'), { first_name: 'x' }, 'junk'],
        other: [entry('p-x')],
      },
    };
    expect(rosterIds(event)).toEqual(['p-ada', 'p-lin']);
    expect(rosterIds(undefined)).toEqual([]);
    expect(rosterIds({ rounds: 'none' })).toEqual([]);
  });
});

describe('eventRosterChanged', () => {
  const event = (...ids: string[]) => ({ presenter_index: 0, rounds: { round_1: ids.map(entry) } });

  it('is true when the event is created or deleted, or its rounds name other presenters', () => {
    expect(eventRosterChanged(undefined, event('p-ada'))).toBe(true);
    expect(eventRosterChanged(event('p-ada'), undefined)).toBe(true);
    expect(eventRosterChanged(event('p-ada'), event('p-ada', 'p-lin'))).toBe(true);
    expect(eventRosterChanged(event('p-ada', 'p-lin'), event('p-ada', 'p-sam'))).toBe(true);
  });

  it('is false for a new order or another field', () => {
    expect(eventRosterChanged(event('p-ada', 'p-lin'), event('p-lin', 'p-ada'))).toBe(false);
    expect(eventRosterChanged(event('p-ada'), { ...event('p-ada'), presenter_index: 3, title: 'Renamed' })).toBe(false);
  });
});

describe('presenterRosterChanged', () => {
  it('is true when the presenter comes or goes, or their company changes; false for anything else', () => {
    expect(presenterRosterChanged(undefined, { company: 'PulseLoop' })).toBe(true);
    expect(presenterRosterChanged({ company: 'PulseLoop' }, undefined)).toBe(true);
    expect(presenterRosterChanged({ company: 'PulseLoop' }, { company: 'PulseLoop Health' })).toBe(true);
    expect(presenterRosterChanged({ company: 'PulseLoop', phone: '1' }, { company: ' PulseLoop ', phone: '2' })).toBe(false);
  });
});

describe('buildRoster', () => {
  it("holds each found presenter's company only ('' for none), never their other fields", () => {
    const presenters = new Map<string, unknown>([
      ['p-ada', { company: 'PulseLoop', email: 'ada@example.com', phone: '+44 1' }],
      ['p-sam', { email: 'sam@example.com' }],
    ]);
    expect(buildRoster(['announcement-1', 'p-ada', 'p-sam'], presenters)).toEqual({
      companies: { 'p-ada': 'PulseLoop', 'p-sam': '' },
    });
  });
});
