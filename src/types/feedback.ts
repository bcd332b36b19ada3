// The feedback a presenter takes home (events/{eventId}/feedback/{presenterId}): their
// ratings and comments per question without authors, as the matching reaction wrote them
// (domain/feedback.ts), with its time as a Date.

import type { PresenterFeedbackDocument } from '../../domain/feedback';

export type { QuestionFeedback, SharedQuestionFeedback } from '../../domain/feedback';

export type PresenterFeedback = PresenterFeedbackDocument<Date | null>;
