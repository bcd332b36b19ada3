// A rating question (questions/{question_id}), read in ascending question_number order.

import type { QuestionDocument } from '../../domain/documents';

export type { QuestionType } from '../../domain/documents';

export interface Question extends QuestionDocument {
  question_id: string;
}
