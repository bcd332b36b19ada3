// The recipients review before result e-mails go out (docs/email.md, "The review before sending"):
// the admin's Send Emails asks the server for the list (email_reviews/{eventId} with a new
// `requested_at`), the server answers on the same document with who gets a mail, who is left out
// and why, and one mail of each kind as it will be sent; the admin leaves addresses out and
// confirms, and the run sends exactly that list (domain/resultMailGuard.ts). The app, the rules
// tests and the server reactions share this shape.

import type { ResultRecipient } from './emailingRun.js';
import type { LeftOutRecipient } from './resultMailGuard.js';

/** A recipient as the review lists it. */
export type ReviewRecipient = Pick<ResultRecipient, 'role' | 'email' | 'first_name' | 'last_name'>;

/** One mail as it will be sent: to whom, its subject and its plain-text part. */
export interface MailPreview {
  to: string;
  subject: string;
  text: string;
}

/** email_reviews/{eventId}: the admin writes the request and the confirmation; the server the rest. */
export interface EmailReviewDocument<Time = unknown> {
  /** A new value is a new request (the server's time, set by the admin's client). */
  requested_at: Time;
  requested_by: string;
  /** Absent while the server has not answered this request. */
  state?: 'ready' | 'failed';
  /** Names this answer: a confirmation names the answer it confirms. */
  review_id?: string;
  at?: Time;
  /** Why no list could be made, when 'failed'. */
  reason?: string;
  recipients?: ReviewRecipient[];
  left_out?: LeftOutRecipient[];
  /** The guard's limit and what it is made of. */
  raters?: number;
  presenters?: number;
  limit?: number;
  previews?: { presenter: MailPreview | null; provider: MailPreview | null };
  /** The admin's Send: the answer confirmed and the addresses left out of it. */
  confirmed?: { review_id: string; excluded: Pick<ResultRecipient, 'role' | 'email'>[]; at: Time; by: string };
}

/** Whether the server owes this document an answer: requested, and not yet answered. */
export function reviewDue(review: Partial<EmailReviewDocument> | undefined): boolean {
  return review?.requested_at !== undefined && review.state === undefined;
}
