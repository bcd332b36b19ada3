// The admin's event controls as pure changes: what each control stores (the spec's section 4),
// its edges, and the choices where the spec is silent (the live presenter follows reorders).

import { describe, expect, it } from 'vitest';
import { applyControl, changeRoundCount, type ControlState } from '../../domain/eventControl';
import type { PresenterEntry } from '../../domain/documents';

const entry = (id: string): PresenterEntry => ({ presenter_id: id, first_name: id.toUpperCase(), last_name: 'X' });
const ids = (entries: PresenterEntry[] | undefined) => entries?.map((item) => item.presenter_id);

/** Round 1: a b c d; round 2: x y; round 3 empty. */
function state(overrides: Partial<ControlState> = {}): ControlState {
  return {
    rounds: { round_1: [entry('a'), entry('b'), entry('c'), entry('d')], round_2: [entry('x'), entry('y')], round_3: [] },
    roundNumber: 1,
    presenterIndex: -1,
    isEventOpen: false,
    ...overrides,
  };
}

describe('start and stop', () => {
  it('starts a new event with the first presenter live', () => {
    expect(applyControl(state(), { kind: 'start' })).toEqual({ is_event_open: true, presenter_index: 0 });
  });

  it('starts again where it stopped', () => {
    expect(applyControl(state({ presenterIndex: 2 }), { kind: 'start' })).toEqual({ is_event_open: true });
  });

  it('sets the index to 0 in an empty round too, as the spec says', () => {
    expect(applyControl(state({ roundNumber: 3 }), { kind: 'start' })).toEqual({ is_event_open: true, presenter_index: 0 });
  });

  it('changes nothing when the event is already open with a live index', () => {
    expect(applyControl(state({ isEventOpen: true, presenterIndex: 1 }), { kind: 'start' })).toEqual({});
  });

  it('stops an open event and leaves the index', () => {
    expect(applyControl(state({ isEventOpen: true, presenterIndex: 1 }), { kind: 'stop' })).toEqual({ is_event_open: false });
    expect(applyControl(state(), { kind: 'stop' })).toEqual({});
  });
});

describe('next and previous', () => {
  it('moves to the next presenter, from none to the first', () => {
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'next' })).toEqual({ presenter_index: 2 });
    expect(applyControl(state(), { kind: 'next' })).toEqual({ presenter_index: 0 });
  });

  it('does nothing at the last presenter, past the end or in an empty round', () => {
    expect(applyControl(state({ presenterIndex: 3 }), { kind: 'next' })).toEqual({});
    expect(applyControl(state({ presenterIndex: 4 }), { kind: 'next' })).toEqual({});
    expect(applyControl(state({ roundNumber: 3 }), { kind: 'next' })).toEqual({});
  });

  it('counts the current round only', () => {
    expect(applyControl(state({ roundNumber: 2, presenterIndex: 1 }), { kind: 'next' })).toEqual({});
  });

  it('moves to the previous presenter, and back from past the end to the last', () => {
    expect(applyControl(state({ presenterIndex: 2 }), { kind: 'previous' })).toEqual({ presenter_index: 1 });
    expect(applyControl(state({ presenterIndex: 4 }), { kind: 'previous' })).toEqual({ presenter_index: 3 });
  });

  it('does nothing at the first presenter or when none is live', () => {
    expect(applyControl(state({ presenterIndex: 0 }), { kind: 'previous' })).toEqual({});
    expect(applyControl(state(), { kind: 'previous' })).toEqual({});
  });
});

describe('Reset All and Complete All', () => {
  it('resets the index to none', () => {
    expect(applyControl(state({ presenterIndex: 2 }), { kind: 'reset' })).toEqual({ presenter_index: -1 });
    expect(applyControl(state(), { kind: 'reset' })).toEqual({});
  });

  it("completes past the end: the count of the current round's presenters", () => {
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'complete' })).toEqual({ presenter_index: 4 });
    expect(applyControl(state({ roundNumber: 2 }), { kind: 'complete' })).toEqual({ presenter_index: 2 });
    expect(applyControl(state({ presenterIndex: 4 }), { kind: 'complete' })).toEqual({});
  });

  it('completes an empty round at 0', () => {
    expect(applyControl(state({ roundNumber: 3 }), { kind: 'complete' })).toEqual({ presenter_index: 0 });
  });
});

