// What the insights page shows of each question about a presenter, by the question's insights
// summary and its answers' kind (domain/questionTypes.ts), computed and shown in this one module:
// the figure's shape, how it is summed up from the answers, what of an answer joins the
// presenter's comments, and how the card draws the figure. A new summary or answer kind is named
// by the compiler here, in each switch below, and nowhere else on the page.

import type { JSX } from 'react';
import { RATING_MAX, RATING_MIN } from '../../../domain/constants';
import { answerKind, insightsSummary } from '../../../domain/questionTypes';
import type { TimedResponse } from '../../lib/exportRows';
import type { Question } from '../../types/question';
import { StarsChart, type ChartStats } from './StarsChart';

/** A chart of one rated question's ratings about the presenter (the 'chart' summary). */
export interface QuestionStats extends ChartStats {
  summary: 'chart';
  questionId: string;
}

/**
 * What insights show of one question about a presenter, one shape per summary: the card switches
 * on `summary`. A 'comments' question has no figure of its own: its answers are among the
 * presenter's comments.
 */
export type QuestionInsight = QuestionStats;

const STAR_VALUES = RATING_MAX - RATING_MIN + 1;

/** One star question's ratings: their count, mean and distribution. */
function questionStats(question: Question, ratings: number[]): QuestionStats {
  const distribution = Array.from(
    { length: STAR_VALUES },
    (_, index) => ratings.filter((rating) => rating === index + RATING_MIN).length,
  );
  const mean = ratings.length === 0 ? 0 : ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
  return { summary: 'chart', questionId: question.question_id, title: question.title, count: ratings.length, mean, distribution };
}

/** The whole-number ratings 1-5 among answers. */
const ratingsOf = (answers: readonly TimedResponse[]): number[] =>
  answers
    .map((response) => response.rating)
    .filter((rating): rating is number => rating !== null && rating >= RATING_MIN && rating <= RATING_MAX);

/** A question's figure about one presenter from their answers to it, by its summary; null for none. */
export function questionInsight(question: Question, answers: readonly TimedResponse[]): QuestionInsight | null {
  const summary = insightsSummary(question.type);
  switch (summary) {
    case 'chart':
      return questionStats(question, ratingsOf(answers));
    case 'comments':
      return null;
  }
}

/** What of an answer shows among the comments, by what its kind carries: a rating's comment, a written answer. */
export function commentTexts(response: TimedResponse): (string | null)[] {
  const kind = answerKind(response.type);
  switch (kind) {
    case 'rating':
      return [response.comment];
    case 'written':
      return [response.response];
  }
}

/** One question's figure on the presenter's card, by its summary. */
export function QuestionFigure({ figure }: { figure: QuestionInsight }): JSX.Element {
  switch (figure.summary) {
    case 'chart':
      return <StarsChart stats={figure} />;
  }
}
