import { describe, expect, it } from 'vitest';
import { sameValue } from '../../src/lib/sameValue';

const event = () => ({
  id: 'medtech',
  title: 'Med-Tech Pitch Session',
  startDate: new Date('2026-11-25T18:00:00Z'),
  rounds: { round_1: [{ presenter_id: 'p-ada', first_name: 'Ada' }], round_2: [] },
  developers: [],
  matchingStatus: undefined,
});

describe('sameValue', () => {
  it('is true for the same content read twice', () => {
    expect(sameValue(event(), event())).toBe(true);
    expect(sameValue([], [])).toBe(true);
    expect(sameValue(null, null)).toBe(true);
  });

  it('treats a missing field and an undefined one alike', () => {
    const { matchingStatus: _, ...without } = event();
    expect(sameValue(event(), without)).toBe(true);
  });

  it('tells any change apart, however deep', () => {
    const later = { ...event(), startDate: new Date('2026-11-25T18:05:00Z') };
    expect(sameValue(event(), later)).toBe(false);
    const moved = event();
    moved.rounds.round_1[0]!.first_name = 'Adaeze';
    expect(sameValue(event(), moved)).toBe(false);
    expect(sameValue(event(), { ...event(), presenterIndex: 0 })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue({ a: [] }, { a: {} })).toBe(false);
    expect(sameValue(new Date(0), 0)).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});
