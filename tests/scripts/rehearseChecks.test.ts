// What a rehearsal counts as must-never-happen (scripts/rehearse/checks.ts): the checks that fail
// `npm run rehearse` and its test.

import { describe, expect, it } from 'vitest';
import { failuresOf } from '../../scripts/rehearse/checks';

const allStored = { lost: [], wrong: [], unexpected: [] };
const allSentOnce = { expected: 4, duplicated: [], missing: [], unexpected: [] };

describe("a rehearsal's failures", () => {
  it("are none when every answer is stored, the matches are the oracle's and each e-mail went once", () => {
    expect(failuresOf(allStored, [], allSentOnce, 12, 0)).toEqual([]);
  });

  it('count SDK providers that could not start, which rate nothing and so escape the other checks', () => {
    expect(failuresOf(allStored, [], allSentOnce, 12, 3)).toEqual(['3 SDK providers could not start (see the errors)']);
  });

  it('count a lost answer and a missing e-mail, each with what it was', () => {
    const failures = failuresOf({ ...allStored, lost: ['p1_q1'] }, [], { ...allSentOnce, missing: ['a@example.com'] }, 12, 0);
    expect(failures).toEqual([
      expect.stringMatching(/^1 answers given and never stored \(.*p1_q1/),
      expect.stringMatching(/^1 recipients got no result e-mail/),
    ]);
  });
});
