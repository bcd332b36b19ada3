// The presenters screen's queue, derived from the event document.

import { describe, expect, it } from 'vitest';
import { buildQueue, groupQueue } from '../../domain/queue';
import type { PresenterEntry } from '../../domain/documents';

const entry = (presenter_id: string, first_name = presenter_id, last_name = 'X'): PresenterEntry => ({
  presenter_id,
  first_name,
  last_name,
});

const rounds = {
  round_2: [entry('c'), entry('d'), entry('r', 'session', 'results')],
  round_1: [entry('a'), entry('b'), entry('n', 'announcement', 'Break')],
  round_3: [entry('e')],
};

describe('buildQueue', () => {
  it('lists every round in order with positions, kinds and statuses', () => {
    const queue = buildQueue({ rounds, roundNumber: 2, presenterIndex: 1 }, new Set());
    expect(queue.map((item) => [item.presenter_id, item.roundNumber, item.position, item.status, item.kind])).toEqual([
      ['a', 1, 0, 'Finished', 'presenter'],
      ['b', 1, 1, 'Finished', 'presenter'],
      ['n', 1, 2, 'Finished', 'announcement'],
      ['c', 2, 0, 'Finished', 'presenter'],
      ['d', 2, 1, 'Live', 'presenter'],
      ['r', 2, 2, 'Up Next', 'results'],
      ['e', 3, 0, 'Up Next', 'presenter'],
    ]);
  });

  it('marks answered presenters Completed once finished, never special entries', () => {
    const queue = buildQueue({ rounds, roundNumber: 2, presenterIndex: 1 }, new Set(['a', 'd', 'e', 'n']));
    const status = Object.fromEntries(queue.map((item) => [item.presenter_id, item.status]));
    expect(status).toMatchObject({ a: 'Completed', b: 'Finished', n: 'Finished', d: 'Live', e: 'Up Next' });
  });

  it('gives an empty queue for an event without rounds', () => {
    expect(buildQueue({ rounds: {}, roundNumber: 1, presenterIndex: 0 }, new Set())).toEqual([]);
  });
});

describe('groupQueue', () => {
  it('groups entries as Live, Up Next, Finished and Completed in running order', () => {
    const groups = groupQueue(buildQueue({ rounds, roundNumber: 2, presenterIndex: 1 }, new Set(['c'])));
    const ids = (items: { presenter_id: string }[]) => items.map((item) => item.presenter_id);
    expect(ids(groups.live)).toEqual(['d']);
    expect(ids(groups.upNext)).toEqual(['r', 'e']);
    expect(ids(groups.finished)).toEqual(['a', 'b', 'n']);
    expect(ids(groups.completed)).toEqual(['c']);
  });
});
