// The recipients review (docs/email.md, "The review before sending"): when an admin asks for it
// (email_reviews/{eventId} with a new `requested_at`), read the event's final matches and stored
// answers as the e-mail run will, apply the guard (domain/resultMailGuard.ts) and write back who
// gets a mail, who is left out and why, the event's limit, and one mail of each kind rendered as it
// will be sent. The answer is written only while the request is the one it answers, so a newer
// request is never overwritten by an older answer.

import { randomUUID } from 'node:crypto';
import { FieldValue, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import type { EmailReviewDocument, MailPreview } from '../../../domain/emailReview.js';
import { reviewDue } from '../../../domain/emailReview.js';
import type { ResultRecipient } from '../../../domain/emailingRun.js';
import { guardResultRecipients, roundPresenterIds } from '../../../domain/resultMailGuard.js';
import type { Mailer } from '../mail/transport.js';
import { eventRatings } from './guardReads.js';
import { feedbackByEmail, finalMatchOf, renderFor, resultMailEvent } from './runEmailing.js';
import { isRecord, record } from '../values.js';

/** What became of one call: answered, nothing owed, or the event gone. */
export type ReviewOutcome =
  { state: 'ready'; recipients: number; leftOut: number } | { state: 'failed'; reason: string } | { state: 'skipped' };

/** Answers the event's review request when one is owed. Throws only when Firestore does. */
export async function reviewRecipients(firestore: Firestore, eventId: string, mailer: Mailer): Promise<ReviewOutcome> {
  const ref = firestore.collection('email_reviews').doc(eventId);
  const request = await ref.get();
  if (!reviewDue(request.data())) return { state: 'skipped' };
  const requestedAt = request.get('requested_at') as Timestamp;

  let answer: Partial<EmailReviewDocument<FieldValue>>;
  let outcome: ReviewOutcome;
  try {
    const built = await buildReview(firestore, eventId, mailer);
    answer = built;
    outcome = { state: 'ready', recipients: built.recipients?.length ?? 0, leftOut: built.left_out?.length ?? 0 };
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'Unknown error';
    answer = { state: 'failed', reason };
    outcome = { state: 'failed', reason };
  }
  const written = await firestore.runTransaction(async (transaction) => {
    const current = await transaction.get(ref);
    const at = current.get('requested_at') as unknown;
    // A newer request (or the review deleted) is not ours to answer.
    if (!reviewDue(current.data()) || !isTimestampEqual(at, requestedAt)) return false;
    transaction.update(ref, { ...answer, review_id: randomUUID(), at: FieldValue.serverTimestamp() });
    return true;
  });
  return written ? outcome : { state: 'skipped' };
}

const isTimestampEqual = (value: unknown, time: Timestamp): boolean =>
  isRecord(value) &&
  typeof (value as { isEqual?: unknown }).isEqual === 'function' &&
  (value as unknown as Timestamp).isEqual(time);

async function buildReview(
  firestore: Firestore,
  eventId: string,
  mailer: Mailer,
): Promise<Partial<EmailReviewDocument<FieldValue>>> {
  const event = (await firestore.collection('events').doc(eventId).get()).data();
  if (!event) throw new Error('The event does not exist.');
  const matches = await firestore.collection('final_matches').where('event_id', '==', eventId).get();
  const finals = matches.docs.map((doc) => finalMatchOf(doc.data()));
  const guarded = guardResultRecipients(finals, await eventRatings(firestore, eventId), roundPresenterIds(record(event.rounds)));
  const feedback = event.share_feedback === true ? await feedbackByEmail(firestore, eventId, matches.docs, mailer) : null;
  const mailEvent = resultMailEvent(event, eventId, mailer.appUrl);
  const preview = async (role: ResultRecipient['role']): Promise<MailPreview | null> => {
    const recipient = guarded.recipients.find((candidate) => candidate.role === role);
    if (!recipient) return null;
    const mail = await renderFor(recipient, mailEvent, mailer.organisation, feedback);
    return { to: recipient.email, subject: mail.subject, text: mail.text };
  };
  const [presenter, provider] = await Promise.all([preview('presenter'), preview('provider')]);
  return {
    state: 'ready',
    recipients: guarded.recipients.map(({ role, email, first_name, last_name }) => ({ role, email, first_name, last_name })),
    left_out: guarded.leftOut,
    raters: guarded.raters,
    presenters: guarded.presenters,
    limit: guarded.limit,
    previews: { presenter, provider },
  };
}
