// Schedule all (domain/meetings.ts): examples that pin down its choices, and properties over
// random sessions (fast-check): nobody in two places at once, one place per presenter, the limits
// and the kept meetings respected, the same schedule whatever order the pairs come in, and every
// pair placed whenever the session has room for it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boardStage,
  scheduleMeetings,
  slotWindow,
  type MeetingPair,
  type PlacedMeeting,
  type ScheduleInput,
} from '../../domain/meetings';

const pair = (presenterId: string, providerId: string, score: number): MeetingPair => ({ presenterId, providerId, score });

describe('Schedule all', () => {
  it('gives each presenter one table and each pair the earliest slot both have free, best scores first', () => {
    const result = scheduleMeetings({
      slots: 3,
      places: ['Table 1', 'Table 2'],
      maxPerPerson: 3,
      pairs: [pair('ada', 'vic', 4), pair('lin', 'vic', 4.5), pair('ada', 'zoe', 3)],
      kept: [],
    });
    expect(result.meetings).toEqual([
      { presenterId: 'lin', providerId: 'vic', slot: 0, place: 'Table 1' },
      { presenterId: 'ada', providerId: 'zoe', slot: 0, place: 'Table 2' },
      { presenterId: 'ada', providerId: 'vic', slot: 1, place: 'Table 2' },
    ]);
    expect(result.unplaced).toEqual([]);
  });

  it('keeps booked meetings where they are, gives their presenter that place, and meets each pair once', () => {
    const kept: PlacedMeeting[] = [{ presenterId: 'ada', providerId: 'vic', slot: 1, place: 'Table 2' }];
    const result = scheduleMeetings({
      slots: 2,
      places: ['Table 1', 'Table 2'],
      maxPerPerson: 2,
      pairs: [pair('ada', 'vic', 5), pair('ada', 'zoe', 4), pair('lin', 'vic', 3)],
      kept,
    });
    expect(result.meetings).toContainEqual(kept[0]);
    expect(result.added).toEqual([
      { presenterId: 'lin', providerId: 'vic', slot: 0, place: 'Table 1' },
      { presenterId: 'ada', providerId: 'zoe', slot: 0, place: 'Table 2' },
    ]);
  });

  it('swaps a new meeting’s slot along an alternating path when the pair has no free slot in common', () => {
    // In score order: p1–v1 and p2–v2 take slot 0, p2–v1 and p1–v2 slot 1, p3–v1 slot 2. Then
    // p3 has 0 and 1 free and v2 only 2: p2–v2 moves from 0 to 2 (p2 has 2 free), and p3–v2 takes 0.
    const pairs = [
      pair('p1', 'v1', 9),
      pair('p2', 'v2', 8),
      pair('p2', 'v1', 7),
      pair('p1', 'v2', 6),
      pair('p3', 'v1', 5),
      pair('p3', 'v2', 4),
    ];
    const result = scheduleMeetings({ slots: 3, places: ['T1', 'T2', 'T3'], maxPerPerson: 3, pairs, kept: [] });
    expect(result.unplaced).toEqual([]);
    expect(result.added.map((meeting) => `${meeting.presenterId}–${meeting.providerId} in ${meeting.slot}`).sort()).toEqual([
      'p1–v1 in 0',
      'p1–v2 in 1',
      'p2–v1 in 1',
      'p2–v2 in 2',
      'p3–v1 in 2',
      'p3–v2 in 0',
    ]);
  });

  it('says why a pair was left out: a person’s limit, no place left, no common slot around kept meetings', () => {
    const limit = scheduleMeetings({
      slots: 4,
      places: ['T1'],
      maxPerPerson: 1,
      pairs: [pair('ada', 'vic', 5), pair('ada', 'zoe', 4), pair('lin', 'zoe', 3)],
      kept: [],
    });
    expect(limit.unplaced).toEqual([
      { pair: pair('ada', 'zoe', 4), reason: 'presenter-limit' },
      { pair: pair('lin', 'zoe', 3), reason: 'no-place' },
    ]);
    const provider = scheduleMeetings({
      slots: 4,
      places: ['T1', 'T2'],
      maxPerPerson: 1,
      pairs: [pair('ada', 'vic', 5), pair('lin', 'vic', 4)],
      kept: [],
    });
    expect(provider.unplaced).toEqual([{ pair: pair('lin', 'vic', 4), reason: 'provider-limit' }]);
    // ada is booked in slot 0 and vic in slot 1, both kept: the only swap would move a kept meeting.
    const blocked = scheduleMeetings({
      slots: 2,
      places: ['T1', 'T2', 'T3'],
      maxPerPerson: 2,
      pairs: [pair('ada', 'vic', 5)],
      kept: [
        { presenterId: 'ada', providerId: 'zoe', slot: 0, place: 'T1' },
        { presenterId: 'lin', providerId: 'vic', slot: 1, place: 'T2' },
      ],
    });
    expect(blocked.unplaced).toEqual([{ pair: pair('ada', 'vic', 5), reason: 'no-common-slot' }]);
  });

  it('counts a pair listed twice once, at its higher score', () => {
    const result = scheduleMeetings({
      slots: 1,
      places: ['T1', 'T2'],
      maxPerPerson: 1,
      pairs: [pair('ada', 'vic', 2), pair('lin', 'vic', 3), pair('ada', 'vic', 4)],
      kept: [],
    });
    expect(result.added).toEqual([{ presenterId: 'ada', providerId: 'vic', slot: 0, place: 'T1' }]);
    expect(result.unplaced).toEqual([{ pair: pair('lin', 'vic', 3), reason: 'provider-limit' }]);
  });

  it('times a slot from the session’s start and the slot length', () => {
    const start = Date.UTC(2026, 11, 3, 19, 30);
    expect(slotWindow(start, 10, 2)).toEqual({ startMs: start + 20 * 60_000, endMs: start + 30 * 60_000 });
  });
});

