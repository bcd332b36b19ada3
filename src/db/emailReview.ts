// The recipients review before result e-mails (docs/email.md, "The review before sending"): Send
// Emails asks the server for the list (email_reviews/{eventId}), follows its answer, and sends by
// confirming that answer with the addresses the admin left out and raising is_emailing in one
// transaction, so the run sends exactly what was reviewed.

import { doc, onSnapshot, runTransaction, serverTimestamp, setDoc } from 'firebase/firestore';
import type { MailPreview, ReviewRecipient } from '../../domain/emailReview';
import type { LeftOutRecipient } from '../../domain/resultMailGuard';
import { toArray, toDate, toNumberOr, toRecord, toStringOr } from './converters';
import { db } from './firebase';

/** The server's answer as the screen reads it. */
export type EmailReview =
  | { state: 'waiting' }
  | { state: 'failed'; reason: string }
  | {
      state: 'ready';
      reviewId: string;
      recipients: ReviewRecipient[];
      leftOut: LeftOutRecipient[];
      raters: number;
      presenters: number;
      limit: number;
      previews: { presenter: MailPreview | null; provider: MailPreview | null };
    };

const roleOf = (value: unknown): ReviewRecipient['role'] | null => (value === 'presenter' || value === 'provider' ? value : null);

function recipientsFrom(value: unknown): ReviewRecipient[] {
  if (!Array.isArray(value)) return [];
  return value.map(toRecord).flatMap((data) => {
    const role = roleOf(data.role);
    if (!role) return [];
    return [
      {
        role,
        email: toStringOr(data.email, ''),
        first_name: toStringOr(data.first_name, ''),
        last_name: toStringOr(data.last_name, ''),
      },
    ];
  });
}

function leftOutFrom(value: unknown): LeftOutRecipient[] {
  return toArray(value)
    .map(toRecord)
    .flatMap((data) => recipientsFrom([data]).map((recipient) => ({ ...recipient, reason: toStringOr(data.reason, '') })));
}

function previewFrom(value: unknown): MailPreview | null {
  const data = toRecord(value);
  return typeof data.to === 'string'
    ? { to: data.to, subject: toStringOr(data.subject, ''), text: toStringOr(data.text, '') }
    : null;
}

/** The stored review read defensively; only an answer to the latest request counts. */
export function emailReviewFromData(data: Record<string, unknown> | undefined): EmailReview {
  if (!data || toDate(data.requested_at) === null || data.state === undefined) return { state: 'waiting' };
  if (data.state !== 'ready') return { state: 'failed', reason: toStringOr(data.reason, 'The list could not be made.') };
  const previews = toRecord(data.previews);
  return {
    state: 'ready',
    reviewId: toStringOr(data.review_id, ''),
    recipients: recipientsFrom(data.recipients),
    leftOut: leftOutFrom(data.left_out),
    raters: toNumberOr(data.raters, 0),
    presenters: toNumberOr(data.presenters, 0),
    limit: toNumberOr(data.limit, 0),
    previews: { presenter: previewFrom(previews.presenter), provider: previewFrom(previews.provider) },
  };
}

/** Asks the server for a fresh list: the whole review replaced by the request. `uid` is the admin's. */
export async function requestEmailReview(eventId: string, uid: string): Promise<void> {
  await setDoc(doc(db, 'email_reviews', eventId), { requested_at: serverTimestamp(), requested_by: uid });
}

/** Follows the event's review. Returns the unsubscribe function. */
export function watchEmailReview(
  eventId: string,
  callback: (review: EmailReview) => void,
  onError: (error: Error) => void,
): () => void {
  // Pending writes are skipped: the request's server time reads null until the server has it.
  return onSnapshot(
    doc(db, 'email_reviews', eventId),
    (snapshot) => {
      if (!snapshot.metadata.hasPendingWrites) callback(emailReviewFromData(snapshot.data()));
    },
    onError,
  );
}

/** Thrown when the review on the server is no longer the one on the screen (another admin asked again). */
export const REVIEW_CHANGED = 'The list changed while you reviewed it. Review it again.';

/**
 * Send: confirms answer `reviewId` with `excluded` left out and raises is_emailing, in one
 * transaction. Throws when the stored answer is another one, or the write is refused.
 */
export async function sendReviewedEmails(
  eventId: string,
  reviewId: string,
  excluded: Pick<ReviewRecipient, 'role' | 'email'>[],
  uid: string,
): Promise<void> {
  const reviewRef = doc(db, 'email_reviews', eventId);
  await runTransaction(db, async (transaction) => {
    const stored = await transaction.get(reviewRef);
    if (stored.get('state') !== 'ready' || stored.get('review_id') !== reviewId) throw new Error(REVIEW_CHANGED);
    transaction.update(reviewRef, {
      confirmed: {
        review_id: reviewId,
        excluded: excluded.map(({ role, email }) => ({ role, email })),
        at: serverTimestamp(),
        by: uid,
      },
    });
    transaction.update(doc(db, 'events', eventId), { is_emailing: true });
  });
}
