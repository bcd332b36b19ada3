// The questionnaire's question types: the one list (docs/architecture.md, "Question types"). For
// each type it says what an answer carries, whether matching counts it, and how insights sum it
// up; presenter feedback and exports follow from what the answer carries. Every reader, converter,
// export, insight, feedback builder, e-mail summary and the rehearsal's oracle take the types from
// here, and code whose behaviour depends on a type or an answer kind switches over it exhaustively,
// so adding a type here makes the compiler name every place that must handle it
// (tests/lint/questionTypeTrial.test.ts adds one on a scratch copy and checks which).
// firestore.rules cannot import this: tests/lint/questionTypeRules.test.ts holds its lists to it.
//
// A type that is not in the list (a question written by a newer version, or by hand) is unknown,
// and unknown is handled one way everywhere: the question and its answers are left out (not
// asked, not matched, not summed up, not exported) and nothing rewrites them; the rules refuse
// to store an answer of an unknown type.

/**
 * What an answer of a type holds, as a responses document stores it:
 * - 'rating': a whole number 1-5 in `rating` (or null when skipped), an optional comment in
 *   `comment`; `response` is null.
 * - 'written': the written answer in `response`; `rating` and `comment` are null.
 */
export type AnswerKind = 'rating' | 'written';

/** What insights show of a question: a chart of its ratings per presenter, or only its comments and answers. */
export type InsightsSummary = 'chart' | 'comments';

export type QuestionTypeTraits =
  | {
      answer: 'rating';
      /** Matching scores on its ratings (docs/matching.md); fair scores standardise them. */
      matching: boolean;
      insights: InsightsSummary;
    }
  | { answer: 'written'; matching: false; insights: 'comments' };

/** The question types, and what each means. */
export const QUESTION_TYPES = {
  /** 1-5 stars and an optional comment: the ratings matching scores on. */
  stars: { answer: 'rating', matching: true, insights: 'chart' },
  /** A 1-5 scale and an optional comment. */
  rating: { answer: 'rating', matching: false, insights: 'comments' },
  /** A written answer. */
  text: { answer: 'written', matching: false, insights: 'comments' },
} as const satisfies Record<string, QuestionTypeTraits>;

export type QuestionType = keyof typeof QUESTION_TYPES;

/** The types' names, in the list's order. */
export const QUESTION_TYPE_NAMES = Object.keys(QUESTION_TYPES) as readonly QuestionType[];

/** What an answer of `type` carries. */
export const answerKind = (type: QuestionType): AnswerKind => QUESTION_TYPES[type].answer;

/** Whether matching scores on answers of `type`. */
export const countsInMatching = (type: QuestionType): boolean => QUESTION_TYPES[type].matching;

/** What insights show of a question of `type`. */
export const insightsSummary = (type: QuestionType): InsightsSummary => QUESTION_TYPES[type].insights;

/** A stored type as this version knows it, or null when it is unknown (see above: left out). */
export function parseQuestionType(value: unknown): QuestionType | null {
  return typeof value === 'string' && Object.hasOwn(QUESTION_TYPES, value) ? (value as QuestionType) : null;
}

/** For the `default` of a switch the compiler has proven exhaustive: reached only by data it never typed. */
export function unhandled(value: never): never {
  throw new TypeError(`Unhandled case: ${String(value)}`);
}
