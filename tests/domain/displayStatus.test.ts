// Display status of the presenter list and the queue's special entries.

import { describe, expect, it } from 'vitest';
import { displayStatus, entryKind } from '../../domain/displayStatus';

describe('displayStatus', () => {
  it('marks earlier entries Finished, the live one Live and later ones Up Next', () => {
    expect([0, 1, 2].map((position) => displayStatus(position, 1, false))).toEqual(['Finished', 'Live', 'Up Next']);
  });

  it('marks a Finished presenter with saved answers Completed, and only a Finished one', () => {
    expect(displayStatus(0, 1, true)).toBe('Completed');
    expect(displayStatus(1, 1, true)).toBe('Live');
    expect(displayStatus(2, 1, true)).toBe('Up Next');
  });

  it('shows everyone Up Next before anyone is live, and Finished after Complete All', () => {
    expect([0, 1].map((position) => displayStatus(position, -1, false))).toEqual(['Up Next', 'Up Next']);
    expect([0, 1].map((position) => displayStatus(position, 2, false))).toEqual(['Finished', 'Finished']);
  });
});

describe('entryKind', () => {
  it("recognises 'session results' and 'announcement' entries", () => {
    expect(entryKind({ first_name: 'session', last_name: 'results' })).toBe('results');
    expect(entryKind({ first_name: 'Session ', last_name: 'Results' })).toBe('results');
    expect(entryKind({ first_name: 'announcement', last_name: 'Coffee break' })).toBe('announcement');
    expect(entryKind({ first_name: 'Ada', last_name: 'Okafor' })).toBe('presenter');
    expect(entryKind({ first_name: 'session', last_name: 'break' })).toBe('presenter');
  });
});