describe('round selection', () => {
  it('saves the round number and keeps the index', () => {
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'selectRound', roundNumber: 2 })).toEqual({ round_number: 2 });
    expect(applyControl(state(), { kind: 'selectRound', roundNumber: 3 })).toEqual({ round_number: 3 });
  });

  it("clamps the index to the new round's length", () => {
    expect(applyControl(state({ presenterIndex: 3 }), { kind: 'selectRound', roundNumber: 2 })).toEqual({
      round_number: 2,
      presenter_index: 2,
    });
    expect(applyControl(state({ presenterIndex: 4 }), { kind: 'selectRound', roundNumber: 3 })).toEqual({
      round_number: 3,
      presenter_index: 0,
    });
  });

  it('does nothing for the current round or a round the event does not have', () => {
    expect(applyControl(state(), { kind: 'selectRound', roundNumber: 1 })).toEqual({});
    expect(applyControl(state(), { kind: 'selectRound', roundNumber: 4 })).toEqual({});
    expect(applyControl(state(), { kind: 'selectRound', roundNumber: 0 })).toEqual({});
  });
});

describe('adding a presenter', () => {
  it('appends to the round and changes only that round', () => {
    expect(applyControl(state(), { kind: 'add', roundNumber: 2, entry: entry('z') })).toEqual({
      rounds: { round_2: [entry('x'), entry('y'), entry('z')] },
    });
    expect(applyControl(state(), { kind: 'add', roundNumber: 3, entry: entry('z') })).toEqual({
      rounds: { round_3: [entry('z')] },
    });
  });

  it('does nothing when the presenter is already in any round', () => {
    expect(applyControl(state(), { kind: 'add', roundNumber: 1, entry: entry('x') })).toEqual({});
    expect(applyControl(state(), { kind: 'add', roundNumber: 1, entry: entry('a') })).toEqual({});
  });

  it('does nothing for a round the event does not have', () => {
    expect(applyControl(state(), { kind: 'add', roundNumber: 4, entry: entry('z') })).toEqual({});
  });

  it('keeps the live presenter', () => {
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'add', roundNumber: 1, entry: entry('z') })).toEqual({
      rounds: { round_1: [entry('a'), entry('b'), entry('c'), entry('d'), entry('z')] },
    });
  });
});

describe('moving and removing presenters', () => {
  it('moves a presenter up and down by id', () => {
    expect(ids(applyControl(state(), { kind: 'moveUp', roundNumber: 1, presenterId: 'c' }).rounds?.round_1)).toEqual([
      'a',
      'c',
      'b',
      'd',
    ]);
    expect(ids(applyControl(state(), { kind: 'moveDown', roundNumber: 2, presenterId: 'x' }).rounds?.round_2)).toEqual([
      'y',
      'x',
    ]);
  });

  it('does nothing for the first moving up or the last moving down', () => {
    expect(applyControl(state(), { kind: 'moveUp', roundNumber: 1, presenterId: 'a' })).toEqual({});
    expect(applyControl(state(), { kind: 'moveDown', roundNumber: 1, presenterId: 'd' })).toEqual({});
  });

  it('removes a presenter by id', () => {
    expect(applyControl(state(), { kind: 'remove', roundNumber: 2, presenterId: 'x' })).toEqual({
      rounds: { round_2: [entry('y')] },
    });
  });

  it('does nothing for a presenter no longer in that round (no removed entry comes back)', () => {
    const removed = state({ rounds: { round_1: [entry('a'), entry('c')], round_2: [entry('x')] } });
    expect(applyControl(removed, { kind: 'moveUp', roundNumber: 1, presenterId: 'b' })).toEqual({});
    expect(applyControl(removed, { kind: 'moveDown', roundNumber: 1, presenterId: 'b' })).toEqual({});
    expect(applyControl(removed, { kind: 'remove', roundNumber: 1, presenterId: 'b' })).toEqual({});
    expect(applyControl(removed, { kind: 'remove', roundNumber: 1, presenterId: 'x' })).toEqual({});
    expect(applyControl(removed, { kind: 'remove', roundNumber: 3, presenterId: 'a' })).toEqual({});
  });
});

