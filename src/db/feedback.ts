// The feedback a presenter takes home (events/{eventId}/feedback/{presenterId}), written
// by the matching reaction when the event shares feedback. firestore.rules lets only that presenter
// (their signed-up uid is their presenter id) and admins read it, so a read waits for the sign-in
// (anonymous for a presenter) first. Read once through Firestore Lite: it does not change while
// it is read, and a presenter's phone then never needs the full SDK.

import { doc, getDoc } from 'firebase/firestore/lite';
import { parsePresenterFeedback } from '../../domain/feedback';
import type { PresenterFeedback } from '../types/feedback';
import { readOnlyConverter, toDate } from './converters';
import { liteDb } from './lite';
import { ensureSignedIn } from './session';

// The stored shape is read as domain/feedback.ts builds it; a question of an unknown type is left out.
const feedbackConverter = readOnlyConverter<PresenterFeedback>(
  'Feedback is written by the matching reaction, not by the app.',
  (id, data) => parsePresenterFeedback(id, data, toDate),
);

/** What a read of one presenter's feedback found. */
export type FeedbackRead =
  /** `meetings`: the event has meetings after matching, which the presenter books on My meetings. */
  | { state: 'ready'; feedback: PresenterFeedback; meetings: boolean }
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
  const lite = await liteDb();
  const ref = doc(lite, 'events', eventId, 'feedback', presenterId ?? user.uid).withConverter(feedbackConverter);
  // The event says whether it has meetings; the page shows the feedback without that if it cannot tell.
  const meetings = getDoc(doc(lite, 'events', eventId)).then(
    (event) => (event.get('meetings') as { enabled?: unknown } | undefined)?.enabled === true,
    () => false,
  );
  try {
    const feedback = (await getDoc(ref)).data();
    return feedback ? { state: 'ready', feedback, meetings: await meetings } : { state: 'none' };
  } catch (error) {
    if (isDenied(error)) return { state: 'denied' };
    throw error;
  }
}
