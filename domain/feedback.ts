// Feedback presenters take home: when the event shares feedback with its
// presenters, the matching reaction writes each presenter what the providers said about their
// pitch, question by question: how many rated, the mean, how the ratings spread over 1-5 stars,
// and the comments, none with its author. Pure, so the Cloud Function, the local worker and the
// tests run the same code.
//
// Where the product's choices are silent, this module decides (and its tests pin down):
// - A question is shared only when at least FEEDBACK_MIN_RATERS providers gave it a rating (a
//   'text' question: a written answer); with fewer, nothing of it is shared, not even the count,
//   so that no rater can be picked out. Comments follow their question: a comment on a question
//   not shared is not shared.
// - What a question shows follows what its answers carry (domain/questionTypes.ts): rated
//   questions ('stars', 'rating') carry the count, mean, distribution and comments; a written
//   one's ('text') answers are its comments (the questionnaire says they are shared too).
// - The stored document's shape is built here and read back here (parsePresenterFeedback), for the
//   app's page and the result e-mail alike; a question of an unknown type is left out.
// - One answer per provider and question counts, the latest (as in matching); a rating counts
//   when it is a whole number from 1 to 5. Comments are trimmed, empty ones dropped, and sorted
//   by their text: neither the order of answering nor the provider's id shows through.
// - Every question of the questionnaire is listed, in question_number order, so the presenter
//   sees which ones had too few ratings.

import { RATING_MAX, RATING_MIN } from './constants.js';
import type { QuestionDocument } from './documents.js';
import { answerKind, parseQuestionType, type AnswerKind, type QuestionType } from './questionTypes.js';

/** The fewest raters a question needs before anything of it is shared. */
export const FEEDBACK_MIN_RATERS = 3;

/** What the presenter reads in place of a question with too few raters. */
export const NOT_ENOUGH_RATINGS = 'Not enough ratings to share';

/** One stored answer, as feedback reads it. */
export interface FeedbackAnswer {
  provider_id: string;
  presenter_id: string;
  question_id: string;
  event_id: string;
  rating: number | null;
  comment: string | null;
  response: string | null;
  /** The response's updated_at in ms: of two answers to one question, the later counts. */
  answeredAt?: number;
}

/** A question as feedback lists it. */
export type FeedbackQuestion = Pick<QuestionDocument, 'question_number' | 'type' | 'title'> & { question_id: string };

/** A question nobody may see the answers of: fewer than FEEDBACK_MIN_RATERS raters. */
export interface WithheldQuestionFeedback {
  question_id: string;
  title: string;
  type: QuestionType;
  shared: false;
}

/** What every shared question says: which it is and how many answered. */
interface SharedHead {
  question_id: string;
  title: string;
  type: QuestionType;
  shared: true;
  /** Providers who rated it (for a written question: who wrote an answer). */
  count: number;
}

/** A rated question's answers ('stars', 'rating'), without their authors. */
export interface SharedRatingFeedback extends SharedHead {
  /** The answer kind of its type (domain/questionTypes.ts): what the rest of the shape holds. */
  answer: 'rating';
  /** The mean rating. */
  mean: number;
  /** Ratings per star, 1 to 5 (index 0 is 1 star). */
  distribution: number[];
  /** The comments, sorted by their text. */
  comments: string[];
}

/** A written question's answers ('text'), without their authors. */
export interface SharedWrittenFeedback extends SharedHead {
  answer: 'written';
  /** The written answers, sorted by their text (stored as `comments`, the field's name since feedback began). */
  comments: string[];
}

/** A shared question: one shape per answer kind, so every reader switches on `answer` and the compiler names a new kind's readers. */
export type SharedQuestionFeedback = SharedRatingFeedback | SharedWrittenFeedback;

export type QuestionFeedback = WithheldQuestionFeedback | SharedQuestionFeedback;

/** events/{eventId}/feedback/{presenterId}: written by the matching reaction only. */
export interface PresenterFeedbackDocument<Time = unknown> {
  event_id: string;
  presenter_id: string;
  /** The event's title and the presenter's name when matching ran, so the page needs one read. */
  event_title: string;
  presenter_name: string;
  /** The questionnaire's questions, in order. */
  questions: QuestionFeedback[];
  /** When matching wrote it. */
  written_at: Time;
}

const isWholeRating = (rating: unknown): rating is number =>
  typeof rating === 'number' && Number.isInteger(rating) && rating >= RATING_MIN && rating <= RATING_MAX;

const cleanText = (value: string | null): string => (typeof value === 'string' ? value.trim() : '');

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The latest answer of each provider to each question, of this event and presenter only. */
function latestAnswers(eventId: string, presenterId: string, answers: readonly FeedbackAnswer[]): Map<string, FeedbackAnswer[]> {
  const latest = new Map<string, FeedbackAnswer>();
  for (const answer of answers) {
    if (answer.event_id !== eventId || answer.presenter_id !== presenterId) continue;
    const key = `${answer.question_id}\n${answer.provider_id}`;
    const held = latest.get(key);
    if (!held || (answer.answeredAt ?? Number.POSITIVE_INFINITY) >= (held.answeredAt ?? Number.POSITIVE_INFINITY)) {
      latest.set(key, answer);
    }
  }
  const byQuestion = new Map<string, FeedbackAnswer[]>();
  for (const answer of latest.values()) {
    byQuestion.set(answer.question_id, [...(byQuestion.get(answer.question_id) ?? []), answer]);
  }
  return byQuestion;
}

