// The rehearsal's oracle for the meetings after matching (scripts/rehearse/meetings.ts): it must
// catch a double booking, a person over the limit and a pair left out although it fitted, and
// pass a schedule where every pair left out truly cannot fit.

import { describe, expect, it } from 'vitest';
import { checkMeetings } from '../../scripts/rehearse/meetings';

const meeting = (presenterId: string, providerId: string, slot: number, place: string) => ({
  presenterId,
  providerId,
  slot,
  place,
  status: 'accepted',
});
const PLACES = ['Table 1', 'Table 2'];

describe("the rehearsal's meetings oracle", () => {
  it('passes a schedule whose pairs left out cannot fit: at the limit, or no slot both have free', () => {
    const pairs = [
      { presenterId: 'ada', providerId: 'bo' },
      { presenterId: 'ada', providerId: 'cy' },
      { presenterId: 'ada', providerId: 'dee' },
      { presenterId: 'lin', providerId: 'bo' },
    ];
    const held = [meeting('ada', 'bo', 0, 'Table 1'), meeting('ada', 'cy', 1, 'Table 1'), meeting('lin', 'bo', 1, 'Table 2')];
    // Ada is at the limit of 2: Dee cannot meet her.
    expect(checkMeetings(pairs, held, PLACES, 2, 2)).toEqual({
      doubleBookings: [],
      overLimit: [],
      missedPairs: [],
      sharedPlaces: [],
    });
  });

  it('names a double booking, a person over the limit, and a pair left out that fitted', () => {
    const pairs = [
      { presenterId: 'ada', providerId: 'bo' },
      { presenterId: 'ada', providerId: 'cy' },
      { presenterId: 'lin', providerId: 'cy' },
    ];
    const held = [meeting('ada', 'bo', 0, 'Table 1'), meeting('ada', 'cy', 0, 'Table 1')];
    const verdict = checkMeetings(pairs, held, PLACES, 3, 1);
    expect(verdict.doubleBookings).toEqual(['slot 0: p ada in two meetings', 'slot 0: t Table 1 in two meetings']);
    expect(verdict.overLimit).toEqual(['presenter ada']);
    // Lin and Cy: Cy is at the limit of 1, so they do not fit; with a limit of 2 they would.
    expect(verdict.missedPairs).toEqual([]);
    expect(checkMeetings(pairs, held.slice(0, 1), PLACES, 3, 2).missedPairs).toEqual(['ada and cy', 'lin and cy']);
  });

  it('names two presenters at one place, and counts a place given for the session as taken', () => {
    const pairs = [
      { presenterId: 'ada', providerId: 'bo' },
      { presenterId: 'lin', providerId: 'cy' },
      { presenterId: 'sam', providerId: 'dee' },
    ];
    const held = [meeting('ada', 'bo', 0, 'Table 1'), meeting('lin', 'cy', 1, 'Table 1')];
    expect(checkMeetings(pairs, held, PLACES, 2, 2).sharedPlaces).toEqual(['Table 1: ada and lin']);
    // Lin was given Table 2 but holds no meeting: Sam has no place left, so Sam and Dee do not fit.
    const given = { ada: 'Table 1', lin: 'Table 2' };
    const verdict = checkMeetings(pairs, held.slice(0, 1), PLACES, 2, 2, given);
    expect(verdict.sharedPlaces).toEqual([]);
    expect(verdict.missedPairs).toEqual(['lin and cy']);
  });
});
