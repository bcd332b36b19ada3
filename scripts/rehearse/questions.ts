// The rehearsal's questionnaire: one question of each type of the list at least
// (domain/questionTypes.ts), so every type is asked, answered, matched or left out, summed up and
// mailed as in a real event (tests/scripts/rehearsalQuestions.test.ts holds it to the list).

import { QUESTION_TYPE_NAMES, type QuestionType } from '../../domain/questionTypes';
import type { QuestionPlan } from './record';

export type RehearsalQuestion = QuestionPlan & { question_number: number; questions: string };

export const QUESTIONS: RehearsalQuestion[] = [
  {
    question_id: 'q-clinical',
    question_number: 1,
    type: 'stars',
    title: 'Clinical validation',
    questions: 'How well can you support clinical validation and trials?',
  },
  {
    question_id: 'q-regulatory',
    question_number: 2,
    type: 'stars',
    title: 'Regulatory pathway',
    questions: 'How well can you support the regulatory pathway?',
  },
  {
    question_id: 'q-funding',
    question_number: 3,
    type: 'stars',
    title: 'Funding',
    questions: 'How well can you support funding and investment?',
  },
  {
    question_id: 'q-overall',
    question_number: 4,
    type: 'rating',
    title: 'Overall',
    questions: 'How promising is this innovation overall?',
  },
  {
    question_id: 'q-notes',
    question_number: 5,
    type: 'text',
    title: 'Notes',
    questions: 'Anything you would like the presenter to know?',
  },
];

/** The types of the list no question of the rehearsal asks (none: the rehearsal covers every type). */
export function typesNotAsked(questions: readonly { type: QuestionType }[] = QUESTIONS): QuestionType[] {
  const asked = new Set(questions.map((question) => question.type));
  return QUESTION_TYPE_NAMES.filter((type) => !asked.has(type));
}