/** One question's feedback from its answers (one per provider). */
export function questionFeedback(question: FeedbackQuestion, answers: readonly FeedbackAnswer[]): QuestionFeedback {
  const kind = answerKind(question.type);
  switch (kind) {
    case 'written':
      return writtenFeedback(question, answers);
    case 'rating':
      return ratedFeedback(question, answers);
  }
}

function writtenFeedback({ question_id, title, type }: FeedbackQuestion, answers: readonly FeedbackAnswer[]): QuestionFeedback {
  const written = answers.map((answer) => cleanText(answer.response)).filter((text) => text !== '');
  if (written.length < FEEDBACK_MIN_RATERS) return { question_id, title, type, shared: false };
  return {
    question_id,
    title,
    type,
    shared: true,
    answer: 'written',
    count: written.length,
    comments: written.sort(byText),
  };
}

function ratedFeedback({ question_id, title, type }: FeedbackQuestion, answers: readonly FeedbackAnswer[]): QuestionFeedback {
  const withheld: WithheldQuestionFeedback = { question_id, title, type, shared: false };
  const ratings = answers.map((answer) => answer.rating).filter(isWholeRating);
  if (ratings.length < FEEDBACK_MIN_RATERS) return withheld;
  const distribution = Array.from({ length: RATING_MAX }, () => 0);
  for (const rating of ratings) distribution[rating - RATING_MIN] = (distribution[rating - RATING_MIN] ?? 0) + 1;
  const comments = answers.map((answer) => cleanText(answer.comment)).filter((text) => text !== '');
  return {
    question_id,
    title,
    type,
    shared: true,
    answer: 'rating',
    count: ratings.length,
    mean: ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length,
    distribution,
    comments: comments.sort(byText),
  };
}

/** A presenter's feedback for an event: every question, in order, from the event's answers. */
export function presenterFeedback(
  eventId: string,
  presenterId: string,
  questions: readonly FeedbackQuestion[],
  answers: readonly FeedbackAnswer[],
): QuestionFeedback[] {
  const byQuestion = latestAnswers(eventId, presenterId, answers);
  return [...questions]
    .sort((a, b) => a.question_number - b.question_number || byText(a.question_id, b.question_id))
    .map((question) => questionFeedback(question, byQuestion.get(question.question_id) ?? []));
}

/** A mean as the presenter reads it: one decimal. */
export const formatMean = (mean: number): string => mean.toFixed(1);

/** What one answer of a kind is called where feedback counts them: '3 ratings', '4 answers'. */
export function feedbackUnit(kind: AnswerKind): string {
  switch (kind) {
    case 'rating':
      return 'rating';
    case 'written':
      return 'answer';
  }
}

/** One line per question, as the result e-mail and the page's summary say it. */
export function feedbackSummaryLine(question: QuestionFeedback): string {
  if (!question.shared) return `${question.title}: ${NOT_ENOUGH_RATINGS}`;
  const raters = `${question.count} ${feedbackUnit(question.answer)}${question.count === 1 ? '' : 's'}`;
  switch (question.answer) {
    case 'rating':
      return `${question.title}: ${formatMean(question.mean)} of ${RATING_MAX} from ${raters}`;
    case 'written':
      return `${question.title}: ${raters}`;
  }
}

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const textOr = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * One stored question of a feedback document, read defensively (a hand edit, another version):
 * null when its type is unknown (left out, as everywhere) or a shared one lacks what its kind
 * needs (a count; for ratings, a mean). Its shape follows its type's answer kind, whatever the
 * document says.
 */
export function parseQuestionFeedback(value: unknown): QuestionFeedback | null {
  const question = recordOf(value);
  const type = parseQuestionType(question.type);
  if (type === null) return null;
  const head = { question_id: textOr(question.question_id, ''), title: textOr(question.title, ''), type };
  if (question.shared !== true) return { ...head, shared: false };
  if (!finite(question.count)) return null;
  const shared = { ...head, shared: true as const, count: question.count };
  const comments = (Array.isArray(question.comments) ? question.comments : []).filter(
    (comment): comment is string => typeof comment === 'string',
  );
  const kind = answerKind(type);
  switch (kind) {
    case 'rating': {
      if (!finite(question.mean)) return null;
      const distribution = Array.isArray(question.distribution) ? question.distribution : [];
      return {
        ...shared,
        answer: kind,
        mean: question.mean,
        distribution: distribution.slice(0, RATING_MAX).map((count) => (finite(count) ? count : 0)),
        comments,
      };
    }
    case 'written':
      return { ...shared, answer: kind, comments };
  }
}

/** A stored feedback document's questions, those of unknown types left out. */
export function parseFeedbackQuestions(value: unknown): QuestionFeedback[] {
  return (Array.isArray(value) ? value : []).flatMap((question) => parseQuestionFeedback(question) ?? []);
}

/** A stored feedback document, its time read by `time` (a Date in the app, ms in the functions). */
export function parsePresenterFeedback<Time>(
  id: string,
  data: Record<string, unknown>,
  time: (value: unknown) => Time,
): PresenterFeedbackDocument<Time> {
  return {
    event_id: textOr(data.event_id, ''),
    presenter_id: textOr(data.presenter_id, id),
    event_title: textOr(data.event_title, ''),
    presenter_name: textOr(data.presenter_name, ''),
    questions: parseFeedbackQuestions(data.questions),
    written_at: time(data.written_at),
  };
}
