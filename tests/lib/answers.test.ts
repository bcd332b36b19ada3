// Answers: checked and tidied before saving, and rebuilt from saved responses.

import { describe, expect, it } from 'vitest';
import { answeredPresenterIds, answersFor, normaliseAnswer } from '../../src/lib/answers';
import type { Answer, ProviderResponse } from '../../src/types/response';

const answer = (changes: Partial<Answer> = {}): Answer => ({
  question_id: 'q1',
  type: 'stars',
  rating: 4,
  comment: null,
  response: null,
  ...changes,
});

describe('normaliseAnswer', () => {
  it('keeps whole ratings from 1 to 5 and no rating', () => {
    for (const rating of [1, 5, null]) expect(normaliseAnswer(answer({ rating })).rating).toBe(rating);
  });

  it('refuses ratings outside 1-5 or between whole stars', () => {
    for (const rating of [0, 6, 3.5, Number.NaN]) expect(() => normaliseAnswer(answer({ rating }))).toThrow(RangeError);
  });

  it('trims texts, stores blank ones as null and refuses more than 1000 characters', () => {
    expect(normaliseAnswer(answer({ comment: '  ok  ', response: '   ' }))).toMatchObject({ comment: 'ok', response: null });
    expect(normaliseAnswer(answer({ comment: 'x'.repeat(1000) })).comment).toHaveLength(1000);
    expect(() => normaliseAnswer(answer({ comment: 'x'.repeat(1001) }))).toThrow(RangeError);
    expect(() => normaliseAnswer(answer({ type: 'text', rating: null, response: 'y'.repeat(1001) }))).toThrow(RangeError);
  });

  it("keeps only the fields the type's answer carries", () => {
    expect(normaliseAnswer(answer({ type: 'rating', rating: 3, comment: 'fine', response: 'stray' }))).toEqual({
      question_id: 'q1',
      type: 'rating',
      rating: 3,
      comment: 'fine',
      response: null,
    });
    expect(normaliseAnswer(answer({ type: 'text', rating: 2, comment: 'stray', response: ' Notes ' }))).toEqual({
      question_id: 'q1',
      type: 'text',
      rating: null,
      comment: null,
      response: 'Notes',
    });
  });

  it('refuses an answer without its question', () => {
    expect(() => normaliseAnswer(answer({ question_id: '' }))).toThrow(RangeError);
  });
});

describe('saved answers', () => {
  const saved = (presenter_id: string, question_id: string, rating: number | null): ProviderResponse => ({
    response_id: `u_e_${presenter_id}_${question_id}`,
    question_id,
    presenter_id,
    provider_id: 'u',
    event_id: 'e',
    type: 'stars',
    rating,
    comment: null,
    response: null,
  });
  const responses = [saved('a', 'q1', 3), saved('a', 'q2', 5), saved('b', 'q1', 1)];

  it("rebuilds one presenter's answers by question", () => {
    expect(answersFor(responses, 'a')).toEqual({
      q1: { question_id: 'q1', type: 'stars', rating: 3, comment: null, response: null },
      q2: { question_id: 'q2', type: 'stars', rating: 5, comment: null, response: null },
    });
  });

  it('lists the presenters answered about', () => {
    expect([...answeredPresenterIds(responses)].sort()).toEqual(['a', 'b']);
  });
});
