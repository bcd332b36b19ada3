// The questionnaire's answers, by what their kind carries (domain/questionTypes.ts): checked and
// tidied before they are saved, rebuilt from saved responses when a provider comes back to a
// presenter, and laid out in the exports' answer columns. An answer kind's fields are decided here
// and nowhere else in the app.

import { COMMENT_MAX_LENGTH, RATING_MAX } from '../../domain/constants';
import { answerKind } from '../../domain/questionTypes';
import type { Answer, ProviderResponse } from '../types/response';

function blankToNull(text: string | null): string | null {
  if (text === null) return null;
  return text.trim() === '' ? null : text.trim();
}

/**
 * The answer as it is stored: blank texts become null, and the fields its type's answer does not
 * carry (domain/questionTypes.ts) are null, as the rules demand. Throws RangeError when a rating is not a
 * whole number from 1 to 5 or a comment or text answer is longer than 1000 characters.
 */
export function normaliseAnswer(answer: Answer): Answer {
  const { rating } = answer;
  if (rating !== null && (!Number.isInteger(rating) || rating < 1 || rating > RATING_MAX)) {
    throw new RangeError(`A rating is a whole number from 1 to ${RATING_MAX}.`);
  }
  const comment = blankToNull(answer.comment);
  const response = blankToNull(answer.response);
  if ((comment?.length ?? 0) > COMMENT_MAX_LENGTH || (response?.length ?? 0) > COMMENT_MAX_LENGTH) {
    throw new RangeError(`A comment has at most ${COMMENT_MAX_LENGTH} characters.`);
  }
  if (answer.question_id === '') throw new RangeError('An answer needs its question.');
  const kind = answerKind(answer.type);
  switch (kind) {
    case 'rating':
      return { question_id: answer.question_id, type: answer.type, rating, comment, response: null };
    case 'written':
      return { question_id: answer.question_id, type: answer.type, rating: null, comment: null, response };
  }
}

/** An answer's cells in the exports' 'Stars', 'Comment' and 'Text response' columns, as stored (not yet escaped). */
export interface AnswerColumns {
  stars: number | null;
  comment: string;
  textResponse: string;
}

/** Which export column each of a stored answer's fields goes to, by what its kind carries. */
export function answerColumns(answer: Pick<Answer, 'type' | 'rating' | 'comment' | 'response'>): AnswerColumns {
  const kind = answerKind(answer.type);
  switch (kind) {
    case 'rating':
      return { stars: answer.rating, comment: answer.comment ?? '', textResponse: '' };
    case 'written':
      return { stars: null, comment: '', textResponse: answer.response ?? '' };
  }
}

/** The saved answers about one presenter, by question id (to fill the questionnaire in again). */
export function answersFor(responses: readonly ProviderResponse[], presenterId: string): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  for (const saved of responses) {
    if (saved.presenter_id !== presenterId) continue;
    answers[saved.question_id] = {
      question_id: saved.question_id,
      type: saved.type,
      rating: saved.rating,
      comment: saved.comment,
      response: saved.response,
    };
  }
  return answers;
}

/** The presenters the provider has saved answers about. */
export function answeredPresenterIds(responses: readonly ProviderResponse[]): Set<string> {
  return new Set(responses.map((saved) => saved.presenter_id));
}