describe('the live presenter across changes to the current round', () => {
  it('follows the live presenter when they move', () => {
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'moveUp', roundNumber: 1, presenterId: 'b' })).toMatchObject({
      presenter_index: 0,
    });
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'moveDown', roundNumber: 1, presenterId: 'b' })).toMatchObject({
      presenter_index: 2,
    });
  });

  it('follows the live presenter when a neighbour moves past them', () => {
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'moveUp', roundNumber: 1, presenterId: 'c' })).toMatchObject({
      presenter_index: 2,
    });
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'moveDown', roundNumber: 1, presenterId: 'a' })).toMatchObject({
      presenter_index: 0,
    });
  });

  it('leaves the index alone when the live presenter keeps their place', () => {
    const change = applyControl(state({ presenterIndex: 0 }), { kind: 'moveDown', roundNumber: 1, presenterId: 'c' });
    expect(change).toEqual({ rounds: { round_1: [entry('a'), entry('b'), entry('d'), entry('c')] } });
  });

  it('follows the live presenter when an earlier presenter is removed', () => {
    expect(applyControl(state({ presenterIndex: 2 }), { kind: 'remove', roundNumber: 1, presenterId: 'a' })).toEqual({
      rounds: { round_1: [entry('b'), entry('c'), entry('d')] },
      presenter_index: 1,
    });
  });

  it('makes the next presenter live when the live one is removed', () => {
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'remove', roundNumber: 1, presenterId: 'b' })).toEqual({
      rounds: { round_1: [entry('a'), entry('c'), entry('d')] },
    });
  });

  it("never leaves the index past the round's length", () => {
    expect(applyControl(state({ presenterIndex: 3 }), { kind: 'remove', roundNumber: 1, presenterId: 'd' })).toEqual({
      rounds: { round_1: [entry('a'), entry('b'), entry('c')] },
    });
    expect(applyControl(state({ presenterIndex: 4 }), { kind: 'remove', roundNumber: 1, presenterId: 'a' })).toEqual({
      rounds: { round_1: [entry('b'), entry('c'), entry('d')] },
      presenter_index: 3,
    });
  });

  it('leaves the index alone when none is live', () => {
    expect(applyControl(state(), { kind: 'remove', roundNumber: 1, presenterId: 'a' })).toEqual({
      rounds: { round_1: [entry('b'), entry('c'), entry('d')] },
    });
  });

  it('never touches the index for changes to other rounds', () => {
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'remove', roundNumber: 2, presenterId: 'x' })).toEqual({
      rounds: { round_2: [entry('y')] },
    });
    expect(applyControl(state({ presenterIndex: 1 }), { kind: 'moveUp', roundNumber: 2, presenterId: 'y' })).toEqual({
      rounds: { round_2: [entry('y'), entry('x')] },
    });
  });
});

describe('changing the number of rounds', () => {
  const order = { rounds: state().rounds, roundNumber: 1, presenterIndex: 2 };

  it('adds empty rounds and keeps the rest', () => {
    expect(changeRoundCount({ rounds: { round_1: [entry('a')] }, roundNumber: 1, presenterIndex: 0 }, 3)).toEqual({
      rounds: { round_1: [entry('a')], round_2: [], round_3: [] },
      roundNumber: 1,
      presenterIndex: 0,
      dropped: [],
    });
  });

  it('drops rounds and gives back the presenters they held', () => {
    expect(changeRoundCount(order, 1)).toEqual({
      rounds: { round_1: order.rounds.round_1 },
      roundNumber: 1,
      presenterIndex: 2,
      dropped: [entry('x'), entry('y')],
    });
  });

  it('clamps the current round and resets the index when the current round is dropped', () => {
    expect(changeRoundCount({ ...order, roundNumber: 3, presenterIndex: 0 }, 2)).toEqual({
      rounds: { round_1: order.rounds.round_1, round_2: order.rounds.round_2 },
      roundNumber: 2,
      presenterIndex: -1,
      dropped: [],
    });
    expect(changeRoundCount({ ...order, roundNumber: 2, presenterIndex: 1 }, 1)).toMatchObject({
      roundNumber: 1,
      presenterIndex: -1,
      dropped: [entry('x'), entry('y')],
    });
  });

  it('refuses a count below one round', () => {
    expect(() => changeRoundCount(order, 0)).toThrow(RangeError);
  });
});
