// The one list of question types (domain/questionTypes.ts): a stored type is known only when the
// list names it, so an unknown or damaged one is null (left out), never read as another type.

import { describe, expect, it } from 'vitest';
import { answerKind, countsInMatching, parseQuestionType, QUESTION_TYPE_NAMES } from '../../domain/questionTypes';

describe('question types', () => {
  it("parses each type of the list as itself, the spec's three among them", () => {
    expect(QUESTION_TYPE_NAMES).toEqual(expect.arrayContaining(['stars', 'rating', 'text']));
    for (const type of QUESTION_TYPE_NAMES) expect(parseQuestionType(type)).toBe(type);
  });

  it('reads an unknown, differently written or non-text type as unknown', () => {
    for (const stored of ['yesno', 'Stars', '', 'constructor', 'toString', null, undefined, 3, { type: 'stars' }]) {
      expect(parseQuestionType(stored)).toBeNull();
    }
  });

  it("says what the spec's types carry and that matching counts only 'stars' of them", () => {
    expect((['stars', 'rating', 'text'] as const).map(answerKind)).toEqual(['rating', 'rating', 'written']);
    expect((['stars', 'rating', 'text'] as const).filter(countsInMatching)).toEqual(['stars']);
  });
});
