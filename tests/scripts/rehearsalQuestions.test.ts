// The rehearsal asks every question type of the one list (domain/questionTypes.ts), so a new type
// is rehearsed as soon as it is listed: this fails, naming the rehearsal's questions, until one of
// its questions asks it. An edited answer always changes what is stored.

import { describe, expect, it } from 'vitest';
import { QUESTION_TYPE_NAMES } from '../../domain/questionTypes';
import { answerFor, editedAnswer, QUESTIONS, typesNotAsked } from '../../scripts/rehearse/questions';
import { seededRandom } from '../../scripts/rehearse/record';

describe("the rehearsal's questions", () => {
  it('ask every type of the list', () => {
    expect(typesNotAsked(), "scripts/rehearse/questions.ts's QUESTIONS ask no question of these types").toEqual([]);
  });

  it('name a type the list has and no question asks', () => {
    expect(typesNotAsked(QUESTIONS.filter((question) => question.type !== QUESTION_TYPE_NAMES[0]))).toEqual([
      QUESTION_TYPE_NAMES[0],
    ]);
  });

  it('are edited into an answer that stores something else, whatever the type', () => {
    const random = seededRandom(7);
    for (const question of QUESTIONS) {
      for (let round = 0; round < 50; round++) {
        const before = answerFor(random, question, 'provider 1');
        const after = editedAnswer(random, question, before, 'provider 1');
        expect([after.rating, after.comment, after.response]).not.toEqual([before.rating, before.comment, before.response]);
      }
    }
  });
});
