// A provider's answer to one question about one presenter (responses/{response_id}), and the
// answer a screen hands to saveResponses().

import type { QuestionType } from './question';

export interface Response {
  /** `${provider_id}_${event_id}_${presenter_id}_${question_id}`: one answer per question. */
  response_id: string;
  question_id: string;
  presenter_id: string;
  provider_id: string;
  event_id: string;
  type: QuestionType;
  /** Whole stars 1-5, or null. */
  rating: number | null;
  /** At most 1000 characters, or null. */
  comment: string | null;
  /** The text answer, or null. */
  response: string | null;
}

/** What the questionnaire collects for one question. */
export interface Answer {
  question_id: string;
  type: QuestionType;
  rating: number | null;
  comment: string | null;
  response: string | null;
}

/**
 * The outcome of saving answers: they are in the device's cache when this is returned (kept
 * through a drop-out); `synced` resolves once the server has confirmed them and rejects if the
 * server refused them.
 */
export interface SaveOutcome {
  synced: Promise<void>;
}