// ---- properties ----

const presenterIds = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'];
const providerIds = ['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6'];

const pairs = fc.array(
  fc.record({
    presenterId: fc.constantFrom(...presenterIds),
    providerId: fc.constantFrom(...providerIds),
    score: fc.integer({ min: 0, max: 20 }).map((n) => n / 4),
  }),
  { maxLength: 30 },
);

/** A session: its slots, places and limit, the pairs, and kept meetings that are a valid schedule themselves. */
const sessions: fc.Arbitrary<ScheduleInput> = fc
  .record({
    slots: fc.integer({ min: 1, max: 6 }),
    places: fc.integer({ min: 1, max: 7 }).map((n) => Array.from({ length: n }, (_, index) => `Table ${index + 1}`)),
    maxPerPerson: fc.integer({ min: 1, max: 6 }),
    pairs,
    keptPairs: pairs,
  })
  .map(({ keptPairs, ...session }) => {
    // The kept meetings: a schedule of their own, made without any kept meetings.
    const kept = scheduleMeetings({ ...session, pairs: keptPairs, kept: [] }).meetings;
    return { ...session, kept };
  });

function check(input: ScheduleInput): void {
  const { meetings, added, unplaced } = scheduleMeetings(input);
  const cap = Math.min(input.maxPerPerson, input.slots);
  const seen = new Set<string>();
  const placeOf = new Map<string, string>();
  const count = new Map<string, number>();
  for (const meeting of meetings) {
    expect(meeting.slot).toBeGreaterThanOrEqual(0);
    expect(meeting.slot).toBeLessThan(input.slots);
    expect(input.places).toContain(meeting.place);
    for (const key of [
      `p:${meeting.presenterId}@${meeting.slot}`,
      `v:${meeting.providerId}@${meeting.slot}`,
      `t:${meeting.place}@${meeting.slot}`,
    ]) {
      // Nobody (and no place) in two meetings in one slot.
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    const pairKey = `${meeting.presenterId}|${meeting.providerId}`;
    expect(seen.has(pairKey), `${pairKey} meets twice`).toBe(false);
    seen.add(pairKey);
    // One place per presenter, and a place is one presenter's.
    expect(placeOf.get(meeting.presenterId) ?? meeting.place).toBe(meeting.place);
    placeOf.set(meeting.presenterId, meeting.place);
    for (const person of [`p:${meeting.presenterId}`, `v:${meeting.providerId}`]) count.set(person, (count.get(person) ?? 0) + 1);
  }
  expect(new Set(placeOf.values()).size).toBe(placeOf.size);
  // The limits hold for the new meetings (the kept ones were booked before, under their own).
  const keptCount = new Map<string, number>();
  for (const meeting of input.kept)
    for (const person of [`p:${meeting.presenterId}`, `v:${meeting.providerId}`])
      keptCount.set(person, (keptCount.get(person) ?? 0) + 1);
  for (const meeting of added)
    for (const person of [`p:${meeting.presenterId}`, `v:${meeting.providerId}`])
      expect(count.get(person) ?? 0).toBeLessThanOrEqual(Math.max(cap, keptCount.get(person) ?? 0));
  // The kept meetings are all there, unchanged.
  for (const meeting of input.kept) expect(meetings).toContainEqual(meeting);
  expect(meetings).toHaveLength(input.kept.length + added.length);
  // Every distinct pair without a meeting is accounted for: placed now, or left out with a reason.
  const keptPairs = new Set(input.kept.map((meeting) => `${meeting.presenterId}|${meeting.providerId}`));
  const wanted = new Set(input.pairs.map((p) => `${p.presenterId}|${p.providerId}`).filter((key) => !keptPairs.has(key)));
  const answered = [
    ...added.map((m) => `${m.presenterId}|${m.providerId}`),
    ...unplaced.map((u) => `${u.pair.presenterId}|${u.pair.providerId}`),
  ];
  expect(answered.sort()).toEqual([...wanted].sort());
}

describe('Schedule all, over random sessions', () => {
  it('never puts anyone in two places at once, keeps one place per presenter, the limits and the kept meetings', () => {
    fc.assert(fc.property(sessions, check), { numRuns: 400 });
  });

  it('gives the same schedule whatever order the pairs and kept meetings come in', () => {
    fc.assert(
      fc.property(sessions, fc.integer(), (input, seed) => {
        const shuffle = <T>(items: readonly T[]) =>
          items
            .map((item, index) => ({ item, key: Math.sin(seed + index * 7919) }))
            .sort((a, b) => a.key - b.key)
            .map(({ item }) => item);
        const again = scheduleMeetings({ ...input, pairs: shuffle(input.pairs), kept: shuffle(input.kept) });
        expect(again).toEqual(scheduleMeetings(input));
      }),
      { numRuns: 300 },
    );
  });

  it('places every pair whenever the session has room: enough places, and nobody over the limit or the slots', () => {
    const roomy = fc
      .record({ slots: fc.integer({ min: 1, max: 6 }), maxPerPerson: fc.integer({ min: 1, max: 6 }), pairs })
      .map(({ slots, maxPerPerson, pairs: candidates }) => {
        const cap = Math.min(slots, maxPerPerson);
        const count = new Map<string, number>();
        const keys = new Set<string>();
        // Only pairs that leave both people within the cap: the session has room for all of them.
        const fitting = candidates.filter((p) => {
          const key = `${p.presenterId}|${p.providerId}`;
          if (keys.has(key)) return false;
          const [a, b] = [count.get(`p:${p.presenterId}`) ?? 0, count.get(`v:${p.providerId}`) ?? 0];
          if (a >= cap || b >= cap) return false;
          keys.add(key);
          count.set(`p:${p.presenterId}`, a + 1);
          count.set(`v:${p.providerId}`, b + 1);
          return true;
        });
        const places = Array.from({ length: new Set(fitting.map((p) => p.presenterId)).size }, (_, i) => `T${i + 1}`);
        return { slots, maxPerPerson, places, pairs: fitting, kept: [] };
      });
    fc.assert(
      fc.property(roomy, (input) => {
        const result = scheduleMeetings(input);
        expect(result.unplaced).toEqual([]);
        expect(result.added).toHaveLength(input.pairs.length);
      }),
      { numRuns: 400 },
    );
  });

  it('places the better pairs of a person over the limit: none left out for the limit scores above one placed', () => {
    fc.assert(
      fc.property(sessions, (input) => {
        const { added, unplaced } = scheduleMeetings({ ...input, kept: [] });
        const best = new Map<string, number>();
        for (const p of input.pairs) {
          const key = `${p.presenterId}|${p.providerId}`;
          best.set(key, Math.max(best.get(key) ?? -Infinity, p.score));
        }
        const scoreOf = (m: { presenterId: string; providerId: string }) => best.get(`${m.presenterId}|${m.providerId}`) ?? 0;
        for (const { pair: left, reason } of unplaced) {
          if (reason === 'presenter-limit')
            for (const m of added.filter((m) => m.presenterId === left.presenterId))
              expect(scoreOf(m)).toBeGreaterThanOrEqual(left.score);
          if (reason === 'provider-limit')
            for (const m of added.filter((m) => m.providerId === left.providerId))
              expect(scoreOf(m)).toBeGreaterThanOrEqual(left.score);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the meetings board's stage", () => {
  const start = Date.UTC(2030, 4, 1, 20, 0);
  const minute = 60_000;

  it('counts down to the first slot, then to the end of each slot, then ends after the last', () => {
    expect(boardStage(start, 10, 3, start - 5 * minute)).toEqual({ phase: 'before', current: null, next: 0, changeAtMs: start });
    expect(boardStage(start, 10, 3, start)).toEqual({ phase: 'during', current: 0, next: 1, changeAtMs: start + 10 * minute });
    expect(boardStage(start, 10, 3, start + 29 * minute)).toEqual({
      phase: 'during',
      current: 2,
      next: null,
      changeAtMs: start + 30 * minute,
    });
    expect(boardStage(start, 10, 3, start + 30 * minute)).toEqual({
      phase: 'after',
      current: null,
      next: null,
      changeAtMs: null,
    });
  });

  it('has no slot to show for a session without slots', () => {
    expect(boardStage(start, 10, 0, start).phase).toBe('after');
    expect(boardStage(start, 0, 3, start).phase).toBe('after');
  });
});
