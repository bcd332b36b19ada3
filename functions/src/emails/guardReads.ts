// What the result e-mails' guard reads from the database (domain/resultMailGuard.ts): the event's
// stored ratings, and the review the admin confirmed. Shared by the review reaction and the run.

import type { Firestore } from 'firebase-admin/firestore';
import type { ResultRecipient } from '../../../domain/emailingRun.js';
import type { ConfirmedReview, StoredRating } from '../../../domain/resultMailGuard.js';
import { record, text } from '../values.js';

/** The event's stored ratings, as the guard reads them (only the fields it needs). */
export async function eventRatings(firestore: Firestore, eventId: string): Promise<StoredRating[]> {
  const answers = await firestore
    .collection('responses')
    .where('event_id', '==', eventId)
    .select('provider_id', 'presenter_id', 'rating')
    .get();
  return answers.docs.map((doc) => {
    const rating: unknown = doc.get('rating');
    return {
      provider_id: text(doc.get('provider_id')),
      presenter_id: text(doc.get('presenter_id')),
      rating: typeof rating === 'number' ? rating : null,
    };
  });
}

const recipientRef = (value: unknown): Pick<ResultRecipient, 'role' | 'email'> | null => {
  const data = record(value);
  const role = data.role === 'presenter' || data.role === 'provider' ? data.role : null;
  return role && typeof data.email === 'string' ? { role, email: data.email } : null;
};

/** The review the admin confirmed for the event's run, or null when Send was not pressed on a review. */
export async function confirmedReview(firestore: Firestore, eventId: string): Promise<ConfirmedReview | null> {
  const data = (await firestore.collection('email_reviews').doc(eventId).get()).data();
  const confirmed = record(data?.confirmed);
  if (data?.state !== 'ready' || !data.review_id || confirmed.review_id !== data.review_id) return null;
  const list = (value: unknown) => (Array.isArray(value) ? value.map(recipientRef).filter((ref) => ref !== null) : []);
  return { recipients: list(data.recipients), excluded: list(confirmed.excluded) };
}
