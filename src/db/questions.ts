// The rating questionnaire (questions/{question_id}), read in ascending question_number order.

import { collection, getDocs, orderBy, query } from 'firebase/firestore';
import type { Question, QuestionType } from '../types/question';
import { readOnlyConverter, toNumberOr, toStringOr } from './converters';
import { db } from './firebase';

const QUESTION_TYPES: readonly QuestionType[] = ['stars', 'rating', 'text'];

function toQuestionType(value: unknown): QuestionType {
  return QUESTION_TYPES.find((type) => type === value) ?? 'text';
}

const questionConverter = readOnlyConverter<Question>(
  'Questions are maintained by admins, not through this reader.',
  (id, data) => ({
    question_id: id,
    question_number: toNumberOr(data.question_number, 0),
    type: toQuestionType(data.type),
    title: toStringOr(data.title, ''),
    questions: toStringOr(data.questions, ''),
    question: toStringOr(data.question, ''),
  }),
);

const questionsCollection = collection(db, 'questions').withConverter(questionConverter);

/** Every question, by ascending question_number. */
export async function getQuestions(): Promise<Question[]> {
  const snapshot = await getDocs(query(questionsCollection, orderBy('question_number', 'asc')));
  return snapshot.docs.map((document) => document.data());
}
