// The rating questionnaire (questions/{question_id}), read in ascending question_number order. A
// question of a type this version does not know is left out (domain/questionTypes.ts): it is not
// asked, so no answer to it is written.

import { collection, getDocs, orderBy, query } from 'firebase/firestore';
import { parseQuestionType } from '../../domain/questionTypes';
import type { Question } from '../types/question';
import { readOnlyConverter, toNumberOr, toStringOr } from './converters';
import { db } from './firebase';

const questionConverter = readOnlyConverter<Question | null>(
  'Questions are maintained by admins, not through this reader.',
  (id, data) => {
    const type = parseQuestionType(data.type);
    if (type === null) return null;
    return {
      question_id: id,
      question_number: toNumberOr(data.question_number, 0),
      type,
      title: toStringOr(data.title, ''),
      questions: toStringOr(data.questions, ''),
      question: toStringOr(data.question, ''),
    };
  },
);

const questionsCollection = collection(db, 'questions').withConverter(questionConverter);

/** Every question of a known type, by ascending question_number. */
export async function getQuestions(): Promise<Question[]> {
  const snapshot = await getDocs(query(questionsCollection, orderBy('question_number', 'asc')));
  return snapshot.docs.flatMap((document) => document.data() ?? []);
}
