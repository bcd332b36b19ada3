// A rating question (questions/{question_id}), read in ascending question_number order.

export type QuestionType = 'stars' | 'rating' | 'text';

export interface Question {
  question_id: string;
  question_number: number;
  type: QuestionType;
  title: string;
  /** The prompt text. */
  questions: string;
  question: string;
}
