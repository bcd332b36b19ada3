// The rehearsal's questionnaire and how its providers answer it, by question type and answer kind
// (domain/questionTypes.ts), in this one module: one question of each type of the list at least,
// so every type is asked, answered, matched or left out, summed up and mailed as in a real event
// (tests/scripts/rehearsalQuestions.test.ts holds it to the list); the answer a provider gives
// (also the matching benchmark's), the edit that changes it, and how a phone gives it through the
// question's own input. A new type or kind is named by the compiler here, in each switch below.

import type { Locator } from 'playwright-core';
import { answerKind, QUESTION_TYPE_NAMES, unhandled, type QuestionType } from '../../domain/questionTypes';
import { randomStars, type GivenAnswer, type QuestionPlan } from './record';

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

/**
 * A random but recorded set of answers to the questions: each question answered with 90%
 * probability (at least one answered), stars and ratings 1-5, comments on some.
 */
export function randomAnswers(random: () => number, questions: readonly QuestionPlan[], label: string): GivenAnswer[] {
  const answers: GivenAnswer[] = [];
  for (const question of questions) {
    if (random() >= 0.9) continue;
    answers.push(answerFor(random, question, label));
  }
  const first = questions[0];
  if (answers.length === 0 && first) answers.push(answerFor(random, first, label));
  return answers;
}

/** One answer as a provider of the room would give it: one case per question type (domain/questionTypes.ts). */
export function answerFor(random: () => number, question: QuestionPlan, label: string): GivenAnswer {
  const { question_id, type } = question;
  const withComment = (rating: number): GivenAnswer => ({
    question_id,
    type,
    rating,
    comment: random() < 0.3 ? `Comment from ${label}` : null,
    response: null,
  });
  switch (type) {
    case 'stars':
      return withComment(randomStars(random));
    case 'rating':
      return withComment(1 + Math.floor(random() * 5));
    case 'text':
      return { question_id, type, rating: null, comment: null, response: `Notes from ${label}` };
  }
}

/**
 * A changed answer to the question `before` answered: a new answer, with another rating when its
 * kind carries one (the edit must change what is stored, or no check could see it was kept).
 */
export function editedAnswer(random: () => number, question: QuestionPlan, before: GivenAnswer, label: string): GivenAnswer {
  const replacement = answerFor(random, question, `${label} (edited)`);
  const kind = answerKind(replacement.type);
  switch (kind) {
    case 'rating':
      return replacement.rating === before.rating ? { ...replacement, rating: ((before.rating ?? 1) % 5) + 1 } : replacement;
    case 'written':
      return replacement;
  }
}

/** The star meanings, as the questionnaire labels its stars (the spec's section 2). */
const STAR_MEANINGS: Record<number, string> = {
  1: 'Limited knowledge/support',
  2: 'Can help with some basic needs',
  3: 'Moderate support',
  4: 'Broad service offerings',
  5: 'Full-service',
};

/** Gives one answer through the question's own input (`region`, the question's region on the questionnaire). */
export async function answerOnPhone(region: Locator, answer: GivenAnswer): Promise<void> {
  switch (answer.type) {
    case 'stars':
      if (answer.rating !== null) {
        const label = `${answer.rating} Star${answer.rating === 1 ? '' : 's'}: ${STAR_MEANINGS[answer.rating]}`;
        await region.locator('label', { hasText: label }).click();
      }
      await region.getByLabel('Comments').fill(answer.comment ?? '');
      return;
    case 'rating':
      if (answer.rating !== null) {
        const button = region.getByRole('button', { name: `${answer.rating} of 5` });
        if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
      }
      await region.getByLabel('Comments').fill(answer.comment ?? '');
      return;
    case 'text':
      await region.getByLabel('Your answer').fill(answer.response ?? '');
      return;
    default:
      return unhandled(answer.type);
  }
}
