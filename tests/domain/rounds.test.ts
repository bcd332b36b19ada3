// Rounds: order, live and next presenter, and the admin's changes to a round.

import { describe, expect, it } from 'vitest';
import {
  addToRound,
  currentRoundEntries,
  livePresenter,
  moveDown,
  moveUp,
  nextPresenter,
  orderedRounds,
  removeAt,
  resizeRounds,
  roundKey,
} from '../../domain/rounds';
import type { PresenterEntry } from '../../domain/documents';
import { defined } from '../support/defined';

const entry = (id: string): PresenterEntry => ({ presenter_id: id, first_name: id.toUpperCase(), last_name: 'X' });
const ids = (entries: PresenterEntry[]) => entries.map((item) => item.presenter_id);
const list = [entry('a'), entry('b'), entry('c')];

describe('round order', () => {
  it('names rounds round_n and orders them numerically', () => {
    expect(roundKey(3)).toBe('round_3');
    const rounds = orderedRounds({ round_10: [], round_2: [entry('x')], round_1: [] });
    expect(rounds.map((round) => round.roundNumber)).toEqual([1, 2, 10]);
    expect(rounds[1]).toEqual({ roundNumber: 2, key: 'round_2', entries: [entry('x')] });
  });
});

describe('live and next presenter', () => {
  const event = { rounds: { round_1: [entry('z')], round_2: list }, roundNumber: 2, presenterIndex: 1 };

  it('reads them from the current round at the live index', () => {
    expect(ids(currentRoundEntries(event))).toEqual(['a', 'b', 'c']);
    expect(livePresenter(event)?.presenter_id).toBe('b');
    expect(nextPresenter(event)?.presenter_id).toBe('c');
  });

  it('gives null (None) when absent', () => {
    expect(livePresenter({ ...event, presenterIndex: -1 })).toBeNull();
    expect(nextPresenter({ ...event, presenterIndex: -1 })?.presenter_id).toBe('a');
    expect(nextPresenter({ ...event, presenterIndex: 2 })).toBeNull();
    expect(livePresenter({ ...event, roundNumber: 3 })).toBeNull();
  });
});

describe('changing a round', () => {
  it('moves an entry up by swapping with the previous one, not the first', () => {
    expect(ids(moveUp(list, 2))).toEqual(['a', 'c', 'b']);
    expect(ids(moveUp(list, 0))).toEqual(['a', 'b', 'c']);
  });

  it('moves an entry down by swapping with the next one, not the last', () => {
    expect(ids(moveDown(list, 0))).toEqual(['b', 'a', 'c']);
    expect(ids(moveDown(list, 2))).toEqual(['a', 'b', 'c']);
  });

  it('removes an entry and leaves the original list alone', () => {
    expect(ids(removeAt(list, 1))).toEqual(['a', 'c']);
    expect(ids(list)).toEqual(['a', 'b', 'c']);
  });

  it('adds a presenter at the end of the round unless they are in any round', () => {
    const rounds = { round_1: [entry('a')], round_2: [entry('b')] };
    expect(ids(defined(addToRound(rounds, 1, entry('c')).round_1, 'round_1'))).toEqual(['a', 'c']);
    expect(ids(defined(addToRound(rounds, 3, entry('c')).round_3, 'round_3'))).toEqual(['c']);
    expect(addToRound(rounds, 1, entry('b'))).toBe(rounds);
  });

  it('adds and drops rounds when the round count changes', () => {
    const rounds = { round_1: [entry('a')], round_2: [entry('b')], round_3: [entry('c')] };
    expect(resizeRounds(rounds, 2)).toEqual({ round_1: [entry('a')], round_2: [entry('b')] });
    expect(resizeRounds({ round_1: [entry('a')] }, 3)).toEqual({ round_1: [entry('a')], round_2: [], round_3: [] });
  });
});
