// The feedback a presenter takes home (events/{eventId}/feedback/{presenterId}), written
// by the matching reaction when the event shares feedback. firestore.rules lets only that presenter
// (their signed-up uid is their presenter id) and admins read it, so a read waits for the sign-in
// (anonymous for a presenter) first. Read once through Firestore Lite: it does not change while
// it is read, and a presenter's phone then never needs the full SDK.

import { doc, getDoc } from 'firebase/firestore/lite';
import { RATING_MAX } from '../../domain/constants';
import type { QuestionType } from '../../domain/documents';
import type { PresenterFeedback, QuestionFeedback } from '../types/feedback';
import { readOnlyConverter, toArray, toDate, toNumberOr, toRecord, toStringOr } from './converters';
import { liteDb } from './lite';
import { ensureSignedIn } from './session';

const QUESTION_TYPES: readonly QuestionType[] = ['stars', 'rating', 'text'];

function toQuestionFeedback(value: unknown): QuestionFeedback {
  const question = toRecord(value);
  const type = QUESTION_TYPES.find((known) => known === question.type) ?? 'stars';
  const head = { question_id: toStringOr(question.question_id, ''), title: toStringOr(question.title, ''), type };
  if (question.shared !== true) return { ...head, shared: false };
  const distribution = toArray(question.distribution)
    .slice(0, RATING_MAX)
    .map((count) => toNumberOr(count, 0));
  return {
    ...head,
    shared: true,
    count: toNumberOr(question.count, 0),
    mean: typeof question.mean === 'number' ? question.mean : null,
    distribution,
    comments: toArray(question.comments).filter((comment): comment is string => typeof comment === 'string'),
  };
}

const feedbackConverter = readOnlyConverter<PresenterFeedback>(
  'Feedback is written by the matching reaction, not by the app.',
  (id, data) => ({
    event_id: toStringOr(data.event_id, ''),
    presenter_id: toStringOr(data.presenter_id, id),
    event_title: toStringOr(data.event_title, ''),
    presenter_name: toStringOr(data.presenter_name, ''),
    questions: toArray(data.questions).map(toQuestionFeedback),
    written_at: toDate(data.written_at),
  }),
);

/** What a read of one presenter's feedback found. */
export type FeedbackRead =
  | { state: 'ready'; feedback: PresenterFeedback }
  /** None written for this presenter (not shared, not matched yet, or not a presenter of the event). */
  | { state: 'none' }
  /** The rules refused: it is another presenter's (or, for a presenter, another device's sign-in). */
  | { state: 'denied' };

const isDenied = (error: unknown) => (error as { code?: unknown } | null)?.code === 'permission-denied';

/**
 * A presenter's feedback for an event: the signed-in presenter's own, or, for an admin's preview,
 * `presenterId`'s. Throws when the read fails for any other reason than the rules.
 */
export async function getPresenterFeedback(eventId: string, presenterId?: string): Promise<FeedbackRead> {
  const user = await ensureSignedIn();
  const ref = doc(await liteDb(), 'events', eventId, 'feedback', presenterId ?? user.uid).withConverter(feedbackConverter);
  try {
    const feedback = (await getDoc(ref)).data();
    return feedback ? { state: 'ready', feedback } : { state: 'none' };
  } catch (error) {
    if (isDenied(error)) return { state: 'denied' };
    throw error;
  }
}
