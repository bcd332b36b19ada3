// A provider's answer to one question about one presenter (responses/{response_id}), and the
// answer a screen hands to saveResponses().

import type { QuestionType, ResponseDocument } from '../../domain/documents';

/** A stored answer with its id, `${provider_id}_${event_id}_${presenter_id}_${question_id}`. */
export interface ProviderResponse extends Omit<ResponseDocument, 'updated_at'> {
  response_id: string;
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
